#include "app/picture/display_plan.h"

#include <cmath>

#include "kernels/base/errors.h"

namespace heatlab {

CellWindow cellsInView(const ViewTransform& view, int width, int height, const GridSize& grid) {
    if (width <= 0 || height <= 0) {
        return CellWindow{};
    }
    // In double, so the window's own arithmetic adds no rounding of its
    // own; the margin of a cell each side takes up the draw's (floats).
    const double s = view.cellsPerPixel;
    const double left = view.centre.x - 0.5 * width * s;
    const double top = view.centre.y - 0.5 * height * s;
    const auto first = [s](double edge) {
        return static_cast<long long>(std::floor(edge + 0.5 * s)) - 1;
    };
    const auto end = [s](double edge, int pixels) {
        return static_cast<long long>(std::floor(edge + (pixels - 0.5) * s)) + 2;
    };
    return windowOnGrid(first(left), first(top), end(left, width), end(top, height), grid);
}

CellWindow loupeWindow(glm::vec2 centre, const GridSize& grid) {
    const long long half = kLoupeWindowSide / 2;
    const long long col = static_cast<long long>(std::floor(centre.x));
    const long long row = static_cast<long long>(std::floor(centre.y));
    return windowOnGrid(col - half, row - half, col - half + kLoupeWindowSide,
                        row - half + kLoupeWindowSide, grid);
}

DisplayContents displayContentsOf(const GridSize& grid, const DisplayLayout& layout,
                                  const ViewTransform& view, int width, int height,
                                  Sampling sampling, const std::optional<SurfaceMesh>& mesh,
                                  const std::optional<glm::vec2>& loupeCentre) {
    DisplayContents contents;
    contents.grid = grid;
    contents.layout = layout;
    if (mesh) {
        if (mesh->fromField) {
            contents.cells = CellWindow{mesh->firstCol, mesh->firstRow, mesh->cols, mesh->rows};
        } else {
            contents.image = mesh->image;
        }
    } else if (view.cellsPerPixel > 1.0f) {
        ViewSampling image = viewSamplingOf(view, width, height);
        image.nearest = sampling == Sampling::Nearest;
        contents.image = image;
    } else {
        contents.cells = cellsInView(view, width, height, grid);
    }
    if (loupeCentre) {
        contents.loupe = loupeWindow(*loupeCentre, grid);
    }
    const std::size_t values = contents.image ? contents.image->pixels() : contents.cells.cells();
    if (values > layout.viewRoom()) {
        throw RuntimeError(
            "the display's buffer was made for a smaller view than it is asked to hold");
    }
    return contents;
}

}  // namespace heatlab
