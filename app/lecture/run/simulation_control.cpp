#include "app/lecture/run/simulation_control.h"

#include <exception>
#include <memory>

#include "app/i18n/translation.h"
#include "app/lecture/panel/panel_edits.h"
#include "kernels/backend_factory.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

bool sameGrid(const GridSize& a, const GridSize& b) { return a.nx == b.nx && a.ny == b.ny; }

}  // namespace

BackendChoice choiceOf(const Backend& backend) {
    return backend.facts().name == name(BackendChoice::Cuda) ? BackendChoice::Cuda
                                                             : BackendChoice::Cpu;
}

SimulationControl::SimulationControl(Simulation& simulation, LectureSettings& settings)
    : simulation_(simulation), settings_(settings) {
    settings_.backend = choiceOf(simulation_.backend());
}

ControlOutcome SimulationControl::switchBackend() {
    const BackendChoice wanted = settings_.backend;
    if (wanted == choiceOf(simulation_.backend())) {
        return {};
    }
    ControlOutcome outcome;
    try {
        const std::unique_ptr<Backend> previous =
            simulation_.switchBackend(makeBackend(wanted).backend);
        outcome.notice = Notice::info("switched to " + simulation_.backend().facts().name +
                                      " at step " + std::to_string(simulation_.stepCount()));
    } catch (const std::exception& e) {
        outcome.notice = Notice::info(std::string("backend not switched: ") + e.what());
    }
    settings_.backend = choiceOf(simulation_.backend());
    return outcome;
}

ControlOutcome SimulationControl::reset() {
    // A grid edited away from the scene's for this backend is the
    // lecturer's own: the scene's grid per backend no longer says it.
    if (settings_.grids &&
        !sameGrid(settings_.grids->on(choiceOf(simulation_.backend())), settings_.params.grid)) {
        settings_.grids.reset();
    }
    const GridSize running = simulation_.params().grid;
    const bool newGrid = !sameGrid(running, settings_.params.grid);
    if (newGrid) {
        try {
            Simulation::requireRunnable(simulation_.backend(), settings_.params);
        } catch (const UsageError& e) {
            settings_.params.grid = running;
            return {Notice::info(std::string("not reset: ") + e.what()), false};
        }
    }
    try {
        applyPanelEdits(simulation_, settings_.params, true);
    } catch (const std::exception& e) {
        // Passed the check but still failed (another program took the memory
        // meanwhile): the simulation kept its field, and so does the lecture.
        settings_.params.grid = running;
        return {Notice::info(std::string("not reset: ") + e.what() + "; the " +
                             std::to_string(running.nx) + " x " + std::to_string(running.ny) +
                             " grid and its field are kept"),
                false};
    }
    return {std::nullopt, newGrid};
}

void SimulationControl::applyEdits() { applyPanelEdits(simulation_, settings_.params, false); }

void SimulationControl::applyCopyPolicy() {
    const CopyPolicy copy = copyPolicyOf(settings_);
    if (copy.every != appliedCopy_.every || copy.memory != appliedCopy_.memory) {
        simulation_.setCopyPolicy(copy);
        appliedCopy_ = copy;
    }
}

ControlOutcome SimulationControl::applyScene(const Scene& scene) {
    // The scene's grid for this backend, where it gives one per backend.
    LessonSettings lesson = scene.settings;
    lesson.useGridFor(choiceOf(simulation_.backend()));
    const Params& params = lesson.params;
    Simulation::requireRunnable(simulation_.backend(), params);
    const GridSize before = simulation_.params().grid;
    // The field first: when it cannot be made the simulation keeps its own
    // (Simulation::reset) and nothing here has changed yet.
    applyPanelEdits(simulation_, params, true);
    // The lesson's settings only: the machine's are not in a scene.
    static_cast<LessonSettings&>(settings_) = lesson;
    return {std::nullopt, !sameGrid(before, params.grid)};
}

SimulationControl::MovedToCpu SimulationControl::moveToCpu(Params running, bool sameField,
                                                           const std::string& why) {
    std::unique_ptr<Backend> cpu = makeBackend(BackendChoice::Cpu).backend;
    std::string kernelNote;
    if (!cpu->hasKernel(running.kernel)) {
        kernelNote = trf("; the %s kernel is not on the CPU, so %s runs", name(running.kernel),
                         name(Kernel::Global));
        running.kernel = Kernel::Global;
    }
    if (!cpu->hasKernel(settings_.params.kernel)) {
        settings_.params.kernel = running.kernel;
    }
    simulation_.setParams(running);
    MovedToCpu moved;
    if (sameField) {
        // A device lost is not always a field lost: where it can still be
        // read (the loss was not CUDA's, or not yet everywhere), it goes on.
        try {
            cpu = simulation_.switchBackend(std::move(cpu));
            moved.fieldKept = true;
        } catch (const std::exception&) {
            // The field cannot be read: the CPU backend offered went with
            // the refused switch, and another is made below.
        }
    }
    if (!moved.fieldKept) {
        (void)simulation_.restartOn(cpu ? std::move(cpu) : makeBackend(BackendChoice::Cpu).backend);
    }
    settings_.backend = BackendChoice::Cpu;
    const std::string goesOn =
        moved.fieldKept
            ? trf("the lecture goes on on the CPU at step %lld", simulation_.stepCount())
            : std::string(
                  tr("the lecture goes on on the CPU, its field made anew from the scene at "
                     "step 0"));
    moved.notice =
        Notice::info(trf("the CUDA device failed and cannot be used again in this run (%s): %s%s",
                         why.c_str(), goesOn.c_str(), kernelNote.c_str()),
                     tr("the GPU failed: the lecture goes on on the CPU"));
    return moved;
}

Notice SimulationControl::sceneLoaded(const std::string& what) const {
    const std::string loaded = trf("loaded scene %s", what.c_str());
    std::string message = loaded;
    const BackendFacts& facts = simulation_.backend().facts();
    if (settings_.copyEvery > 0 && facts.fieldInHostMemory) {
        message +=
            trf("; on the %s backend the field already lives in host memory, so each copy "
                "back is a memcpy with no PCIe link to cross",
                facts.name.c_str());
    }
    return Notice::info(message, loaded);
}

std::string SimulationControl::backendText() const {
    const BackendFacts& facts = simulation_.backend().facts();
    return trf("backend: %s on %s", facts.name.c_str(), facts.device.c_str());
}

}  // namespace heatlab
