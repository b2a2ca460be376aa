#pragma once
// A rectangle of the grid's cells: what the display holds of a field where
// a view shows one cell a pixel or more (the cells in view, the loupe's),
// instead of the whole grid, so the display's memory and its copies follow
// the view, never the grid. Plain data; the host's copy of one is here, a
// backend copies one where its field lives (Backend::copyWindow,
// stepAndPresent).

#include <cstddef>

#include "kernels/numerics/params.h"

namespace heatlab {

// Columns [col, col + width) and rows [row, row + height) of the grid.
struct CellWindow {
    int col = 0;
    int row = 0;
    int width = 0;
    int height = 0;

    bool empty() const { return width <= 0 || height <= 0; }
    std::size_t cells() const {
        return empty() ? 0 : static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    }
    // Every cell of `inner` is one of this window's.
    bool contains(const CellWindow& inner) const {
        return inner.empty() ||
               (inner.col >= col && inner.row >= row && inner.col + inner.width <= col + width &&
                inner.row + inner.height <= row + height);
    }
    bool operator==(const CellWindow& o) const {
        return col == o.col && row == o.row && width == o.width && height == o.height;
    }
    bool operator!=(const CellWindow& o) const { return !(*this == o); }
};

// The cells [firstCol, endCol) x [firstRow, endRow) that lie on `grid`;
// empty where none do.
CellWindow windowOnGrid(long long firstCol, long long firstRow, long long endCol, long long endRow,
                        const GridSize& grid);

// Copies the cells of `window` (on the grid) of `field` (row-major, ring
// included) into `out`, row-major, window.width values a row: the host's
// copy, which the CPU backend and the backends' default use.
void copyWindowOf(const float* field, const GridSize& grid, const CellWindow& window, float* out);

}  // namespace heatlab
