#pragma once
// Which part of the grid a rectangle shows, and the arithmetic between the
// rectangle's pixels and the grid's cells: the whole grid fitted, the pixel
// -> cell map, and the backend's description of a view's image. No GL here:
// the lecture's navigation, the loupe's layout and the surface's mesh use it
// as the renderer does.

#include <glm/glm.hpp>

#include "kernels/numerics/view_image.h"

namespace heatlab {

// Which part of the grid a rectangle shows, in cells: the cell coordinate
// (x right, y down; cell (col, row) spans [col, col + 1) x [row, row + 1))
// at the rectangle's centre, and how many cells one pixel spans (> 1 when
// minified, < 1 when magnified).
struct ViewTransform {
    glm::vec2 centre{0.0f, 0.0f};
    float cellsPerPixel = 1.0f;
};

// The whole nx x ny grid visible in a width x height rectangle, centred,
// with square cells (the aspect ratio is kept; the spare side is background).
ViewTransform fitView(int nx, int ny, int width, int height);

// The pixel -> cell map of `view` in a width x height rectangle: a pixel
// centre (x + 0.5, y + 0.5), x from the left and y from the top, goes to
// the cell coordinate pixelToCell(...) * vec3(x + 0.5, y + 0.5, 1).
glm::mat3 pixelToCell(const ViewTransform& view, int width, int height);

// The backend's description of what `view` shows in a width x height
// rectangle: pixelToCell()'s, for the view's image.
ViewSampling viewSamplingOf(const ViewTransform& view, int width, int height);

}  // namespace heatlab
