#pragma once
// Where a frame's time goes, as the panel shows it: numbers and a stacked
// bar of the steps, the copy-back policy's copies, the display update (the
// field into the GL buffer), the field's draw and the panel's. Measured by a
// timed frame (each part waited for), which the window runs about once a
// second, so the other frames keep the device and GL working side by side.

#include <optional>

#include "app/render/frame.h"

namespace heatlab {

// Draws the bar `width` ImGui units wide at the cursor, with a legend of the
// parts in milliseconds and shares, or says no frame has been timed yet
// (ImGui calls only).
void drawFrameBreakdown(const std::optional<FrameStats>& timed, float width);

}  // namespace heatlab
