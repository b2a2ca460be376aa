#pragma once
// Served frames as H.264 through FFmpeg's libx264 (the libraries the
// recordings load, app/io/libav.h), for pages that decode it with
// WebCodecs: a frame of the panel and the field is 6 to 12 KB where its
// JPEG is about 150. Tuned for latency: no B-frames and no lookahead, so a
// picture's access unit leaves with the picture; the parameter sets go
// before every keyframe, which is made when a page needs one (it joined,
// or it missed a frame) rather than on a clock.

#include <memory>
#include <string>

#include "app/serve/frame_encoder.h"

namespace heatlab {

// An encoder a thread (FrameEncoder's); throws RuntimeError when FFmpeg's
// libraries or libx264 are not there.
std::unique_ptr<FrameCodec> makeH264Frames();

// Empty when H.264 frames can be made here, else why not (in one line).
std::string h264Unavailable();

}  // namespace heatlab
