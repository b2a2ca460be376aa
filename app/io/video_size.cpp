#include "app/io/video_size.h"

#include <algorithm>
#include <cmath>

#include "app/i18n/translation.h"

namespace heatlab {

namespace {

long long macroblocks(int width, int height) {
    return ((evenSide(width) + 15LL) / 16) * ((evenSide(height) + 15LL) / 16);
}

bool fits(int width, int height, int fps) {
    const long long blocks = macroblocks(width, height);
    return blocks <= kVideoMaxMacroblocks && blocks * fps <= kVideoMaxMacroblocksPerSecond;
}

}  // namespace

VideoFrameSize videoFrameSize(int width, int height, int fps) {
    if (fits(width, height, fps)) {
        return VideoFrameSize{width, height, false};
    }
    const long long budget =
        std::min(kVideoMaxMacroblocks, kVideoMaxMacroblocksPerSecond / std::max(fps, 1));
    // A first guess from the area, then down a pixel of the longer side at
    // a time until the rounded-up macroblocks fit.
    double scale =
        std::sqrt(static_cast<double>(budget) * 256.0 / (static_cast<double>(width) * height));
    const int longer = std::max(width, height);
    for (int side = static_cast<int>(longer * scale); side > 1; --side) {
        scale = static_cast<double>(side) / longer;
        const int w = std::max(2, static_cast<int>(std::lround(width * scale)));
        const int h = std::max(2, static_cast<int>(std::lround(height * scale)));
        if (fits(w, h, fps)) {
            return VideoFrameSize{w, h, true};
        }
    }
    return VideoFrameSize{2, 2, true};
}

std::string videoScaleNote(int width, int height, int fps, const VideoFrameSize& size) {
    return trf(
        "%d x %d is more than H.264 level 5.2 (what slide software's decoders play) takes "
        "at %d frames a second: the video is %d x %d",
        width, height, fps, size.width, size.height);
}

}  // namespace heatlab
