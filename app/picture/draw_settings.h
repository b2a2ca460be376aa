#pragma once
// What the renderer is told of a picture, as plain data: the colour map, its
// scale and range, the sampling rule (DrawSettings), the colour around the
// grid, and the range a frame drew with. The flat view (app/render/
// field_renderer.h) and the surface view (app/render/surface_renderer.h) both
// take it, so neither needs the other's header for it; no GL here.

#include "app/picture/colour_map.h"
#include "app/picture/colour_scale.h"
#include "app/picture/picture_settings.h"
#include "kernels/numerics/field_measures.h"

namespace heatlab {

struct DrawSettings {
    ColourMap map = ColourMap::Heat;
    // Where a value sits on the map (scaledValue()); lo and hi are placed
    // the same way, so they stay the map's ends.
    ColourScale scale = ColourScale::Linear;
    float scaleReference = kDefaultScaleReference;
    // The range that spans the map, in field units. Values outside take the end colours.
    float lo = 0.0f;
    float hi = 1.0f;
    // Instead of lo and hi, the field's own min and max, read from the two
    // values at the display buffer's start (kernels/display_layout.h), so
    // an automatic range needs nothing from the host; the diverging map then
    // centres them on zero.
    bool rangeFromField = false;
    // The sampling rule is not the draw's: a minified view draws an image
    // made by that rule where the field lives (display_plan.h).
};

// What pixels outside the grid get: a neutral dark grey, far from the NaN
// colour, that frames the grid without competing with it.
inline constexpr Rgb8 kBackground{32, 32, 32};

// What the renderer is told of a picture's settings: the one translation,
// for runFrame() and for the tiles of a picture larger than one target.
DrawSettings drawSettingsOf(const PictureSettings& picture);

// The range a picture drew with: the locked one, or the field's own min and
// max stored after it (`stored`, finishedRange() or the GlField's), centred
// on zero for the diverging map, so white means zero.
ValueRange drawnRangeOf(const FieldRange& stored, const PictureSettings& picture);

}  // namespace heatlab
