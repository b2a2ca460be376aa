#include "app/lecture/measures/accuracy_lesson.h"

#include <algorithm>
#include <vector>

namespace heatlab {

bool AccuracyLesson::applies(const Params& params) {
    return params.initial == InitialCondition::Sine && params.boundary == Boundary::Dirichlet;
}

void AccuracyLesson::noteStepTime(const Simulation& simulation, double msPerStep) {
    if (msPerStep > 0.0) {
        stepMs_ = msPerStep;
        stepMsField_ = simulation.fieldCount();
    }
}

AccuracyPoint AccuracyLesson::pointOf(Simulation& simulation) const {
    const Params& p = simulation.params();
    AccuracyPoint point;
    point.grid = p.grid;
    point.steps = simulation.stepCount();
    point.alphaT = sinePhysicalTime(p.grid, p.r, point.steps);
    // The simulation's own host copy, not a second one.
    const std::vector<float>& field = simulation.fieldOnHost();
    point.error = errorAgainstExactSine(field.data(), p.grid, p.r, point.steps);
    point.msPerStep = stepMsField_ == simulation.fieldCount() ? stepMs_ : 0.0;
    return point;
}

void AccuracyLesson::measure(Simulation& simulation, bool due, double msPerStep) {
    if (!applies(simulation.params())) {
        readout_ = AccuracyReadout{};
        return;
    }
    if (readout_.coarser && simulation.fieldCount() != comparedField_) {
        // A field since replaced (a reset, a scene): the comparison is over.
        readout_.coarser.reset();
        readout_.targetSteps = 0;
        targetField_ = -1;
    }
    noteStepTime(simulation, msPerStep);
    const bool changed =
        simulation.fieldCount() != measuredField_ || simulation.stepCount() != measuredStep_;
    const bool atTarget =
        readout_.targetSteps > 0 && simulation.stepCount() == readout_.targetSteps;
    if (changed && (due || atTarget)) {
        readout_.now = pointOf(simulation);
        measuredField_ = simulation.fieldCount();
        measuredStep_ = simulation.stepCount();
    }
}

GridSize AccuracyLesson::halve(Simulation& simulation, double msPerStep) {
    noteStepTime(simulation, msPerStep);
    AccuracyPoint coarse = pointOf(simulation);
    readout_.targetSteps = 4 * coarse.steps;
    readout_.coarser = coarse;
    readout_.now.reset();
    // The reset that follows makes the next field: the target is its.
    targetField_ = simulation.fieldCount() + 1;
    comparedField_ = targetField_;
    return halvedSpacing(simulation.params().grid);
}

std::optional<long long> AccuracyLesson::stepsLeft(const Simulation& simulation) const {
    if (readout_.targetSteps <= 0 || simulation.fieldCount() != targetField_) {
        return std::nullopt;
    }
    return std::max(0LL, readout_.targetSteps - simulation.stepCount());
}

}  // namespace heatlab
