#pragma once
// How large a surface is: its framebuffer in pixels and the same area in
// window units (what the pointer and Dear ImGui measure in). They differ on
// a high-DPI screen, where a unit is two pixels or more.

namespace heatlab {

// The window's size at start, in window units: room for the panel and a 2:1
// grid beside it on a 1280 x 800 screen. `shot --ui` draws this size too.
constexpr int kWindowWidth = 1280;
constexpr int kWindowHeight = 800;

struct PixelSize {
    int width = 0;
    int height = 0;
    bool operator==(const PixelSize& o) const { return width == o.width && height == o.height; }
};

struct SurfaceSize {
    PixelSize pixels;
    PixelSize units;
    bool operator==(const SurfaceSize& o) const { return pixels == o.pixels && units == o.units; }
    // Pixels a window unit across (1 before the surface has a size).
    float pixelsPerUnit() const {
        return units.width > 0 ? static_cast<float>(pixels.width) / static_cast<float>(units.width)
                               : 1.0f;
    }
};

}  // namespace heatlab
