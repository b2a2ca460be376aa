#pragma once
// Which values the surface view's mesh is made of: the part of the grid the
// flat view shows, sampled at the view's resolution, never a vertex a cell
// of a large grid. Minified, the vertices are the pixels of a view image
// (kernels/numerics/view_image.h) that the backend makes where the field
// lives, each holding its footprint's max or min by the extremes rule, so
// the checkerboard of an unstable step stands as spikes alternating up and
// down; where a vertex would span a cell or less, the vertices are the
// cells themselves, read from the field. No GL here.

#include <glm/glm.hpp>

#include "app/picture/view_transform.h"
#include "kernels/numerics/params.h"
#include "kernels/numerics/view_image.h"

namespace heatlab {

// Screen pixels of the flat view a vertex spans: a spike then stays a few
// pixels wide on screen when the fitted camera tilts the surface, instead of
// aliasing into a moiré below a pixel.
inline constexpr int kSurfacePixelsPerVertex = 4;
// The most vertices a side, whatever the picture's size (a 8192-pixel slide
// still draws a mesh a GPU's 4 graphics SMs take in stride).
inline constexpr int kMaxSurfaceVertices = 1024;

struct SurfaceMesh {
    int cols = 0;  // vertices across and down, each >= 2
    int rows = 0;
    // true: vertex (i, j) is cell (firstCol + i, firstRow + j) of the field;
    // false: it is pixel (i, j) of `image`, made by the backend.
    bool fromField = false;
    int firstCol = 0;
    int firstRow = 0;
    ViewSampling image;
    // The mesh's extent in cells, for its shape in world space.
    float spanCols = 1.0f;
    float spanRows = 1.0f;
};

// The mesh for what `view` shows of `grid` in a width x height rectangle:
// the shown cells (clipped to the grid), a vertex every
// kSurfacePixelsPerVertex pixels (at most kMaxSurfaceVertices a side), or
// every cell where that is finer. Grids of fewer than 2 cells a side get a
// mesh of 2 vertices a side on the one cell.
SurfaceMesh surfaceMesh(const ViewTransform& view, int width, int height, const GridSize& grid);

}  // namespace heatlab
