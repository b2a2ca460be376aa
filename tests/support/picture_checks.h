#pragma once
// What the tests look for in a picture of the window.

#include <cstdlib>

#include "app/io/rgb_image.h"
#include "app/picture/colour_map.h"

namespace heatlab {

// How many pixels of row `y`, from x = 0 up to (not including) `xEnd`, are
// `colour` within one level per channel.
inline int pixelsOfColour(const RgbImage& image, int y, int xEnd, Rgb8 colour) {
    int count = 0;
    for (int x = 0; x < xEnd; ++x) {
        const std::uint8_t* p = image.at(x, y);
        count += std::abs(p[0] - colour.r) <= 1 && std::abs(p[1] - colour.g) <= 1 &&
                 std::abs(p[2] - colour.b) <= 1;
    }
    return count;
}

// The brightness of a pixel (Rec. 601 weights).
inline double luminance(const RgbImage& image, int x, int y) {
    const std::uint8_t* p = image.at(x, y);
    return 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2];
}

// Along row y, how often the brightness turns (a rise then a fall, or a
// fall then a rise) by more than `step` levels each way: a row across
// spikes turns at every one, a smooth slope hardly at all.
inline int turnsAlongRow(const RgbImage& image, int y, double step) {
    int turns = 0;
    int direction = 0;
    double extreme = luminance(image, 0, y);
    for (int x = 1; x < image.width; ++x) {
        const double v = luminance(image, x, y);
        if (direction >= 0 && v < extreme - step) {
            turns += direction > 0;
            direction = -1;
            extreme = v;
        } else if (direction <= 0 && v > extreme + step) {
            turns += direction < 0;
            direction = 1;
            extreme = v;
        } else if ((direction > 0 && v > extreme) || (direction < 0 && v < extreme)) {
            extreme = v;
        }
    }
    return turns;
}

}  // namespace heatlab
