#pragma once
// Where a frame's time goes, as the panel shows it: numbers and a stacked
// bar of the steps, the copy-back policy's copies, the display update (the
// field into the GL buffer), the field's draw and the panel's. Measured by a timed frame (each part
// waited for), which the window runs about once a second, so the other frames keep the device and
// GL working side by side.

#include "app/render/frame.h"

namespace heatlab {

struct FrameBreakdown {
    bool measured = false;  // no timed frame yet: nothing to show
    double stepsMs = 0.0;
    int stepsTimed = 0;  // the steps stepsMs is the time of (device timers on a GPU)
    double copyBackMs = 0.0;
    double displayMs = 0.0;
    double drawMs = 0.0;
    double uiMs = 0.0;

    double totalMs() const { return stepsMs + copyBackMs + displayMs + drawMs + uiMs; }
};

// A timed frame's parts (runFrame's, with the panel's time beside them).
FrameBreakdown breakdownOf(const FrameStats& parts, double uiMs);

// Draws the bar `width` ImGui units wide at the cursor, with a legend of the
// parts in milliseconds and shares (ImGui calls only).
void drawFrameBreakdown(const FrameBreakdown& breakdown, float width);

}  // namespace heatlab
