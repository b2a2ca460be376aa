#include "app/lecture/field_watch.h"

#include <cmath>
#include <cstdio>

namespace heatlab {

void FieldWatch::frame(Simulation& simulation, LectureSettings& settings, PanelReadouts& readouts) {
    Backend& backend = simulation.backend();
    use(backend.finishedMeasures(), simulation, settings, readouts);
    if (backend.requestMeasures(simulation.stepCount())) {
        pending_ = Pending{simulation.fieldCount(), simulation.params().r};
    }
    use(backend.finishedMeasures(), simulation, settings, readouts);
}

void FieldWatch::use(const std::optional<FieldMeasures>& measures, const Simulation& simulation,
                     LectureSettings& settings, PanelReadouts& readouts) {
    // Measured on a field since replaced (a reset, a scene): not this one's.
    if (!measures || pending_.field != simulation.fieldCount()) {
        return;
    }
    readouts.maxAbs = measures->maxAbs;
    newestField_ = pending_.field;
    newest_ = AmplitudeSample{measures->tag, static_cast<double>(measures->maxAbs)};
    readouts.stability.add(measures->tag, measures->maxAbs, measures->checkerboard, pending_.r);
    if (!std::isfinite(measures->maxAbs) && settings.running) {
        settings.running = false;
        readouts.message = overflowMessage(measures->tag, measures->maxAbs, simulation.params().r);
    }
}

AmplitudeSample FieldWatch::newest(Simulation& simulation) {
    if (newestField_ != simulation.fieldCount()) {
        newestField_ = simulation.fieldCount();
        newest_ = AmplitudeSample{simulation.stepCount(),
                                  static_cast<double>(simulation.backend().maxAbs())};
    }
    return newest_;
}

std::string overflowMessage(long long step, float maxAbs, double r) {
    char why[256];
    std::snprintf(why, sizeof why,
                  "paused at step %lld: the field overflowed (max |u| is %s). The centre weight "
                  "1 - 4r = %.4g %s",
                  step, std::isnan(maxAbs) ? "NaN" : "infinite", 1.0 - 4.0 * r,
                  r > kStabilityBound ? "is negative: the checkerboard grew by |1 - 8r| a step"
                                      : "is not negative: this overflow came from the field");
    return why;
}

}  // namespace heatlab
