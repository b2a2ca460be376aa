#pragma once
// `heatlab` with no command: the lecture window, its frames run by the one
// frame loop (app/ui/lecture/frame_loop.h) from and into the window
// (app/ui/lecture/window_frames.h) until it is closed, Escape, Quit or --frames.

#include "app/lecture/run/lecture_start.h"

namespace heatlab {

// Reads the --scene file, makes the backend and checks the grid and kernel
// against it before any window, then runs the window and writes the
// pictures asked for on the command line. Returns the exit status. Throws
// UsageError (exit 2, one line) when there is no display, naming `heatlab
// serve`, `heatlab shot` and `heatlab bench`, and when the scene file
// cannot be read or is not a valid scene.
int runWindow(const LectureStart& start);

}  // namespace heatlab
