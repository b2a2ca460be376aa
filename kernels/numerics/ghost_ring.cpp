#include "kernels/numerics/ghost_ring.h"

#include "kernels/numerics/stencil.h"

namespace heatlab {

template <typename T>
void fillGhostRing(T* field, const GridSize& grid, Boundary boundary) {
    if (boundary == Boundary::Dirichlet) {
        return;
    }
    const long long count = ringCellCount(grid.nx, grid.ny);
    for (long long k = 0; k < count; ++k) {
        int row = 0;
        int col = 0;
        ringCell(k, grid.nx, grid.ny, &row, &col);
        field[static_cast<std::size_t>(row) * grid.nx + col] =
            ghostValue(field, grid.nx, grid.ny, row, col, boundary);
    }
}

template void fillGhostRing<float>(float*, const GridSize&, Boundary);
template void fillGhostRing<double>(double*, const GridSize&, Boundary);

}  // namespace heatlab
