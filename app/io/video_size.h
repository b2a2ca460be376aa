#pragma once
// The frame sizes an H.264 video can carry where slides are played. A
// stream must stay within one of the standard's levels for a player's
// decoder to take it; laptops' hardware decoders (which PowerPoint, Keynote
// and browsers use) stop at level 5.2: at most 36864 macroblocks of 16 x 16
// pixels a frame (4096 x 2304, or 3072 x 3072) and 2073600 macroblocks a
// second. A larger picture is drawn smaller, its sides in the same ratio,
// rather than written as a file few players open. yuv420p halves the
// colour's resolution, so the encoded sides are even: an odd side gets one
// more row or column, a copy of its last.

#include <string>

namespace heatlab {

inline constexpr long long kVideoMaxMacroblocks = 36864;
inline constexpr long long kVideoMaxMacroblocksPerSecond = 2073600;
inline constexpr int kVideoMinRate = 1;
inline constexpr int kVideoMaxRate = 120;

struct VideoFrameSize {
    int width = 0;  // what to draw: the asked size, or smaller to fit
    int height = 0;
    bool scaled = false;
};

// The size to draw a picture of width x height at for a video of `fps`
// frames a second.
VideoFrameSize videoFrameSize(int width, int height, int fps);

// "8192 x 8192 is more than H.264 level 5.2 takes at 30 frames a second:
// the video is 3072 x 3072", for saying so when scaled.
std::string videoScaleNote(int width, int height, int fps, const VideoFrameSize& size);

// The encoded side: even.
inline int evenSide(int side) { return side + (side & 1); }

}  // namespace heatlab
