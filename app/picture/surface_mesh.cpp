#include "app/picture/surface_mesh.h"

#include <algorithm>
#include <cmath>

namespace heatlab {

SurfaceMesh surfaceMesh(const ViewTransform& view, int width, int height, const GridSize& grid) {
    const float nx = static_cast<float>(grid.nx);
    const float ny = static_cast<float>(grid.ny);
    const float s = view.cellsPerPixel;
    // The shown cells, as the flat view's rectangle covers them, clipped.
    const float left = std::clamp(view.centre.x - 0.5f * static_cast<float>(width) * s, 0.0f, nx);
    const float right = std::clamp(view.centre.x + 0.5f * static_cast<float>(width) * s, 0.0f, nx);
    const float top = std::clamp(view.centre.y - 0.5f * static_cast<float>(height) * s, 0.0f, ny);
    const float bottom =
        std::clamp(view.centre.y + 0.5f * static_cast<float>(height) * s, 0.0f, ny);
    const float spanCols = std::max(right - left, 1.0f);
    const float spanRows = std::max(bottom - top, 1.0f);

    // Cells a vertex: the view's pixels, a few to a vertex, no more vertices
    // than the cap.
    const float longer = std::max(spanCols, spanRows);
    const float cellsPerVertex = std::max(static_cast<float>(kSurfacePixelsPerVertex) * s,
                                          longer / static_cast<float>(kMaxSurfaceVertices));
    SurfaceMesh mesh;
    if (cellsPerVertex <= 1.0f) {
        // A vertex a cell: the cells whose centres the view shows.
        mesh.fromField = true;
        mesh.firstCol = std::clamp(static_cast<int>(std::floor(left)), 0, std::max(grid.nx - 1, 0));
        mesh.firstRow = std::clamp(static_cast<int>(std::floor(top)), 0, std::max(grid.ny - 1, 0));
        const int lastCol = std::clamp(static_cast<int>(std::ceil(right)) - 1, mesh.firstCol,
                                       std::max(grid.nx - 1, 0));
        const int lastRow = std::clamp(static_cast<int>(std::ceil(bottom)) - 1, mesh.firstRow,
                                       std::max(grid.ny - 1, 0));
        mesh.cols = lastCol - mesh.firstCol + 1;
        mesh.rows = lastRow - mesh.firstRow + 1;
        if (mesh.cols < 2 || mesh.rows < 2) {
            // Too few cells for a triangle: the two vertices of one cell's
            // span (only a grid of a single cell a side gets here).
            mesh.firstCol = std::min(mesh.firstCol, std::max(grid.nx - 2, 0));
            mesh.firstRow = std::min(mesh.firstRow, std::max(grid.ny - 2, 0));
            mesh.cols = std::min(std::max(mesh.cols, 2), std::max(grid.nx, 1));
            mesh.rows = std::min(std::max(mesh.rows, 2), std::max(grid.ny, 1));
        }
        mesh.spanCols = static_cast<float>(mesh.cols);
        mesh.spanRows = static_cast<float>(mesh.rows);
        return mesh;
    }
    // Rounded, not ceiled: the last vertex's centre then stays on the grid,
    // where the image has a value (off it, a view image holds 0).
    mesh.cols = std::max(2, static_cast<int>(std::lround(spanCols / cellsPerVertex)));
    mesh.rows = std::max(2, static_cast<int>(std::lround(spanRows / cellsPerVertex)));
    mesh.image.originCol = left;
    mesh.image.originRow = top;
    mesh.image.cellsPerPixel = cellsPerVertex;
    mesh.image.width = mesh.cols;
    mesh.image.height = mesh.rows;
    mesh.spanCols = static_cast<float>(mesh.cols) * cellsPerVertex;
    mesh.spanRows = static_cast<float>(mesh.rows) * cellsPerVertex;
    return mesh;
}

}  // namespace heatlab
