#include "app/lecture/panel/panel_edits.h"

#include <algorithm>
#include <cmath>

#include "app/kernel_files/class_kernels.h"

namespace heatlab {

void PanelActions::merge(const PanelActions& other) {
    reset = reset || other.reset;
    singleStep = singleStep || other.singleStep;
    screenshot = screenshot || other.screenshot;
    quit = quit || other.quit;
    lockRangeToField = lockRangeToField || other.lockRangeToField;
    fitView = fitView || other.fitView;
    measureBandwidth = measureBandwidth || other.measureBandwidth;
    cancelBandwidth = cancelBandwidth || other.cancelBandwidth;
    nextCue = nextCue || other.nextCue;
    previousCue = previousCue || other.previousCue;
    toggleLoupe = toggleLoupe || other.toggleLoupe;
    toggleSplit = toggleSplit || other.toggleSplit;
    paneBAsA = paneBAsA || other.paneBAsA;
    toggleRecording = toggleRecording || other.toggleRecording;
    halveSpacing = halveSpacing || other.halveSpacing;
    saveScene = saveScene || other.saveScene;
    openScene = openScene || other.openScene;
    if (other.reloadKernel) {
        reloadKernel = other.reloadKernel;
    }
}

float steppedR(float r, int thousandths) {
    const double steps = std::round(static_cast<double>(r) * 1000.0) + thousandths;
    const double clamped = std::clamp(steps, 1.0, 1000.0 * kRMax);
    // Rounded in double, then to the nearest float: 250 steps is 0.25f exactly.
    return static_cast<float>(clamped / 1000.0);
}

float acceptedR(float typed, float previous) { return rInRange(typed) ? typed : previous; }

Params paramsToRun(const Params& running, const Params& edited, bool reset) {
    Params next = running;
    if (reset) {
        next = edited;
    } else {
        next.kernel = edited.kernel;
        next.timeBlock = edited.timeBlock;
        next.r = edited.r;
    }
    // A class kernel still compiling (a cue's, a scene's) runs once it is
    // checked: until then the field goes on with the kernel it runs, and the
    // frame never waits for a compile.
    if (!classKernelReady(next.kernel)) {
        next.kernel = running.kernel;
    }
    return next;
}

bool pendingOnReset(const Params& running, const Params& edited) {
    return running.grid.nx != edited.grid.nx || running.grid.ny != edited.grid.ny ||
           running.boundary != edited.boundary || running.initial != edited.initial;
}

void applyPanelEdits(Simulation& simulation, const Params& edited, bool reset) {
    simulation.setParams(paramsToRun(simulation.params(), edited, reset));
    if (reset) {
        simulation.reset();
    }
}

int stepsThisFrame(const LectureSettings& settings, const PanelActions& actions) {
    if (settings.running) {
        return settings.stepsPerFrame;
    }
    return actions.singleStep ? 1 : 0;
}

}  // namespace heatlab
