#pragma once
// What the tests look for in a picture of the window.

#include <cstdlib>

#include "app/io/rgb_image.h"
#include "app/render/colour_map.h"

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

}  // namespace heatlab
