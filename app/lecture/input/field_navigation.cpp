#include "app/lecture/input/field_navigation.h"

#include <algorithm>
#include <cmath>

namespace heatlab {

namespace {

// A wheel click zooms by a quarter; at most 64 pixels a cell, at least a
// quarter of the fitted size (zooming out further only adds background).
constexpr double kZoomPerClick = 1.25;
constexpr float kMinCellsPerPixel = 1.0f / 64.0f;
constexpr float kMaxZoomOut = 4.0f;

}  // namespace

ViewTransform FieldNavigation::current(int width, int height, const GridSize& grid) const {
    return view_ ? *view_ : fitView(grid.nx, grid.ny, width, height);
}

void FieldNavigation::zoom(double clicks, float x, float y, int width, int height,
                           const GridSize& grid) {
    if (width < 1 || height < 1) {
        return;
    }
    ViewTransform view = current(width, height, grid);
    const float fitted = fitView(grid.nx, grid.ny, width, height).cellsPerPixel;
    const glm::vec2 fromCentre(x - 0.5f * static_cast<float>(width),
                               y - 0.5f * static_cast<float>(height));
    const glm::vec2 cell = view.centre + fromCentre * view.cellsPerPixel;
    const auto scaled = static_cast<float>(view.cellsPerPixel * std::pow(kZoomPerClick, -clicks));
    view.cellsPerPixel = std::clamp(scaled, std::min(kMinCellsPerPixel, fitted),
                                    std::max(fitted * kMaxZoomOut, kMinCellsPerPixel));
    view.centre = cell - fromCentre * view.cellsPerPixel;
    view_ = view;
}

void FieldNavigation::pan(float dx, float dy, int width, int height, const GridSize& grid) {
    ViewTransform view = current(width, height, grid);
    view.centre -= glm::vec2(dx, dy) * view.cellsPerPixel;
    view_ = view;
}

glm::vec2 FieldNavigation::cellAt(float x, float y, int width, int height,
                                  const GridSize& grid) const {
    const ViewTransform view = current(width, height, grid);
    const glm::vec2 fromCentre(x - 0.5f * static_cast<float>(width),
                               y - 0.5f * static_cast<float>(height));
    return view.centre + fromCentre * view.cellsPerPixel;
}

}  // namespace heatlab
