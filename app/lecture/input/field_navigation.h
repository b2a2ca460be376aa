#pragma once
// Zoom and pan of the field in the window: the mouse wheel zooms about the
// cell under the cursor, a drag moves the field, F fits the whole grid
// again. Zoomed in far enough, single cells (and the checkerboard of an
// unstable r) are squares of many pixels.

#include <optional>

#include "app/picture/view_transform.h"
#include "kernels/numerics/params.h"

namespace heatlab {

class FieldNavigation {
public:
    // The view to draw with; empty means the whole grid, fitted.
    const std::optional<ViewTransform>& view() const { return view_; }
    void fit() { view_.reset(); }
    // Shows `view` as given (a scene's); empty fits the grid.
    void setView(const std::optional<ViewTransform>& view) { view_ = view; }

    // Zooms by `clicks` of the wheel (positive: in) about the pixel (x, y)
    // of the field's width x height rectangle, counted from its top left
    // corner: that pixel keeps showing the same cell.
    void zoom(double clicks, float x, float y, int width, int height, const GridSize& grid);
    // Moves the field with the cursor by (dx, dy) pixels (y down).
    void pan(float dx, float dy, int width, int height, const GridSize& grid);
    // The cell coordinate (col, row as floats; cell (c, r) spans [c, c + 1))
    // under the pixel (x, y) of the width x height rectangle, counted from
    // its top left corner: where the mouse paints.
    glm::vec2 cellAt(float x, float y, int width, int height, const GridSize& grid) const;

private:
    ViewTransform current(int width, int height, const GridSize& grid) const;

    std::optional<ViewTransform> view_;
};

}  // namespace heatlab
