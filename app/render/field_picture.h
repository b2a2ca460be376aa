#pragma once
// A picture of the field for a PNG, the same wherever it is taken (`heatlab
// shot`, the window's screenshot key): drawn through runFrame(), described by
// the parameters that made it (the PNG's text chunks, so a picture says how
// it was made), and named after the state when the user gave no name.

#include <string>

#include "app/io/png_file.h"
#include "app/render/field_renderer.h"
#include "app/render/field_view.h"
#include "app/render/frame.h"
#include "kernels/simulation.h"

namespace heatlab {

struct Picture {
    RgbImage image;
    PngText text;
    FrameStats frame;
    ValueRange range;  // what the colour map spanned
};

// Runs one frame of `settings` (its steps included) into an offscreen
// target of the grid's own size: one pixel per cell, no UI.
Picture pictureOfField(Simulation& simulation, FieldView& view, FieldRenderer& renderer,
                       const FrameSettings& settings);

// The text chunks of a picture: software and version, backend and device,
// kernel, r, steps, grid, boundary, initial field, colour map, range (how
// chosen, and its ends), display path, max |u|.
PngText describePicture(Simulation& simulation, const FrameSettings& settings,
                        const Picture& picture);

// "heatlab_optimised_r0.26_step000400.png".
std::string pictureNameAfterState(const Params& params, long long step);

}  // namespace heatlab
