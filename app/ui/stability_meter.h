#pragma once
// The stability meter: max |u| and the checkerboard amplitude after every
// frame since the last reset, on a log scale, beside the line the
// checkerboard mode follows, |1 - 8r| a step, drawn through the newest
// amplitude. Past r = 0.25 the amplitude runs along that line and max |u|
// bends onto it as the checkerboard takes over the field; below, max |u|
// stays flat (the maximum principle) while the amplitude and the line fall.

#include "app/lecture/stability_history.h"

namespace heatlab {

// Draws the meter `width` ImGui units wide at the cursor (ImGui calls only:
// between ImGuiLayer::beginFrame() and render()). Without any amplitude in
// the history the line goes through the newest max |u| instead.
void drawStabilityMeter(const StabilityHistory& history, float width);

}  // namespace heatlab
