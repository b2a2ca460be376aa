#pragma once
// A slide: a picture of a chosen size holding the field fitted with square
// cells, its colour bar with the range's end values, and a one-line caption
// (r, 1 - 4r, the grid's own checkerboard growth and bound beside |1 - 8r|,
// step, max |u|, grid, kernel, backend), for `heatlab
// shot --slide` and the window's slide screenshot alike.

#include "app/render/field_picture.h"

namespace heatlab {

// Runs one frame of `settings` (its steps included) into an offscreen
// picture of width x height pixels. The caller adds the text chunks
// (describePicture()).
Picture slidePicture(Simulation& simulation, GlField& view, FieldRenderer& renderer,
                     const FrameSettings& settings, int width, int height);

}  // namespace heatlab
