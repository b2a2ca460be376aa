#pragma once
// A served frame against `shot --ui`'s picture of the same state: both run
// one cue that holds the lecture at step 0, with the same options, and the
// served frame is taken once as much lecture time has gone as shot's cue
// runs. For the gl tier (CPU) and the gpu tier (CUDA, EGL on the device).

#include <functional>
#include <string>

#include "app/io/rgb_image.h"
#include "tests/support/serve_client.h"

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

// The newest served frame's picture from what a connection received: by
// default its last JPEG decoded.
using ServedPicture = std::function<heatlab::RgbImage(const ConnectionState&)>;

// `options`: heatlab's options for both (e.g. "--backend cuda --grid 256");
// `folder`: made empty, then holds the cue list and shot's record. With
// `h264` the client asks for H.264 and `picture` must read it.
// `serveOptions`: serve's alone (--jpeg ...).
ServedAgainstShot servedAgainstShot(const std::string& options, const std::string& folder,
                                    bool h264 = false, const ServedPicture& picture = {},
                                    const std::string& serveOptions = "");
