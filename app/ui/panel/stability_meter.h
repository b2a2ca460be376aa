#pragma once
// The stability meter: max |u| and the checkerboard amplitude after every
// frame since the last reset, on a log scale, beside the line the
// checkerboard mode follows, the grid's own growth a step (its highest
// mode's |factor|, kernels/numerics/grid_modes.h: |1 - 8r| only on the
// infinite grid), drawn through the largest amplitude since r took its
// value (a ramp of r keeps the whole run on the plot; referenceAnchor() of
// app/lecture/measures/meter_geometry.h) and clipped to the plot. Past the grid's
// bound the amplitude runs along that line and max |u| bends onto it as the
// checkerboard takes over the field; below, max |u| stays flat (the maximum
// principle, r <= 0.25) while the amplitude falls along the line into the
// field's rounding noise. Under the plot, the steps at a few round counts.

#include "app/lecture/measures/stability_history.h"

namespace heatlab {

// Draws the meter `width` ImGui units wide at the cursor (ImGui calls only:
// between ImGuiLayer::beginFrame() and render()), the line growing by
// `growth` a step: the running grid's at the history's r. Without any
// amplitude in the history the line goes through the largest max |u|
// instead.
void drawStabilityMeter(const StabilityHistory& history, double growth, float width);

}  // namespace heatlab
