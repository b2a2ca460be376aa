#pragma once
// What a video file holds, read with FFmpeg's libraries linked directly
// (not the program's own loading, io/libav.h): the tests' independent look
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

}  // namespace heatlab
