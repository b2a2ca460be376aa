#pragma once
// A picture of the field for a PNG, the same wherever it is taken (`heatlab
// shot`, the window's screenshot key): drawn through runFrame(), described by
// the parameters that made it (the PNG's text chunks, so a picture says how
// it was made), and named after the state when the user gave no name.

#include <string>

#include "app/io/png_file.h"
#include "app/picture/picture_size.h"
#include "app/render/field_renderer.h"
#include "app/render/frame.h"
#include "app/render/gl_field.h"
#include "kernels/simulation.h"

namespace heatlab {

struct Picture {
    RgbImage image;
    PngText text;
    FrameStats frame;
    ValueRange range;  // what the colour map spanned
    // A picture of the field drawn smaller than one pixel a cell (a grid
    // past the pixels a PNG may have): cells a pixel on each side.
    int cellsPerPixel = 1;
};

// The tiles' side when the caller names none: the GL's limit
// (maxTargetSide()), at most this, so the one tile target stays small.
inline constexpr int kPictureTileSide = 4096;

// The surface view's picture of a grid: its longer side at least this many
// pixels (a 64-cell grid's surface would be a thumbnail), at most a tile.
inline constexpr int kMinSurfacePictureSide = 512;

// Runs one frame of `settings` (its steps included) and draws the whole grid
// at one pixel per cell, no UI (settings.view is not used), or at
// `cellsPerPixel` cells a pixel each way (the picture ceil(nx / c) x
// ceil(ny / c), the grid centred in it, minified by the view's sampling
// rule, as the window's field screenshot of a grid past kMaxPicturePixels
// is); in the surface view,
// the whole grid's surface in one picture of the grid's shape, its longer
// side the grid's, kMinSurfacePictureSide to a tile's side. A picture
// wider or taller than a tile is drawn in tiles of at most maxTileSide a
// side (0: kPictureTileSide or the GL's limit, whichever is smaller) into
// one tile target, each a frame of its own view (the display holds a
// tile's values, never the grid's) read back into its place in the one
// picture: the pixels are those of a single draw, the range (locked, or the
// field's own min and max) the same for every tile, the steps run once.
// Throws UsageError, before any step, when the grid has more than
// kMaxPicturePixels cells and `cellsPerPixel` is 1.
Picture pictureOfField(Simulation& simulation, GlField& view, FieldRenderer& renderer,
                       const FrameSettings& settings, int maxTileSide = 0, int cellsPerPixel = 1);

// The text chunks of a picture: software and version, backend and device,
// kernel, r, steps, grid, boundary, initial field, colour map, colour scale
// (and the signed-log scale's u0), range (how chosen, and its ends, in field
// units), display path, max |u|, and the checkerboard's growth a step on
// this grid, its bound ("none" where no r is unstable) and the infinite
// grid's |1 - 8r|; in the surface view, its camera (heatlab.surface); a
// picture smaller than one pixel a cell, its cells a pixel
// (heatlab.cells-per-pixel).
PngText describePicture(Simulation& simulation, const FrameSettings& settings,
                        const Picture& picture);

// "heatlab_optimised_r0.26_step000400.png".
std::string pictureNameAfterState(const Params& params, long long step);

}  // namespace heatlab
