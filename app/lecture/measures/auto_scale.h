#pragma once
// The auto colour scale (ScaleChoice::Auto): linear while the field is the
// lesson's diffusion; signed-log once a run past the grid's bound has
// exploded, so the checkerboard shows on the whole field instead of a flat
// map with its few largest cells coloured; linear again on a new field.
//
// Exploded means past the bound and max |u| above twice the initial field's
// peak (every initial field is scaled to a peak of 1): a stable run never
// rises above its initial peak (the discrete maximum principle, r <= 1/4),
// so the switch comes with the explosion and never with a stable run.

#include <optional>

#include "app/lecture/panel/notice.h"
#include "app/picture/picture_settings.h"

namespace heatlab {

inline constexpr float kAutoScaleAbove = 2.0f;

// Whether a run with this growth factor of its highest mode and this
// max |u| has exploded.
bool explodedPastBound(double growthFactor, float maxAbs);

// After a frame's measures: an auto scale still linear turned signed-log
// when the run exploded, and the notice that says so (once).
std::optional<Notice> autoScaleAfter(PictureSettings& picture, double growthFactor, float maxAbs);

// A new field (reset, scene, halve h): an auto scale linear again.
void autoScaleForNewField(PictureSettings& picture);

}  // namespace heatlab
