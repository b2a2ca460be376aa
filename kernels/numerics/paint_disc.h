#pragma once
// The brush on a field in host memory: what the CPU backend paints with, and
// what any backend's default paint() does on a host copy of its field. The
// disc's rule (paintBox(), inPaintDisc()) is stencil.h's, which the CUDA
// paint kernel shares.

#include <cstddef>

#include "kernels/numerics/ghost_ring.h"
#include "kernels/numerics/stencil.h"

namespace heatlab {

// Sets every interior cell of `field` whose centre lies within `radius` of
// (col, row) to `value`, then derives the ring again.
inline void paintDisc(float* field, const GridSize& grid, Boundary boundary, float col, float row,
                      float radius, float value) {
    const PaintBox box = paintBox(col, row, radius, grid.nx, grid.ny);
    for (int r = box.firstRow; r <= box.lastRow; ++r) {
        for (int c = box.firstCol; c <= box.lastCol; ++c) {
            if (inPaintDisc(c, r, col, row, radius)) {
                field[static_cast<std::size_t>(r) * grid.nx + c] = value;
            }
        }
    }
    fillGhostRing(field, grid, boundary);
}

}  // namespace heatlab
