#pragma once
// What a display buffer holds, and where: the buffer GL draws a view from,
// which the backend writes (on a device, the frame's last step; via host,
// copies uploaded). Its size follows the view it is made for, never the
// grid, so any grid the backend holds is drawn, at the cost of the view:
//
//   [0, 3)             the field's min and max (NaN cells left out; +inf,
//                      -inf when there is no other value), then 1 when a
//                      cell is NaN (else 0): an automatic colour range and
//                      the colour bar's non-finite legend come from the
//                      buffer itself, without the host waiting;
//   viewOffset()       the view's values: a window of the cells in view
//                      (CellWindow, row-major, its width a row) where the
//                      view shows one cell a pixel or more, or the view's
//                      image (kernels/numerics/view_image.h: one value a
//                      pixel) where it is minified; viewRoom() floats;
//   loupeOffset()      the loupe's window of cells, kLoupeWindowSide a side
//                      at most.
//
// No GL here: the memory plan (memory_plan.h) counts these bytes, and the
// display (app/render/gl_field.h) makes its buffers of them.

#include <cstddef>

namespace heatlab {

constexpr std::size_t kDisplayRangeFloats = 3;
// Every part starts at a multiple of 64 floats: 256 bytes, aligned for any
// vector store and for any OpenGL's buffer texture offset.
constexpr std::size_t kDisplayAlignFloats = 64;
// Cells a window of the view holds beyond its pixels, a side: a view of w
// pixels at one cell a pixel or more spans at most w + 2 cells (a part of
// one at each edge), and one more at each edge keeps a pixel centre that
// float rounding puts on the next cell inside the window.
constexpr int kViewWindowMargin = 4;
// The loupe's window: its 21 cells across (app/picture/loupe_layout.h)
// and two more on each side, so a loupe centred on a cell's edge is held
// whole.
constexpr int kLoupeWindowSide = 25;

inline std::size_t alignedFloats(std::size_t floats) {
    return (floats + kDisplayAlignFloats - 1) / kDisplayAlignFloats * kDisplayAlignFloats;
}

// The layout of the buffer for a view of width x height pixels.
struct DisplayLayout {
    int width = 0;
    int height = 0;

    // Room for the view's values: a window of (w + 4) x (h + 4) cells,
    // which also holds its image (w x h) and a surface mesh's (a vertex
    // every few pixels).
    std::size_t viewRoom() const {
        if (width <= 0 || height <= 0) {
            return 0;
        }
        return static_cast<std::size_t>(width + kViewWindowMargin) *
               static_cast<std::size_t>(height + kViewWindowMargin);
    }
    std::size_t viewOffset() const { return kDisplayAlignFloats; }
    std::size_t loupeOffset() const { return alignedFloats(viewOffset() + viewRoom()); }
    static constexpr std::size_t loupeRoom() {
        return static_cast<std::size_t>(kLoupeWindowSide) * kLoupeWindowSide;
    }
    // The whole buffer.
    std::size_t floats() const { return loupeOffset() + loupeRoom(); }
    std::size_t bytes() const { return floats() * sizeof(float); }

    bool operator==(const DisplayLayout& o) const { return width == o.width && height == o.height; }
    bool operator!=(const DisplayLayout& o) const { return !(*this == o); }
};

}  // namespace heatlab
