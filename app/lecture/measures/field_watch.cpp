#include "app/lecture/measures/field_watch.h"

#include <cmath>
#include <cstdio>

#include "app/i18n/translation.h"
#include "kernels/numerics/grid_modes.h"

namespace heatlab {

namespace {

// Why the field overflowed, from the grid's own bound: past it the
// checkerboard grows by the grid's own factor (|1 - 8r| only on the
// infinite grid); within it no mode grows, so the overflow came from the
// field (a painted value near float's limit).
std::string gridVerdict(const Params& p) {
    const double r = p.r;
    const double growth = std::fabs(highestModeFactor(p.grid, p.boundary, r));
    char why[256];
    if (growth > 1.0) {
        std::snprintf(why, sizeof why,
                      "Past this grid's bound r = %.4f its checkerboard grew x%.4f a step "
                      "(|1 - 8r| = %.4f on the infinite grid).",
                      gridStabilityBound(p.grid, p.boundary), growth,
                      std::fabs(infiniteGridFactor(r)));
    } else {
        std::snprintf(why, sizeof why,
                      "This grid is stable at this r (its checkerboard decays x%.4f a step): "
                      "this overflow came from the field.",
                      growth);
    }
    return why;
}

}  // namespace

std::optional<Notice> FieldWatch::frame(Simulation& simulation, LectureSettings& settings,
                                        PaneReadouts& readouts, bool withSpot) {
    Backend& backend = simulation.backend();
    std::optional<Notice> paused = use(backend.finishedMeasures(), simulation, settings, readouts);
    if (backend.requestMeasures(simulation.stepCount(), withSpot)) {
        pending_ = Pending{simulation.fieldCount(), simulation.params().r};
    }
    if (std::optional<Notice> now =
            use(backend.finishedMeasures(), simulation, settings, readouts)) {
        paused = now;
    }
    return paused;
}

std::optional<Notice> FieldWatch::use(const std::optional<FieldMeasures>& measures,
                                      const Simulation& simulation, LectureSettings& settings,
                                      PaneReadouts& readouts) {
    // Measured on a field since replaced (a reset, a scene): not this one's.
    if (!measures || pending_.field != simulation.fieldCount()) {
        return std::nullopt;
    }
    readouts.maxAbs = measures->maxAbs;
    spot_ = measures->spot;
    spotField_ = pending_.field;
    // A measure taken meanwhile (measureNow) may be newer than this one.
    if (newestField_ != pending_.field || measures->tag >= newest_.step) {
        newestField_ = pending_.field;
        newest_ = AmplitudeSample{measures->tag, static_cast<double>(measures->maxAbs)};
    }
    readouts.stability.add(measures->tag, measures->maxAbs, measures->checkerboard, pending_.r);
    if (!std::isfinite(measures->maxAbs) && settings.running) {
        settings.running = false;
        const std::string overflow =
            overflowMessage(measures->tag, measures->maxAbs, simulation.params().r);
        return Notice::pause(overflow + " " + gridVerdict(simulation.params()), overflow);
    }
    return std::nullopt;
}

CellSpot FieldWatch::spot(const Simulation& simulation) const {
    return spotField_ == simulation.fieldCount() ? spot_ : CellSpot{};
}

AmplitudeSample FieldWatch::newest(Simulation& simulation) {
    return newestField_ == simulation.fieldCount() ? newest_ : measureNow(simulation);
}

std::optional<long long> FieldWatch::stepsLeft(Simulation& simulation, double factor,
                                               AmplitudeSample& measured) {
    const long long step = simulation.stepCount();
    measured = std::fabs(factor) > 1.0 ? newest(simulation) : AmplitudeSample{};
    std::optional<long long> left = stepsBeforePause(factor, measured, step);
    if (left && *left == 0 && measured.step < step) {
        // Waits for the device, near the pause only.
        measured = measureNow(simulation);
        left = stepsBeforePause(factor, measured, step);
    }
    return left;
}

AmplitudeSample FieldWatch::measureNow(Simulation& simulation) {
    newestField_ = simulation.fieldCount();
    newest_ =
        AmplitudeSample{simulation.stepCount(), static_cast<double>(simulation.backend().maxAbs())};
    return newest_;
}

std::string overflowMessage(long long step, float maxAbs, double r) {
    // Whole sentences for the translation, one for each case.
    const bool nan = std::isnan(maxAbs);
    const bool negative = r > kStabilityBound;
    const double centre = 1.0 - 4.0 * r;
    if (negative) {
        return nan ? trf("paused at step %lld: the field overflowed (max |u| is NaN). The centre "
                         "weight 1 - 4r = %.4g is negative.",
                         step, centre)
                   : trf("paused at step %lld: the field overflowed (max |u| is infinite). The "
                         "centre weight 1 - 4r = %.4g is negative.",
                         step, centre);
    }
    return nan ? trf("paused at step %lld: the field overflowed (max |u| is NaN). The centre "
                     "weight 1 - 4r = %.4g is not negative.",
                     step, centre)
               : trf("paused at step %lld: the field overflowed (max |u| is infinite). The "
                     "centre weight 1 - 4r = %.4g is not negative.",
                     step, centre);
}

}  // namespace heatlab
