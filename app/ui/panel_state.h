#pragma once
// What the window's panel edits and asks for, as plain data: the panel draws
// and edits it with Dear ImGui, the keys edit it too, and the window applies
// it to the simulation. Nothing here touches a window, GL or the backend, so
// the tests check it directly.

#include <optional>

#include "app/render/colour_map.h"
#include "app/render/field_view.h"
#include "app/render/frame.h"
#include "app/ui/frame_pacer.h"
#include "kernels/backend_factory.h"
#include "kernels/numerics/initial_conditions.h"
#include "kernels/numerics/params.h"
#include "kernels/simulation.h"

namespace heatlab {

// Enough for the field to move visibly at 60 frames a second on any grid the
// CPU draws smoothly.
constexpr int kDefaultStepsPerFrame = 10;

// The window's own settings, beside the simulation's Params.
struct WindowSettings {
    // The backend to run on: switched live, on the same field.
    BackendChoice backend = BackendChoice::Cpu;
    bool running = true;
    int stepsPerFrame = kDefaultStepsPerFrame;
    // How the steps of a frame are chosen (FramePacer): the fixed count
    // above, as many as fit 30 frames a second, or a rate in steps a second.
    Pace pace = Pace::FixedSteps;
    double stepsPerSecond = 60.0;
    // The copy-back policy: the field back to host memory every `copyEvery`
    // steps (0: never), pageable or pinned, as a first version would, to
    // feel what the bus costs.
    int copyEvery = 0;
    bool pinnedCopies = false;
    DisplayPath path = DisplayPath::Interop;
    ColourMap map = ColourMap::Heat;
    ColourRange range;           // automatic unless locked in the panel
    bool plainSampling = false;  // nearest instead of the min/max rule
    bool vsync = true;
    bool panelVisible = true;
    bool measureMaxAbs = true;  // a reduction over the grid every frame
    // The mouse's brush: a disc of this share of the grid's longer side,
    // painting these values (the initial fields' hot and cold by default).
    float brushPercent = 1.0f;
    float brushHot = kHot;
    float brushCold = kCold;
};

// The brush radius the panel offers, in % of the grid's longer side.
constexpr float kMinBrushPercent = 0.2f;
constexpr float kMaxBrushPercent = 20.0f;

struct PanelState {
    // As edited: kernel and r apply at once, grid, boundary and initial
    // condition at the next reset (paramsToRun).
    Params params;
    WindowSettings settings;
};

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

    void merge(const PanelActions& other);
};

// Steps per frame the panel offers: enough for a large grid on a GPU to move
// visibly, not so many that a CPU frame takes seconds.
constexpr int kMaxStepsPerFrame = 10000;
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
// when resetting.
Params paramsToRun(const Params& running, const Params& edited, bool reset);
// True when an edit waits for the reset (grid, boundary or initial condition).
bool pendingOnReset(const Params& running, const Params& edited);
// Hands the edits to the simulation (paramsToRun), resetting it when asked.
// A grid's fit in memory is the caller's to check first.
void applyPanelEdits(Simulation& simulation, const Params& edited, bool reset);

// The steps a frame runs: stepsPerFrame while running, 1 for a single step
// when paused, else none (the field is shown as it is).
int stepsThisFrame(const WindowSettings& settings, const PanelActions& actions);
// The frame runFrame() draws, from the window's settings.
FrameSettings frameSettingsOf(const WindowSettings& settings, int steps,
                              const std::optional<ViewTransform>& view);

}  // namespace heatlab
