#include "kernels/numerics/ghost_ring.h"

namespace heatlab {

template <typename T>
void fillGhostRing(T* field, const GridSize& grid, Boundary boundary) {
    if (boundary == Boundary::Dirichlet) {
        return;
    }
    const std::size_t nx = static_cast<std::size_t>(grid.nx);
    forEachRingCell(grid, [&](std::size_t i) {
        field[i] = ghostValue(field, grid.nx, grid.ny, static_cast<int>(i / nx),
                              static_cast<int>(i % nx), boundary);
    });
}

template void fillGhostRing<float>(float*, const GridSize&, Boundary);
template void fillGhostRing<double>(double*, const GridSize&, Boundary);

}  // namespace heatlab
