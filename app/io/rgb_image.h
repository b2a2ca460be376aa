#pragma once
// A picture in host memory: what the renderer reads back and the PNG writer
// writes.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace heatlab {

// Rows top to bottom, 3 bytes per pixel (R, G, B).
struct RgbImage {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> pixels;

    const std::uint8_t* at(int x, int y) const {
        return pixels.data() + (static_cast<std::size_t>(y) * width + x) * 3;
    }
};

}  // namespace heatlab
