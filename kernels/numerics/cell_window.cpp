#include "kernels/numerics/cell_window.h"

#include <algorithm>
#include <cstring>

namespace heatlab {

CellWindow windowOnGrid(long long firstCol, long long firstRow, long long endCol, long long endRow,
                        const GridSize& grid) {
    const long long col0 = std::clamp<long long>(firstCol, 0, grid.nx);
    const long long row0 = std::clamp<long long>(firstRow, 0, grid.ny);
    const long long col1 = std::clamp<long long>(endCol, col0, grid.nx);
    const long long row1 = std::clamp<long long>(endRow, row0, grid.ny);
    if (col1 == col0 || row1 == row0) {
        return CellWindow{};
    }
    return CellWindow{static_cast<int>(col0), static_cast<int>(row0), static_cast<int>(col1 - col0),
                      static_cast<int>(row1 - row0)};
}

void copyWindowOf(const float* field, const GridSize& grid, const CellWindow& window, float* out) {
    const std::size_t rowBytes =
        static_cast<std::size_t>(std::max(window.width, 0)) * sizeof(float);
    // A window of a large view (a picture's tile: 4096 x 4096) is worth the
    // threads; a window's rows are a view's, never a grid's.
#pragma omp parallel for schedule(static) if (window.cells() > (std::size_t{1} << 20))
    for (int r = 0; r < window.height; ++r) {
        const std::size_t from =
            static_cast<std::size_t>(window.row + r) * static_cast<std::size_t>(grid.nx) +
            static_cast<std::size_t>(window.col);
        std::memcpy(out + static_cast<std::size_t>(r) * static_cast<std::size_t>(window.width),
                    field + from, rowBytes);
    }
}

}  // namespace heatlab
