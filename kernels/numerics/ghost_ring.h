#pragma once
// The host side of the boundary rule: rewrites a field's ring from its
// interior with ghostValue() of kernels/numerics/stencil.h. The CPU backend
// runs it after every step, the double reference too; initial fields run it
// once so they start out obeying the boundary.

#include <cstddef>

#include "kernels/numerics/params.h"
#include "kernels/numerics/stencil.h"

namespace heatlab {

// Calls `each(index)` with the row-major index of every ring cell of
// `grid`, in ringCell()'s order.
template <typename Each>
void forEachRingCell(const GridSize& grid, Each each) {
    const long long count = ringCellCount(grid.nx, grid.ny);
    for (long long k = 0; k < count; ++k) {
        int row = 0;
        int col = 0;
        ringCell(k, grid.nx, grid.ny, &row, &col);
        each(static_cast<std::size_t>(row) * static_cast<std::size_t>(grid.nx) +
             static_cast<std::size_t>(col));
    }
}

// No-op for Dirichlet, whose ring keeps its initial values. Defined for
// float (the backends) and double (the reference).
template <typename T>
void fillGhostRing(T* field, const GridSize& grid, Boundary boundary);

}  // namespace heatlab
