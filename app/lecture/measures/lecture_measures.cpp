#include "app/lecture/measures/lecture_measures.h"

#include <algorithm>
#include <exception>
#include <string>

#include "app/i18n/translation.h"
#include "app/lecture/run/simulation_control.h"
#include "kernels/backend_factory.h"

namespace heatlab {

void LectureMeasures::afterSteps(Simulation& simulation, PaneReadouts& shown, int steps, bool timed,
                                 double now) {
    accuracy_.measure(simulation, timed || steps == 0, timedMsPerStep(shown));
    shown.accuracy = accuracy_.readout();
    shown.running = simulation.params();
    shown.steps = simulation.stepCount();
    Rates rates{shown.frameMs, shown.stepsPerSecond, shown.copyGBs};
    if (rates_.frame(now, steps, simulation.bytesCopiedBack(), rates)) {
        shown.frameMs = rates.frameMs;
        shown.stepsPerSecond = rates.stepsPerSecond;
        shown.copyGBs = rates.copyGBs;
    }
    shown.roofline = runningKernelOf(simulation, shown.stepsPerSecond, shown.copyGBs);
}

void LectureMeasures::showMemory(const Simulation& simulation, const GridSize& edited,
                                 LectureReadouts& shown, double now) {
    const bool sameGrid = shown.memory && shown.memory->plan.grid.nx == edited.nx &&
                          shown.memory->plan.grid.ny == edited.ny;
    if (sameGrid && now - memoryShownAt_ < 1.0) {
        return;
    }
    const Backend& backend = simulation.backend();
    shown.memory = MemoryReadout{memoryPlan(backend, edited), freeMemory(backend)};
    memoryShownAt_ = now;
}

std::optional<Notice> LectureMeasures::startBandwidth(Simulation& simulation) {
    try {
        bandwidth_.start(simulation.params(), makeBackend(choiceOf(simulation.backend())).backend);
    } catch (const std::exception& e) {
        return Notice::info(trf("bandwidth not measured: %s", e.what()));
    }
    return std::nullopt;
}

void LectureMeasures::advanceBandwidth(Simulation& simulation, bool waitForRow,
                                       const std::function<void()>& finishDrawing) {
    const auto beforeRow = [&] {
        simulation.backend().synchronize();
        finishDrawing();
    };
    if (waitForRow) {
        bandwidth_.measureRow(beforeRow);
    } else {
        bandwidth_.advance(beforeRow);  // also lets a cancelled survey's last row go
    }
}

bool LectureMeasures::halve(LectureSettings& settings, Simulation& simulation,
                            const PaneReadouts& shown) {
    if (!AccuracyLesson::applies(simulation.params())) {
        return false;
    }
    settings.params.grid = accuracy_.halve(simulation, timedMsPerStep(shown));
    settings.running = true;
    return true;
}

std::optional<Notice> LectureMeasures::capAtAccuracyTarget(const Simulation& simulation, int& steps,
                                                           bool& running) {
    const std::optional<long long> left = accuracy_.stepsLeft(simulation);
    if (!left) {
        return std::nullopt;
    }
    steps = static_cast<int>(std::min<long long>(steps, *left));
    if (*left > 0 || !running) {
        return std::nullopt;
    }
    running = false;
    accuracy_.reached();
    return Notice::info(tr("h / 2 has run the same alpha t: its error against the exact "
                           "solution is in the Accuracy section"),
                        tr("h / 2: the same time reached (Accuracy)"));
}

double timedMsPerStep(const PaneReadouts& shown) {
    const std::optional<FrameStats>& timed = shown.breakdown;
    return timed && timed->stepsTimed > 0 ? timed->stepsMs / timed->stepsTimed : 0.0;
}

}  // namespace heatlab
