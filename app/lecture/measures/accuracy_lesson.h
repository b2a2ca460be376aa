#pragma once
// The price of accuracy: the slides' r = alpha dt / h^2 <= 1/4 means that
// halving h for accuracy shrinks dt four times. For the sine field the heat
// equation's exact solution is known (kernels/numerics/exact_solution.h),
// so the lecture measures the run's error against it as it goes; "halve h"
// then runs the same physical time on a grid of twice the intervals at the
// same r (four times the steps on four times the cells) and shows the
// error fall about four times for sixteen times the work, both measured.
// No GL, no ImGui: LectureUi drives it, the panel shows its readout.

#include <optional>

#include "kernels/numerics/exact_solution.h"
#include "kernels/simulation.h"

namespace heatlab {

// One run measured against the exact solution.
struct AccuracyPoint {
    GridSize grid;
    long long steps = 0;
    double alphaT = 0.0;  // the physical time on [0, 2 pi]^2: r steps h^2
    ExactError error;
    // A step's time on this grid, from the newest frame timed part by part
    // that ran steps (their wait measured): the work, whatever the pace;
    // 0 while no such frame has been timed.
    double msPerStep = 0.0;
    double workSeconds() const { return 1e-3 * msPerStep * static_cast<double>(steps); }
};

struct AccuracyReadout {
    std::optional<AccuracyPoint> now;      // the running field's
    std::optional<AccuracyPoint> coarser;  // before "halve h", at the same alpha t
    long long targetSteps = 0;             // where the halved run stops (0: none)
};

class AccuracyLesson {
public:
    // Whether the running field has the exact solution: the sine field
    // with its ring held at zero.
    static bool applies(const Params& params);

    // After a frame's steps: the error of the field now, when `due` (it
    // costs the field on the host) and the step changed; cleared where the
    // field has no exact solution. `msPerStep` is the newest timed frame's
    // (0 where it ran no steps: paused, which says nothing of a step's cost,
    // so the field's last such time is kept).
    void measure(Simulation& simulation, bool due, double msPerStep);
    // "Halve h": the coarse run as it is now is kept, and the grid the run
    // goes on with returned (reset onto it); it runs to four times the
    // coarse run's steps, the same physical time.
    GridSize halve(Simulation& simulation, double msPerStep);
    // The most steps the run may take this frame before the halved run's
    // target (nothing while there is none, or once it was reached: Run
    // goes on from there).
    std::optional<long long> stepsLeft(const Simulation& simulation) const;
    // The halved run paused at its target.
    void reached() { targetField_ = -1; }

    const AccuracyReadout& readout() const { return readout_; }

private:
    // A paused frame's 0 is no measurement: the field's last time stays.
    void noteStepTime(const Simulation& simulation, double msPerStep);
    AccuracyPoint pointOf(Simulation& simulation) const;

    AccuracyReadout readout_;
    long long measuredField_ = -1;
    long long measuredStep_ = -1;
    long long targetField_ = -1;    // the field the target caps, until reached
    long long comparedField_ = -1;  // the field the comparison belongs to
    double stepMs_ = 0.0;           // the last step time measured on...
    long long stepMsField_ = -1;    // ...this field
};

}  // namespace heatlab
