#pragma once
// What a video file holds, read with FFmpeg's libraries linked directly
// (not the program's own loading, app/io/libav.h): the tests' independent look
// at what heatlab wrote.

#include <map>
#include <string>
#include <vector>

#include "app/io/rgb_image.h"

namespace heatlab {

struct VideoProbe {
    bool opened = false;
    std::string error;  // why not
    std::string codec;  // "h264"
    std::string pixelFormat;
    std::string profile;  // "High"
    int width = 0;
    int height = 0;
    double fps = 0.0;
    int frames = 0;  // decoded, every one
    std::map<std::string, std::string> metadata;
    // The index (moov) before the frames (mdat): what lets a player start
    // before it has the whole file.
    bool indexAtFront = false;
    std::vector<RgbImage> decoded;  // the frames asked for, as RGB
};

// Decodes the whole file; keeps the frames whose numbers are in `keep`
// (0-based) as RGB.
VideoProbe probeVideo(const std::string& path, const std::vector<int>& keep = {});

// The pictures of an H.264 stream's access units (Annex B, as heatlab
// serve sends them), cropped to width x height; empty where the decoder
// refuses the first (a stream must start at a keyframe).
std::vector<RgbImage> decodeH264Units(const std::vector<std::vector<unsigned char>>& units,
                                      int width, int height);

// How far a decoded frame is from the picture sent, in 8-bit levels,
// measured at the resolutions yuv420p keeps: the brightness (BT.709 luma)
// of every pixel, and the colour of every 2 x 2 block (its mean RGB; the
// block shares one chroma sample, so alternating cells' hues within it are
// not the codec's to keep). Each as a mean over the picture and as the
// worst 1 % (the 99th percentile), which a wrong region cannot hide in.
struct CodecDifference {
    double lumaMean = 0.0;
    double lumaP99 = 0.0;
    double blockMean = 0.0;  // |difference| of a block's mean R, G, B
    double blockP99 = 0.0;
};
CodecDifference codecDifference(const RgbImage& decoded, const RgbImage& sent);

}  // namespace heatlab
