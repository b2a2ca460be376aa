#include "app/picture/draw_settings.h"

namespace heatlab {

DrawSettings drawSettingsOf(const PictureSettings& picture) {
    DrawSettings draw;
    draw.map = picture.map;
    draw.scale = picture.scale;
    draw.scaleReference = picture.scaleReference;
    draw.lo = picture.range.lo;
    draw.hi = picture.range.hi;
    draw.rangeFromField = picture.range.automatic;
    return draw;
}

ValueRange drawnRangeOf(const FieldRange& stored, const PictureSettings& picture) {
    if (!picture.range.automatic) {
        return {picture.range.lo, picture.range.hi};
    }
    return picture.map == ColourMap::Diverging ? centredOnZero(stored.min, stored.max)
                                               : ValueRange{stored.min, stored.max};
}

}  // namespace heatlab
