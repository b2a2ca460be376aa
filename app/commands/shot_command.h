#pragma once
// `heatlab shot`: the window's frame() with no window and no display. Runs
// the steps and writes the field as a PNG (at the grid's own resolution, or
// a composed slide), optionally a numbered sequence for a lecture clip, or
// measures the per-frame cost of the display path (--stats).

#include <memory>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "app/render/colour_map.h"
#include "app/render/frame.h"
#include "kernels/backend_factory.h"
#include "kernels/numerics/params.h"
#include "kernels/simulation.h"

namespace heatlab {

struct ShotOptions {
    Params params;  // grid, kernel, r, boundary, initial field
    BackendChoice backend = BackendChoice::Auto;
    int steps = 100;  // before the picture
    // How each picture is drawn: display path, colour map, range, sampling
    // (its steps and view are the command's to set).
    FrameSettings picture;
    std::optional<GridSize> slide;  // --slide WxH: a composed picture of that size
    std::string out;                // empty: named after the state
    std::string recordDir;          // --record: a numbered PNG every `every` steps
    std::string field;              // --field: the final field as raw float32 too
    int every = 0;
    int copyEvery = 0;  // the copy-back policy while stepping (0: never)
    bool pinned = false;
    std::string stats;  // --stats FILE: measure instead of a picture
    int frames = 50;
    int stepsPerFrame = 100;
    // --ui: the whole window, panel included, drawn offscreen at uiSize
    // (runShotUi; default 1280 x 800, the window's own), in presenter mode
    // when asked.
    bool ui = false;
    std::optional<GridSize> uiSize;
    bool presenter = false;
    bool bandwidth = false;  // --ui: the bandwidth table measured and shown
};

CLI::App* addShotCommand(CLI::App& app, ShotOptions& options);

// Returns the exit status. Throws UsageError (exit 2) for what can only be
// known once started: no offscreen context, a grid too large.
int runShot(const ShotOptions& options);

// Throws UsageError for options that do not go together (--ui with a
// slide or a recording, --size or --presenter without --ui).
void refuseShotOptionClashes(const ShotOptions& options);

// The --copy-every and --pinned policy.
CopyPolicy copyPolicyOf(const ShotOptions& options);

// What both shots check and make before any GL: the backend the options
// choose, with the grid and the kernel checked against it. The caller prints
// its reason once the OpenGL context exists, so that a machine without a
// usable one is told so in a single line.
BackendSelection shotBackend(const ShotOptions& options);

}  // namespace heatlab
