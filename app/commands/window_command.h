#pragma once
// `heatlab` with no command: the lecture window. Its options sit on the
// top-level command line (heatlab --grid 512 --r 0.26), beside the
// subcommands, which have options of the same names: CLI11 hands an option
// given after a subcommand's name to that subcommand, so they never clash,
// and one given before a subcommand is refused (it would be silently
// ignored).

#include <string>

#include <CLI/CLI.hpp>

#include "app/render/frame.h"
#include "app/ui/panel_state.h"
#include "kernels/backend_factory.h"
#include "kernels/numerics/params.h"

namespace heatlab {

struct WindowOptions {
    Params params;
    BackendChoice backend = BackendChoice::Auto;
    int frames = 0;  // 0: until the window is closed
    int stepsPerFrame = kDefaultStepsPerFrame;
    std::string screenshot;        // the field at grid resolution, written at quit
    std::string screenshotWindow;  // the whole window, panel included
    std::string scene;             // a scene file to start from; empty: none
    bool presenter = false;        // the UI scaled for a projector from the start
    FrameSettings picture;         // colour map, range, display path, sampling
    int copyEvery = 0;             // the copy-back policy: every N steps, 0 never
    bool pinned = false;           // its host memory
    Pace pace = Pace::FixedSteps;  // how the steps of a frame are chosen
    double stepsPerSecond = 60.0;  // the rate of Pace::StepsPerSecond
    bool noVsync = false;          // frames as fast as they come, not at the screen's rate
};

// Adds the window's options to the top-level app.
void addWindowOptions(CLI::App& app, WindowOptions& options);

// After parsing: throws UsageError naming the first window option given
// when a subcommand was given too (heatlab --grid 64 shot).
void refuseWindowOptionsWithCommand(const CLI::App& app);

// Returns the exit status. Throws UsageError (exit 2, one line) when there
// is no display, naming `heatlab shot` and `heatlab bench`, and when the
// --scene file cannot be read or is not a valid scene (before any window).
int runWindow(const WindowOptions& options);

}  // namespace heatlab
