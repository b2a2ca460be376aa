#pragma once
// The stability experiment of the lesson: many steps at one r, watching max
// |u| (which the maximum principle forbids to grow for r <= 0.25) and the
// grid's highest-frequency mode, the checkerboard family, whose factor per
// step is the grid's own (kernels/numerics/grid_modes.h): |1 - 8r| on the
// infinite grid, less on a finite one.

#include "kernels/backend.h"
#include "kernels/numerics/params.h"

namespace heatlab {

// What the growth was measured on (see runStability()).
enum class GrowthMeasurement {
    OwnField,          // the run's own field
    OwnFieldLessRing,  // the run's own field less a run of its Dirichlet ring alone
    Seeded,            // a second run with the mode added, less the run's own field
};

struct StabilityResult {
    float r = 0.0f;
    double centreWeight = 0.0;        // 1 - 4r
    double infiniteGridGrowth = 0.0;  // |1 - 8r|, the lesson's value
    // The grid's highest mode: its factor per step (negative past r = 1 /
    // |lx + ly|: it flips sign every step), its size (the growth the
    // measurement is checked against) and the grid's bound, the largest r
    // at which that size is <= 1 (+infinity where none).
    double factor = 0.0;
    double predictedGrowth = 0.0;
    double gridBound = 0.0;
    // |the mode's coordinates at step measuredSteps / at step 0| ^ (1 /
    // measuredSteps): the growth per step. NaN when there was nothing to
    // measure (modeAtStart 0: the field, seed and all, held none of the
    // mode) or the field overflowed before the measuring step.
    double measuredGrowth = 0.0;
    double modeAtStart = 0.0;  // the length of the coordinates at step 0
    int measuredSteps = 0;
    GrowthMeasurement measurement = GrowthMeasurement::OwnField;
    double seed = 0.0;  // the added mode's length (Seeded only)
    // The rest is of the run's own field, never of a second run.
    float maxAbsStart = 0.0f;
    float maxAbsEnd = 0.0f;
    bool finite = true;
    long long overflowStep = 0;  // the first step whose max |u| is not finite; 0 if none
    // The maximum principle's watch: max |u| over the cells it speaks of
    // (the whole field; the interior under extrapolate, whose ring holds
    // 2 edge - inner and may exceed the interior), after every step.
    bool principleOverInterior = false;
    float principleStart = 0.0f;
    float principleEnd = 0.0f;
    // That max |u| never rose above its value one step earlier (plus
    // rounding slack).
    bool maxNeverGrew = true;
};

// max |u| may rise by this much in one step and still count as not
// growing: float rounding against a bound that a real violation breaks by
// orders of magnitude.
constexpr float kMaxPrincipleSlack = 1e-5f;

// The measured growth matches the grid's predicted one within this,
// relative; for a factor near 0 (the mode all but dies in one step), within
// this much of kGrowthResolution: a float step resolves the factor no finer.
constexpr double kGrowthTolerance = 1e-3;
constexpr double kGrowthResolution = 1e-2;

// The measurement is over steps 0 .. k, k at most the run's steps and as
// long as the mode stays measurable: falling by at most kMeasuredDecay
// (rounding, about 1e-7 of the field a step, must stay far below it) and
// growing by at most kMeasuredGrowth (far from float's overflow at 3e38).
constexpr double kMeasuredDecay = 1e-3;
constexpr double kMeasuredGrowth = 1e20;

// The field's own coordinates on the mode are measured when they are at
// least kOwnModeShare of the interior's length (and of 1); a field holding
// less (blank, the sine, whose symmetry cancels them, a large hot square)
// is measured on a second run with the mode added at the interior's length
// (at least 1), less the run's own field: linearity leaves exactly the
// added mode, and cancels a Dirichlet ring's constant input too.
constexpr double kOwnModeShare = 1e-2;

// Uploads params' initial field and runs `steps` steps of params.kernel at
// params.r, watching max |u| after every step; the growth measured from the
// host copies of the field at step 0 and step k only (and of a second run,
// where one is needed: see above; a field whose Dirichlet ring is not 0 is
// measured less a run of that ring alone).
StabilityResult runStability(Backend& backend, const Params& params, int steps);

// The k of the measurement for a factor and a run of `steps` steps.
int measuredSpan(double factor, int steps);

}  // namespace heatlab
