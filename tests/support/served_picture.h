#pragma once
// A served frame against `shot --ui`'s picture of the same state: both run
// one cue that holds the lecture at step 0, with the same options, and the
// served frame is taken once as much lecture time has gone as shot's cue
// runs. For the gl tier (CPU) and the gpu tier (CUDA, EGL on the device).

#include <string>

#include "app/serve/wire.h"

struct ServedAgainstShot {
    heatlab::FrameHeader header;  // the served frame's
    int servedWidth = 0;
    int servedHeight = 0;
    int shotWidth = 0;
    int shotHeight = 0;
    double meanDifference = 0.0;  // levels a channel, over the whole window
    std::string serveErr;         // what serve said on stderr, at its exit
    int serveStatus = -1;         // its exit status after SIGTERM
};

// `options`: heatlab's options for both (e.g. "--backend cuda --grid 256");
// `folder`: made empty, then holds the cue list and shot's record.
ServedAgainstShot servedAgainstShot(const std::string& options, const std::string& folder);
