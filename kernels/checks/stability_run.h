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
    // Of the checkerboard mode per step over the last quarter. NaN when there
    // was nothing left to measure: the field overflowed, or the mode died out
    // (at r = 1/8 one step removes it).
    double measuredGrowth = 0.0;
    // 0 when the growth was measured on the run's own field; otherwise the
    // amplitude of the checkerboard added to the initial field for a second
    // run that measured it (see kCheckerboardSeed).
    double checkerboardSeed = 0.0;
    // The rest is of the run's own field, never of a seeded one.
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

// The growth can only be measured on a field that holds the checkerboard
// mode. A blank field holds none, and a field symmetric about the centre like
// the sine holds exactly none (its projection cancels), so rounding never
// seeds it either. The measurement field is therefore:
// - the run's own field when its initial checkerboard amplitude is at least
//   kCheckerboardSeed * max(1, max |u|);
// - otherwise the initial field plus a checkerboard of that amplitude,
//   (-1)^(row + col) on the interior with the sign of the field's own, in a
//   second run of the same steps. The first run still gives max |u| and
//   finiteness, so the seed never touches those checks (a seeded blank field
//   under an extrapolating boundary would have its ring's max |u| rise).
// The seed is far above float rounding, so it, not noise, is what grows.
constexpr double kCheckerboardSeed = 1e-4;

// Uploads params' initial field and runs `steps` steps of params.kernel at
// params.r, with a second, seeded run for the growth when needed (above).
StabilityResult runStability(Backend& backend, const Params& params, int steps);

}  // namespace heatlab
