#pragma once
// `heatlab shot --ui`: the lecture window's frames (LectureUi, panel
// included) drawn with no window and no display, through the same headless
// context as `heatlab shot`, so README.md and slides can show the real UI
// from a server, and `--stats` measures the window's frames there. The
// frames are the one frame loop's (app/ui/lecture/frame_loop.h), from and into
// app/ui/lecture/shot_frames.h.

#include "app/lecture/run/shot_settings.h"

namespace heatlab {

// Runs --steps steps in frames of --steps-per-frame (or plays --cues),
// then writes the UI (--size, default the window's) as a PNG to --out;
// with --stats measures instead. Returns the exit status; throws
// UsageError as runShot() does.
int runShotUi(const ShotOptions& options);

}  // namespace heatlab
