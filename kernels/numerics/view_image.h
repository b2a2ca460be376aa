#pragma once
// The field as a minified view shows it: one value a screen pixel, computed
// where the field lives, so that the draw reads one value a pixel instead
// of every cell under it (on the H200 only 4 of 132 SMs run graphics
// shaders; a footprint of 8 x 8 cells a pixel at 8192 took them 5 ms).
//
// The rule is the extremes rule of the renderer: a pixel whose footprint
// covers cells [first, last] on each axis shows their max where (px + py)
// is even and their min where it is odd, so cells that disagree (the
// checkerboard of an unstable step) show as a pixel checkerboard; NaN when
// any of them is not finite, so a blow-up is never hidden. Every cell of
// the footprint is read. The same float arithmetic as the shader's own
// (app/render/field_renderer.h) draws at one cell a pixel or more. With
// `nearest` (the view's nearest sampling) a pixel is the cell under its
// centre instead: minified, the draw reads the image either way, so no
// view needs more of the grid than its own pixels.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>

#include "kernels/numerics/params.h"
#include "kernels/numerics/stencil.h"

namespace heatlab {

// Which part of the grid a width x height picture shows: the cell
// coordinate (col, row as floats) of its top left corner, and the cells a
// pixel spans (> 1: the image is what the view draws). Pixel (px, py), from
// the top left, has its centre at origin + (p + 0.5) * cellsPerPixel.
struct ViewSampling {
    float originCol = 0.0f;
    float originRow = 0.0f;
    float cellsPerPixel = 1.0f;
    int width = 0;
    int height = 0;
    // The cell under the pixel's centre, not its footprint's extremes.
    bool nearest = false;
    std::size_t pixels() const {
        return static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    }
    bool operator==(const ViewSampling& o) const {
        return originCol == o.originCol && originRow == o.originRow &&
               cellsPerPixel == o.cellsPerPixel && width == o.width && height == o.height &&
               nearest == o.nearest;
    }
    bool operator!=(const ViewSampling& o) const { return !(*this == o); }
};

// The value of pixel (px, py) of `view` over an nx x ny field (row-major,
// ring included); 0 for a pixel whose centre lies outside the grid (the
// renderer draws the background there itself).
HEATLAB_HD inline float viewPixel(const float* field, int nx, int ny, const ViewSampling& view,
                                  int px, int py) {
    const float s = view.cellsPerPixel;
    const float cx = view.originCol + (static_cast<float>(px) + 0.5f) * s;
    const float cy = view.originRow + (static_cast<float>(py) + 0.5f) * s;
    if (cx < 0.0f || cy < 0.0f || cx >= static_cast<float>(nx) || cy >= static_cast<float>(ny)) {
        return 0.0f;
    }
    if (view.nearest) {
        return field[static_cast<std::size_t>(floorf(cy)) * static_cast<std::size_t>(nx) +
                     static_cast<std::size_t>(floorf(cx))];
    }
    // The footprint [centre - reach, centre + reach); the margin keeps an
    // edge that lands on a cell edge from taking in the next cell through
    // rounding.
    const float reach = 0.5f * s;
    const int firstCol = std::max(static_cast<int>(floorf(cx - reach + 1e-3f)), 0);
    const int firstRow = std::max(static_cast<int>(floorf(cy - reach + 1e-3f)), 0);
    const int lastCol =
        std::max(std::min(static_cast<int>(ceilf(cx + reach - 1e-3f)) - 1, nx - 1), firstCol);
    const int lastRow =
        std::max(std::min(static_cast<int>(ceilf(cy + reach - 1e-3f)) - 1, ny - 1), firstRow);
    float lowest = 3.4e38f;
    float highest = -3.4e38f;
    // A non-finite cell is noted, not returned at: with no branch out of the
    // loop a GPU thread keeps several of its loads in flight (at 8192 cells
    // a side a fitted pixel reads 64 cells).
    bool nonFinite = false;
    for (int row = firstRow; row <= lastRow; ++row) {
        const float* line = field + static_cast<std::size_t>(row) * static_cast<std::size_t>(nx);
        for (int col = firstCol; col <= lastCol; ++col) {
            const float v = line[col];
            nonFinite |= !(v - v == 0.0f);  // NaN or infinite, without isfinite's fast-math doubts
            lowest = v < lowest ? v : lowest;
            highest = v > highest ? v : highest;
        }
    }
    if (nonFinite) {
        return std::numeric_limits<float>::quiet_NaN();
    }
    return ((px + py) & 1) == 0 ? highest : lowest;
}

// The whole image, row 0 at the top: the reference the backends are held
// to (a row of pixels a thread where OpenMP is on).
void viewImageOf(const float* field, const GridSize& grid, const ViewSampling& view, float* image);

}  // namespace heatlab
