#pragma once
// A slide: a picture of a chosen size holding the field fitted with square
// cells, its colour bar with the range's end values and ticks in field units
// (colourBarTicks()), and a one-line caption (r, 1 - 4r, the grid's own
// checkerboard growth and bound beside |1 - 8r|, step, max |u|, grid,
// kernel, backend, the colour scale when it is not linear, and the colour
// of non-finite cells when the field holds any), and the
// loupe when the settings ask for it, labelled with its magnification, for
// `heatlab shot --slide` and the window's slide screenshot alike.

#include <vector>

#include "app/picture/colour_bar_ticks.h"
#include "app/render/field_picture.h"
#include "app/render/text_overlay.h"

namespace heatlab {

// Where a slide of width x height pixels puts the field and its bar, in
// pixels as glViewport takes them (y up from the picture's bottom edge).
struct SlideLayout {
    int fieldLeft = 0;
    int fieldBottom = 0;
    int fieldWidth = 0;
    int fieldHeight = 0;
    int barLeft = 0;  // the bar spans the field's height
    int barWidth = 0;
    int labelLeft = 0;  // where the bar's labels start
    int margin = 0;
    int captionHeight = 0;
    float lineHeight = 0.0f;  // of the text
};
// `text` is the slide's text overlay: its line height and label widths
// decide the room the bar's labels and the caption take.
SlideLayout slideLayout(const GridSize& grid, int width, int height, TextOverlay& text);
// The overlay's line height for a slide `height` pixels tall.
float slideLineHeight(int height);
// The ticks a slide's bar shows for `range` (two lines apart, and from the
// ends, whose labels sit inside the bar's length).
std::vector<ColourBarTick> slideTicks(const SlideLayout& layout, const FrameSettings& settings,
                                      const ValueRange& range);

// Runs one frame of `settings` (its steps included) into an offscreen
// picture of width x height pixels. The caller adds the text chunks
// (describePicture()).
Picture slidePicture(Simulation& simulation, GlField& view, FieldRenderer& renderer,
                     const FrameSettings& settings, int width, int height);

}  // namespace heatlab
