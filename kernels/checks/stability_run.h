#pragma once
// The stability experiment of the lesson: many steps at one r, watching max |u|
// (which the maximum principle forbids to grow for r <= 0.25) and the
// checkerboard mode (which grows by |1 - 8r| per step past 0.25).

#include "kernels/backend.h"
#include "kernels/numerics/params.h"

namespace heatlab {

struct StabilityResult {
    float r = 0.0f;
    double centreWeight = 0.0;     // 1 - 4r
    double predictedGrowth = 0.0;  // |1 - 8r|, the checkerboard's factor per step
    double measuredGrowth = 0.0;   // of the checkerboard mode over the last quarter
    float maxAbsStart = 0.0f;
    float maxAbsEnd = 0.0f;
    bool finite = true;
    // max |u| never rose above its value one step earlier (plus rounding slack).
    bool maxNeverGrew = true;
};

// max |u| may rise by this much in one step and still count as not
// growing: float rounding against a bound that a real violation breaks by
// orders of magnitude.
constexpr float kMaxPrincipleSlack = 1e-5f;

// The checkerboard's measured growth matches |1 - 8r| within this.
constexpr double kGrowthTolerance = 0.01;

// Uploads params' initial field and runs `steps` steps of params.kernel at r.
StabilityResult runStability(Backend& backend, const Params& params, float r, int steps);

}  // namespace heatlab
