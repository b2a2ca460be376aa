#pragma once
// What the panel and the keys ask the lecture to do, as plain data, and how
// their edits of the settings reach the simulation. Nothing here touches a
// window, GL or the backend, so the cpu tests check it directly.

#include <optional>

#include "app/lecture/panel/lecture_settings.h"
#include "kernels/numerics/params.h"
#include "kernels/simulation.h"

namespace heatlab {

// What the panel and the keys ask the window to do this frame.
struct PanelActions {
    bool reset = false;
    bool singleStep = false;
    bool screenshot = false;
    bool quit = false;
    // Locked was just chosen: start the locked range from the range on screen.
    bool lockRangeToField = false;
    bool fitView = false;
    // The bandwidth table: measure it on the current grid, or stop measuring.
    bool measureBandwidth = false;
    bool cancelBandwidth = false;
    // The cue list (--cues): the next cue, or the one before applied again.
    bool nextCue = false;
    bool previousCue = false;
    // M: the loupe shown or hidden, whichever it is not now (the lecture
    // knows whether auto shows it).
    bool toggleLoupe = false;
    // B: the A/B split on (pane B a copy of pane A, settings and field) or
    // off; "B = A" in the panel: pane B's settings from pane A's.
    bool toggleSplit = false;
    bool paneBAsA = false;
    // Ctrl+R or the panel's button: start recording a video, or stop.
    bool toggleRecording = false;
    // The accuracy section's "halve h"
    // (app/lecture/measures/accuracy_lesson.h), or a cue's.
    bool halveSpacing = false;
    // Ctrl+S and Ctrl+O: the scene saved, or a scene opened, as the Scene
    // section's buttons do (ScenePanel).
    bool saveScene = false;
    bool openScene = false;
    // The "Your kernel" section's Reload: the class kernel's file compiled
    // and checked again (app/kernel_files/class_kernels.h).
    std::optional<Kernel> reloadKernel;

    void merge(const PanelActions& other);
};

// r moved by `thousandths` * 0.001, rounded to the thousandth (so 0.249 +
// 0.001 is exactly the float 0.25, not just past it) and kept within
// rInRange(): at least 0.001, at most kRMax. The Up and Down keys step by
// one thousandth: fine enough to walk across 0.25.
float steppedR(float r, int thousandths);
// `typed` when rInRange() allows it, else `previous`: the exact entry
// never hands the simulation an r the command line would refuse.
float acceptedR(float typed, float previous);

// The Params the simulation runs with after the panel's edits: kernel and r
// at once; grid, boundary and initial condition (they need a new field) only
// when resetting. A class kernel not yet checked waits (the running kernel
// stays), and is taken by the first edit after it is.
Params paramsToRun(const Params& running, const Params& edited, bool reset);
// True when an edit waits for the reset (grid, boundary or initial condition).
bool pendingOnReset(const Params& running, const Params& edited);
// Hands the edits to the simulation (paramsToRun), resetting it when asked.
// A grid's fit in memory is the caller's to check first.
void applyPanelEdits(Simulation& simulation, const Params& edited, bool reset);

// The steps a frame runs: stepsPerFrame while running, 1 for a single step
// when paused, else none (the field is shown as it is).
int stepsThisFrame(const LectureSettings& settings, const PanelActions& actions);

}  // namespace heatlab
