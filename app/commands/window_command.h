#pragma once
// `heatlab` with no command: the lecture window. Its options sit on the
// top-level command line (heatlab --grid 512 --r 0.26), beside the
// subcommands, which have options of the same names: CLI11 hands an option
// given after a subcommand's name to that subcommand, so they never clash,
// and one given before a subcommand is refused (it would be silently
// ignored). The window itself runs in window_runner.h.

#include <CLI/CLI.hpp>

#include "app/lecture/run/lecture_start.h"

namespace heatlab {

// Adds the window's options to the top-level app.
void addWindowOptions(CLI::App& app, LectureStart& start);

// After parsing: throws UsageError naming the first window option given
// when a subcommand was given too (heatlab --grid 64 shot).
void refuseWindowOptionsWithCommand(const CLI::App& app);

}  // namespace heatlab
