#pragma once
// The lecture's settings: one definition, read by the command line (app/
// commands/), the scene file (app/lecture/files/scene.h) and `shot --ui`,
// edited by the panel and the keys (app/ui/), applied to the simulation and the
// frame by the lecture (app/ui/lecture/lecture_ui.h). Adding a setting touches
// its definition here, its flag, its scene field and its control, and nothing
// that copies it. No window, GL or ImGui here, so the cpu tests check it
// directly.

#include <optional>
#include <string>

#include "app/lecture/run/explosion_pace.h"
#include "app/lecture/run/frame_pacer.h"
#include "app/picture/frame_settings.h"
#include "app/picture/loupe_layout.h"
#include "app/picture/picture_settings.h"
#include "kernels/backend_factory.h"
#include "kernels/numerics/initial_conditions.h"
#include "kernels/numerics/params.h"
#include "kernels/simulation.h"

namespace heatlab {

// Enough for the field to move visibly at 60 frames a second on any grid the
// CPU draws smoothly.
constexpr int kDefaultStepsPerFrame = 10;
// Steps per frame: the one range of the setting, wherever it is given (the
// command line's --steps-per-frame, a scene, a cue, the panel's slider).
// Enough for a large grid on a GPU to move visibly, not so many that a CPU
// frame takes seconds.
constexpr int kMinStepsPerFrame = 1;
constexpr int kMaxStepsPerFrame = 10000;
// The brush radius the panel offers, in % of the grid's longer side.
constexpr float kMinBrushPercent = 0.2f;
constexpr float kMaxBrushPercent = 20.0f;

// Pane B of the A/B comparison (app/lecture/run/pane_run.h): what it runs
// differently from pane A. A setting left empty follows pane A's (so "B via
// host" stays at A's r as the lecturer moves it); the rest (grid, boundary,
// initial field, the steps a frame, the picture's colour map, scale and
// range) is always pane A's: the panes show one lesson, advanced by the same
// steps each frame.
struct PaneBSettings {
    std::optional<Kernel> kernel;
    std::optional<float> r;
    std::optional<BackendChoice> backend;  // Auto: the best there is
    std::optional<int> copyEvery;
    std::optional<bool> pinned;
    std::optional<DisplayPath> path;
    std::optional<bool> mapPerFrame;
};

// A/B: the field split into two panes in lockstep (B, or the panel).
struct ABComparison {
    bool split = false;
    PaneBSettings b;
    bool difference = false;  // pane B shows A - B through the diverging map
};

// What the lesson is: what a scene file holds and a cue sets (the grid, the
// kernel, r, the pace, the copy-back policy, the picture, the split).
// A lesson's grid where it differs by backend (a scene's "grid": {"cpu":
// 512, "cuda": 4096}, version 2): each backend's lesson at its own scale,
// the CPU's small enough to run live, the GPU's large enough that the
// kernels part from launch latency and the bus shows its cost.
struct GridsByBackend {
    GridSize cpu;
    GridSize cuda;
    const GridSize& on(BackendChoice backend) const {
        return backend == BackendChoice::Cuda ? cuda : cpu;
    }
};

struct LessonSettings {
    // Grid, kernel, r, boundary, initial field, time block. As edited in the
    // panel: kernel and r apply at once, the rest at the next reset
    // (paramsToRun in panel_edits.h).
    Params params;
    // The scene's grid per backend, params.grid the running backend's of
    // them (useGridFor()); dropped once the grid is edited.
    std::optional<GridsByBackend> grids;
    bool running = true;
    int stepsPerFrame = kDefaultStepsPerFrame;
    // How the steps of a frame are chosen (FramePacer): the fixed count
    // above, as many as fit 30 frames a second, or a rate in steps a second.
    Pace pace = Pace::FixedSteps;
    double stepsPerSecond = 60.0;
    // Past the grid's own bound, whatever the pace above: the steps a second
    // that grow the checkerboard by this many powers of ten a second
    // (app/lecture/run/explosion_pace.h), so the explosion lasts about 20 s
    // on any grid; 0 keeps the pace above there too.
    double explosionDecadesPerSecond = kDefaultDecadesPerSecond;
    // The copy-back policy: the field back to host memory every `copyEvery`
    // steps (0: never), pageable or pinned, as a first version would, to
    // feel what the bus costs.
    int copyEvery = 0;
    bool pinned = false;
    PictureSettings picture;  // display path, colour map, range, sampling
    bool vsync = true;
    // The magnified inset (app/picture/loupe_layout.h): by default while the
    // grid's highest mode grows, pinned where the checkerboard is strongest.
    LoupeMode loupe = LoupeMode::Auto;
    // The mouse's brush: a disc of this share of the grid's longer side,
    // painting these values (the initial fields' hot and cold by default).
    float brushPercent = 1.0f;
    float brushHot = kHot;
    float brushCold = kCold;
    ABComparison comparison;

    // params.grid the grid the lesson takes on `backend`, where it says one.
    void useGridFor(BackendChoice backend) {
        if (grids) {
            params.grid = grids->on(backend);
        }
    }
};

// What belongs to the machine and the person at its screen, never to a
// scene: loading one keeps these as they are (a cue may still choose the
// backend, as a step of the lecture).
struct MachineSettings {
    // Where to run: auto on the command line; the backend that runs once
    // started, switched live on the same field from the panel.
    BackendChoice backend = BackendChoice::Auto;
    bool presenter = false;  // the UI scaled for a projector
    bool panelVisible = true;
    bool keysVisible = false;  // the key help over the field (F1)
    // The roofline drawn large over the field's area, read from the back of
    // a hall: turned on by the cue about it (a cue's "roofline"), or the
    // Bandwidth section's box.
    bool rooflineOnField = false;
    bool fullScreen = false;    // the window on the whole of its monitor (F11)
    bool measureMaxAbs = true;  // a reduction over the grid every frame
};

// The lecture's settings: the lesson's and the machine's, one object the
// panel and the keys edit.
struct LectureSettings : LessonSettings, MachineSettings {};

// Pane B's settings: `a`'s, with comparison.b's where it has them (B's
// backend, unset, is the one pane A runs on: `aRunsOn`).
LectureSettings paneBSettingsOf(const LectureSettings& a, BackendChoice aRunsOn);

// Why pane B cannot run on `choice` here, naming the split's key
// ("backend=cuda: no NVIDIA driver found"), not the --backend the user
// never gave; empty when it can.
std::string paneBBackendProblem(BackendChoice choice);
// Pane B's backend, made; the problem above is a UsageError.
BackendSelection makePaneBBackend(BackendChoice choice);

// --difference asks pane B to show A - B: without --split there is no pane
// B, a UsageError.
void refuseDifferenceWithoutSplit(const ABComparison& comparison);

// The window's grid where none is asked for: 2048 where the field lives on
// a device; 512 in host memory, which keeps 30 frames a second and more on
// a 2-core machine (2048 there runs at about 20).
GridSize defaultWindowGrid(const BackendFacts& backend);

// The copy-back policy the settings ask for.
CopyPolicy copyPolicyOf(const LectureSettings& settings);
// The pacer's settings from the lecture's, for a run whose highest mode
// grows by `factor` a step (highestModeFactor() of the running grid).
PaceSettings paceSettingsOf(const LectureSettings& settings, double factor);
// The frame runFrame() draws, from the lecture's settings.
FrameSettings frameSettingsOf(const LectureSettings& settings, int steps,
                              const std::optional<ViewTransform>& view);

}  // namespace heatlab
