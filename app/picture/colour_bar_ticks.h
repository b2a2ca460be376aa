#pragma once
// The ticks of a colour bar, in the field's units under either colour
// scale, for every bar that is drawn (the window's, a slide's) and for the
// tests, which read them here: round values (1, 2 or 5 times a power of
// ten) under the linear scale; zero and whole decades (-1e30 .. -1, 0, 1 ..
// 1e30, every decade or every 2nd, 5th, 10th ... as room allows) under the
// signed-log one. No GL here.

#include <string>
#include <vector>

#include "app/picture/colour_map.h"
#include "app/picture/colour_scale.h"

namespace heatlab {

struct ColourBarTick {
    double value;  // in field units
    // Along the bar: 0 at its bottom (the range's lo), 1 at its top (hi);
    // the t at which the bar shows the colour the field gets for `value`.
    float position;
    std::string label;  // "0.5", "100", "1e+20"
};

// The ticks inside a bar spanning `range` (in field units, as drawn),
// lowest first. `spacing` is the share of the bar's length a label needs:
// every tick is at least that far from the others and from the bar's ends,
// whose own values the bar labels apart. An empty or non-finite range, or a
// spacing outside (0, 0.5), has none.
std::vector<ColourBarTick> colourBarTicks(const ValueRange& range, ColourScale scale,
                                          float scaleReference, float spacing);

// Pixels from the top edge of a bar `barHeight` pixels tall to the centre
// of the pixel row drawn in the colour at `position` (the bar's bottom row
// is t = 0, its top row t = 1, as FieldRenderer::drawColourBar() draws it).
float tickOffsetFromTop(float position, int barHeight);

}  // namespace heatlab
