#pragma once
// What a stability run (stability_run.h) is checked for, as the bench
// prints it: each check's name, verdict and detail. Kept beside the run
// rather than in the bench, so the tests hold the bench's own verdicts on
// any grid without starting the program.

#include <string>
#include <vector>

#include "kernels/checks/stability_run.h"

namespace heatlab {

struct StabilityVerdict {
    std::string name;
    bool passed = false;
    std::string detail;
};

// finite (or, past the grid's bound, overflowing as it must), the maximum
// principle where r <= 0.25, and the growth of the grid's highest mode
// against its prediction, at every r.
std::vector<StabilityVerdict> stabilityVerdicts(const StabilityResult& run);

// Whether a measured growth matches the predicted one (kGrowthTolerance).
bool growthMatches(double measured, double predicted);

}  // namespace heatlab
