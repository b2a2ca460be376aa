#pragma once
// `heatlab serve`: the lecture window's frames (LectureUi, every key, the
// panel, the cues) on a headless context, shown in browsers: the one frame
// loop (app/ui/lecture/frame_loop.h) from the pages' input into the pages
// (app/serve/served_frames.h). Runs until SIGINT or SIGTERM (or --frames),
// then closes every connection and returns.

#include "app/serve/serve_start.h"

namespace heatlab {

// Returns the exit status; throws UsageError (one line, exit 2) for what
// the window refuses, a port it cannot have, a bad --token-file, --tls-cert
// or --tls-key. The files are read and the port is listened on before the
// lecture, GL or an encoder starts, so such a refusal is the only line.
int runServe(const ServeStart& start);

}  // namespace heatlab
