#pragma once
// What a frame's display buffer must hold for what the frame draws
// (kernels/backend.h's DisplayContents, laid out by kernels/display_layout.h):
// where the view shows one cell a pixel or more, the cells in view; where it
// is minified, its image, one value a pixel (under either sampling rule:
// the backend reads every cell of a pixel's footprint, or the one under its
// centre); for the surface view, its mesh's cells or image; and the loupe's
// cells. Worked out from the view alone, never the grid's size, so any grid
// is drawn at the cost of the view. No GL here.

#include <optional>

#include <glm/glm.hpp>

#include "app/picture/picture_settings.h"
#include "app/picture/surface_mesh.h"
#include "app/picture/view_transform.h"
#include "kernels/backend.h"

namespace heatlab {

// The cells a width x height rectangle showing `view` reads at one cell a
// pixel or more: those under its pixel centres and one more at each side,
// on the grid. At most (width + 4) x (height + 4) where cellsPerPixel <= 1
// (DisplayLayout::viewRoom()).
CellWindow cellsInView(const ViewTransform& view, int width, int height, const GridSize& grid);

// The loupe's cells: kLoupeWindowSide a side around the cell under
// `centre` (a cell coordinate), on the grid. The loupe shows 21 of them
// across (loupe_layout.h), centred on `centre`.
CellWindow loupeWindow(glm::vec2 centre, const GridSize& grid);

// What a frame of a width x height rectangle showing `view` of `grid` needs
// in a buffer of `layout` (made for that rectangle, or a larger one): the
// surface's (`mesh`), else the flat view's under `sampling`; with
// `loupeCentre`, the loupe's cells. Throws RuntimeError where the layout
// has no room for them (a layout made for a smaller rectangle).
DisplayContents displayContentsOf(const GridSize& grid, const DisplayLayout& layout,
                                  const ViewTransform& view, int width, int height,
                                  Sampling sampling, const std::optional<SurfaceMesh>& mesh,
                                  const std::optional<glm::vec2>& loupeCentre);

}  // namespace heatlab
