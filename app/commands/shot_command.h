#pragma once
// `heatlab shot`: the window's frame() with no window and no display. Runs
// the steps and writes the field as a PNG (at the grid's own resolution, or
// a composed slide), optionally a numbered sequence for a lecture clip, or
// measures the per-frame cost of the display path (--stats).

#include <CLI/CLI.hpp>

#include "app/lecture/run/shot_settings.h"

namespace heatlab {

CLI::App* addShotCommand(CLI::App& app, ShotOptions& options);

// Returns the exit status. Throws UsageError (exit 2) for what can only be
// known once started: no offscreen context, a grid too large.
int runShot(const ShotOptions& options);

}  // namespace heatlab
