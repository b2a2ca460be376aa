#pragma once
// What the panel shows of the running lecture but does not edit, as plain
// data in two records: each pane's own (PaneReadouts, kept by its PaneRun)
// and the lecture's (LectureReadouts, kept by LectureUi). Filled by the
// lecture's parts each frame; the panel (app/ui/panel/panel.h) reads pane
// A's, pane B's while split, and the lecture's. No ImGui here.

#include <optional>
#include <string>
#include <vector>

#include "app/kernel_files/class_kernels.h"
#include "app/lecture/measures/accuracy_lesson.h"
#include "app/lecture/measures/stability_history.h"
#include "app/lecture/run/pane_difference.h"
#include "app/measure/bandwidth_survey.h"
#include "app/measure/roofline.h"
#include "app/picture/frame_stats.h"
#include "app/picture/picture_settings.h"
#include "kernels/backend_factory.h"
#include "kernels/grid_memory.h"
#include "kernels/memory_plan.h"
#include "kernels/numerics/params.h"

namespace heatlab {

// What one pane measured of itself: its run, its rates, its field, the path
// its picture took. Pane B's has what its own watch and frame measured
// (backend, kernels, max |u|, timed frame); the rates, the roofline point
// and the accuracy are measured of pane A only (LectureMeasures).
struct PaneReadouts {
    // The sine field against the exact solution
    // (app/lecture/measures/accuracy_lesson.h).
    AccuracyReadout accuracy;
    Params running;               // what the simulation runs with now
    std::vector<Kernel> kernels;  // the stencil kernels the backend has
    long long steps = 0;
    double frameMs = 0.0;
    double stepsPerSecond = 0.0;
    double copyGBs = 0.0;                 // moved to the host by the copy-back policy
    std::optional<FrameStats> breakdown;  // the newest timed frame
    RunningKernel roofline;               // the running kernel, for its point on the roofline
    float maxAbs = 0.0f;
    StabilityHistory stability;               // max |u| after every frame since the reset
    std::string backend;                      // "cuda on NVIDIA H200"
    bool fieldInHostMemory = false;           // the backend's field: no bus to cross
    DisplayPath path = DisplayPath::ViaHost;  // the path the last frame took
    std::string fallbackReason;               // why not interop, when it was asked for
    // Interop: which buffer ("shared memory", "mapped buffer"), and why not
    // the shared ones where they were wanted and not had.
    std::string interopBuffer;
    std::string sharedFallbackReason;
};

// What the A/B comparison measures of its two panes together; what each
// pane measures of itself is in that pane's own PaneReadouts.
struct ComparisonReadouts {
    int timedSteps = 0;  // the steps the newest timed frame ran, in each pane
    // max |A - B|, measured on timed frames (about once a second), every
    // frame where both fields live in host memory or the difference shows.
    PaneDifference difference;
};

// What of the panel a cue or an action brings into view: the lesson at its
// top (run, r and its numbers, copy back, steps/s, GB/s to host and the
// frame bar with its copy part), the Display section (the display update's
// share), the bandwidth table, the accuracy lesson. The one asked for is
// unfolded and scrolled to, the other three sections folded.
// Kernel: the "Your kernel" section (the class's own kernel files).
enum class PanelFocus { Lesson, CopyBack, Display, Comparison, Accuracy, Bandwidth, Kernel };

// "lesson", "copy_back", "display", "comparison", "accuracy", "bandwidth",
// "kernel": a cue's "panel".
const char* name(PanelFocus focus);
std::vector<PanelFocus> allPanelFocuses();

// The grid the panel's Grid section edits, what the running command would
// take for it (memory_plan.h: the device's and the host's memory) and what
// is free now: shown beside the size, so a grid that will not fit is seen
// to before the reset refuses it.
struct MemoryReadout {
    MemoryPlan plan;
    FreeMemory free;
};

// What the panel shows of the lecture as a whole, of no one pane: what this
// build and window have, the lockstep's pace, what was said, the cue list,
// the A/B comparison of the two panes, the recording.
struct LectureReadouts {
    // Asked for this frame; of two asked at once the later in PanelFocus's
    // order (a cue's bandwidth table over the display path it sets).
    std::optional<PanelFocus> focus;
    std::vector<BackendChoice> backends;         // what this build can run on
    std::string gl;                              // the window's OpenGL version and renderer
    const BandwidthSurvey* bandwidth = nullptr;  // the bench's table 1 on this grid, if asked
    int stepsThisFrame = 0;                      // what the pace chose for the last frame
    std::string message;                         // "saved <path>", or what went wrong
    std::string cue;          // "cue 3 of 12: caption" while a cue list plays (--cues)
    bool cueWaiting = false;  // the cue ran until its condition: Page Down goes on
    ComparisonReadouts comparison;
    bool recording = false;               // a video is being recorded (Ctrl+R)
    std::optional<MemoryReadout> memory;  // pane A's: the edited grid's
    // The class's own kernel files (--kernel-file) and where each stands:
    // the panel's "Your kernel" section.
    std::vector<ClassKernelStatus> classKernels;

    // The last section brought into view, kept after it was shown: what
    // the lecture is about now (presenter mode keeps its part in view).
    std::optional<PanelFocus> about;

    void bringIntoView(PanelFocus asked) {
        focus = focus && *focus > asked ? *focus : asked;
        about = focus;
    }
    // The panel has shown what was asked for: it unfolds it once.
    void sectionsShown() { focus.reset(); }
};
}  // namespace heatlab
