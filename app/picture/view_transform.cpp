#include "app/picture/view_transform.h"

#include <algorithm>

namespace heatlab {

ViewTransform fitView(int nx, int ny, int width, int height) {
    ViewTransform view;
    view.centre = 0.5f * glm::vec2(static_cast<float>(nx), static_cast<float>(ny));
    if (width > 0 && height > 0) {
        view.cellsPerPixel = std::max(static_cast<float>(nx) / static_cast<float>(width),
                                      static_cast<float>(ny) / static_cast<float>(height));
    }
    return view;
}

glm::mat3 pixelToCell(const ViewTransform& view, int width, int height) {
    const float s = view.cellsPerPixel;
    // Columns: x scale, y scale, then the cell under the rectangle's top left
    // corner, so that the rectangle's centre lands on view.centre.
    return glm::mat3(s, 0.0f, 0.0f,  //
                     0.0f, s, 0.0f,  //
                     view.centre.x - 0.5f * static_cast<float>(width) * s,
                     view.centre.y - 0.5f * static_cast<float>(height) * s, 1.0f);
}

ViewSampling viewSamplingOf(const ViewTransform& view, int width, int height) {
    const glm::mat3 toCell = pixelToCell(view, width, height);
    ViewSampling sampling;
    sampling.originCol = toCell[2][0];
    sampling.originRow = toCell[2][1];
    sampling.cellsPerPixel = view.cellsPerPixel;
    sampling.width = width;
    sampling.height = height;
    return sampling;
}

}  // namespace heatlab
