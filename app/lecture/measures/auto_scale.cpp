#include "app/lecture/measures/auto_scale.h"

#include <cmath>

#include "app/i18n/translation.h"

namespace heatlab {

bool explodedPastBound(double growthFactor, float maxAbs) {
    // A NaN max |u| has overflowed: exploded too.
    return std::fabs(growthFactor) > 1.0 && !(std::fabs(maxAbs) <= kAutoScaleAbove);
}

std::optional<Notice> autoScaleAfter(PictureSettings& picture, double growthFactor, float maxAbs) {
    if (!picture.autoScale || picture.scale != ColourScale::Linear ||
        !explodedPastBound(growthFactor, maxAbs)) {
        return std::nullopt;
    }
    picture.scale = ColourScale::SignedLog;
    return Notice::info(
        tr("the colour scale is signed-log now: the checkerboard grows over the whole "
           "field (L: linear; R: a new field, linear again)"),
        tr("colour scale: signed-log now, the checkerboard on the whole field (L: "
           "linear)"));
}

void autoScaleForNewField(PictureSettings& picture) {
    if (picture.autoScale) {
        picture.scale = ColourScale::Linear;
    }
}

}  // namespace heatlab
