#pragma once
// `heatlab shot --stats` and `shot --ui --stats`: where a displayed frame's
// time goes, measured on the machine it runs on (a GPU server through EGL
// included), and the steps per second with and without the display, in the
// same call.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/picture/frame_stats.h"
#include "app/picture/picture_settings.h"
#include "kernels/simulation.h"

namespace heatlab {

// Pane B of an A/B split (`shot --ui --split ... --stats`): the medians of
// its part of the same timed frames, beside pane A's above.
struct PaneStats {
    std::string kernel;
    std::string path;
    std::string interopBuffer;  // "shared memory", "mapped buffer", or "-"
    double stepsMs = 0.0;
    double copyBackMs = 0.0;
    double displayMs = 0.0;
    double drawMs = 0.0;

    double totalMs() const { return stepsMs + copyBackMs + displayMs + drawMs; }
};
// The medians of pane B's timed frames.
PaneStats paneStatsOf(const std::vector<FrameStats>& frames);

struct ShotStats {
    std::string backend;
    std::string device;
    std::string context;  // the OpenGL context's one line
    std::string kernel;
    std::string path;      // the display path that ran
    std::string fallback;  // why not interop, when it was asked for and not had
    GridSize grid;
    int frames = 0;
    int stepsPerFrame = 0;
    std::string picture;  // what each frame draws: the field, or the window with its panel
    int viewWidth = 0;    // the frames are drawn into this many pixels
    int viewHeight = 0;
    // Throughput over `frames` frames, the device waited for only at the end:
    double stepsPerSecondDisplayed = 0.0;    // each frame drawn
    double stepsPerSecondUndisplayed = 0.0;  // the same steps, nothing drawn
    // Medians of `frames` frames each waited for after every part.
    double stepsMs = 0.0;
    double copyBackMs = 0.0;  // the copy-back policy's copies (the window's)
    double displayMs = 0.0;
    double drawMs = 0.0;
    double uiMs = 0.0;               // the panel (--ui)
    double readbackMs = 0.0;         // the drawn picture read back to host memory
    std::string presentWrite;        // how the interop buffer was written, or "-"
    std::string interopBuffer;       // "shared memory", "mapped buffer", or "-"
    std::string sharedFallback;      // why not the shared buffers, where wanted
    int registrations = 0;           // GL buffers registered with CUDA in the whole run
    std::optional<PaneStats> paneB;  // split: pane B's parts of the same frames

    // The per-frame cost of showing the field (and the panel).
    double overheadMs() const { return displayMs + drawMs + uiMs; }
};

// One frame into the bound target; `timed` waits after each part and
// returns their times (uiMs 0 where there is no panel).
using FrameRunner = std::function<FrameStats(bool timed)>;

// The target the frames are drawn into, as its owner gives it (an
// OffscreenTarget's, app/render/offscreen_target.h): its size, a wait until
// GL has drawn everything queued (glFinish), and a read of the picture back
// to host memory. Given, not called here, so measuring needs no GL.
struct MeasuredTarget {
    int width = 0;
    int height = 0;
    std::function<void()> finish;
    std::function<void()> readBack;
};

// Measures `frames` frames of `stepsPerFrame` steps run by `frame` into
// `target`: the steps per second with and without drawing them, then the
// median parts of timed frames and of reading the picture back. Fills
// everything but the descriptions of the backend, context and view.
ShotStats measureFrames(Simulation& simulation, const FrameRunner& frame,
                        const MeasuredTarget& target, int frames, int stepsPerFrame);

// --frame-budget MS: frames as long as a display's (16.7 ms at 60 Hz) filled
// with as many steps as fit beside the display's own cost, as the window's
// "fit" pace would fill them, for each display path in the same call. The
// headline: the per-frame overhead (display update, draw and panel) and the
// share of the undrawn step rate that survives.
struct BudgetRun {
    double overheadMs = 0.0;
    double share = 0.0;  // steps a second displayed / undisplayed
    ShotStats stats;     // of the frames of that many steps
};
// Measures `stepsPerFrame` steps a frame on `path` (the shot's or the
// window's frames).
using MeasureFrames = std::function<ShotStats(int stepsPerFrame, DisplayPath path)>;
// A first measure at `probeSteps` a frame gives the overhead and the step
// rate; the frames then hold (budget - overhead) of steps at that rate.
std::vector<BudgetRun> measureInBudget(const MeasureFrames& measure, double budgetMs,
                                       const std::vector<DisplayPath>& paths, int probeSteps);

// The paths a budget is measured on: interop and via host where the field
// lives on a device, via host alone elsewhere.
std::vector<DisplayPath> budgetPaths(const BackendFacts& backend);

void printShotStats(const ShotStats& stats);
void printBudget(const std::vector<BudgetRun>& runs, double budgetMs);
// Written through writeOutputFile(); with the budget's runs when there are.
void writeShotStats(const ShotStats& stats, const std::string& path,
                    const std::vector<BudgetRun>& budget = {}, double budgetMs = 0.0);

}  // namespace heatlab
