#include "kernels/checks/stability_verdicts.h"

#include <algorithm>
#include <cmath>

namespace heatlab {

namespace {

std::string boundText(double bound) {
    return std::isinf(bound) ? "none" : "r = " + numberText(bound, 5);
}

StabilityVerdict finiteVerdict(const StabilityResult& s, const std::string& at) {
    if (s.finite) {
        return {"finite: " + at, true, ""};
    }
    const std::string from = "from step " + std::to_string(s.overflowStep);
    if (s.predictedGrowth > 1.0) {
        // Past the grid's bound the mode grows until the floats overflow:
        // that is the lesson, not a fault.
        return {"overflowed past this grid's bound: " + at, true,
                from + ", its checkerboard growing x" + numberText(s.predictedGrowth, 5) +
                    " a step (bound " + boundText(s.gridBound) + ")"};
    }
    return {"finite: " + at, false,
            "the field holds inf or NaN " + from + ", on a grid stable at this r"};
}

// The maximum principle holds for r <= 0.25 only, where every weight of the
// update (1 - 4r and r four times) is non-negative. Between 0.25 and the
// grid's own bound every mode still decays, but the negative centre weight
// lets max |u| rise for a while (a hot cell's neighbours overshoot), so the
// check stays at 0.25, not at the grid's bound.
StabilityVerdict principleVerdict(const StabilityResult& s, const std::string& at) {
    std::string detail = "max |u| " + numberText(s.principleStart, 6) + " -> " +
                         numberText(s.principleEnd, 6) + ", checked after every step";
    if (s.principleOverInterior) {
        detail += " (of the interior: the extrapolated ring, 2 edge - inner, may exceed it)";
    }
    return {"maximum principle: " + at, s.maxNeverGrew, detail};
}

std::string measuredOn(const StabilityResult& s) {
    switch (s.measurement) {
    case GrowthMeasurement::OwnField: return "on the run's own field";
    case GrowthMeasurement::OwnFieldLessRing:
        return "on the run's own field less a run of its Dirichlet ring alone";
    case GrowthMeasurement::Seeded:
        return "on a second run with the mode added (length " + numberText(s.seed, 3) +
               "), less the run's own field";
    }
    return "";
}

std::string behaviour(const StabilityResult& s) {
    const std::string size = "x" + numberText(s.predictedGrowth, 5) + " a step";
    if (s.predictedGrowth > 1.0) {
        return "its checkerboard grows by " + size;
    }
    if (s.predictedGrowth == 1.0) {
        return "its checkerboard keeps its size (" + size + ")";
    }
    if (s.predictedGrowth == 0.0) {
        return "its checkerboard dies in one step";
    }
    return "its checkerboard decays by " + size;
}

StabilityVerdict growthVerdict(const StabilityResult& s, const std::string& at) {
    const std::string name =
        (s.predictedGrowth > 1.0 ? "unstable on this grid: " : "stable on this grid: ") + at;
    const std::string predicted = "predicted " + numberText(s.predictedGrowth, 6) +
                                  " (|1 - 8r| = " + numberText(s.infiniteGridGrowth, 6) +
                                  "; bound " + boundText(s.gridBound) + ")";
    if (!(s.modeAtStart > 0.0)) {
        // A field that holds none of the mode gets it added, so this takes a
        // seed that vanished; nothing was measured, and nothing is wrong.
        return {name, true, "nothing to measure: the field holds none of the mode, " + predicted};
    }
    if (std::isnan(s.measuredGrowth)) {
        return {name, false,
                "not measurable (the field overflowed before step " +
                    std::to_string(s.measuredSteps) + "), " + predicted};
    }
    return {name, growthMatches(s.measuredGrowth, s.predictedGrowth),
            behaviour(s) + ": measured " + numberText(s.measuredGrowth, 6) + ", " + predicted +
                ", over steps 0 to " + std::to_string(s.measuredSteps) + " " + measuredOn(s)};
}

}  // namespace

bool growthMatches(double measured, double predicted) {
    return std::fabs(measured - predicted) <=
           kGrowthTolerance * std::max(predicted, kGrowthResolution);
}

std::vector<StabilityVerdict> stabilityVerdicts(const StabilityResult& s) {
    const std::string at = "r = " + numberText(s.r, 4);
    std::vector<StabilityVerdict> verdicts{finiteVerdict(s, at)};
    if (s.r <= kStabilityBound) {
        verdicts.push_back(principleVerdict(s, at));
    }
    verdicts.push_back(growthVerdict(s, at));
    return verdicts;
}

}  // namespace heatlab
