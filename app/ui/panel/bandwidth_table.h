#pragma once
// Draws the bandwidth survey's table (the bench's table 1 for the window's
// grid) with ImGui: the rows measured so far, a progress bar while it runs,
// what it was measured on, and what went wrong if anything did. The button
// that starts it belongs to the caller.

#include "app/measure/bandwidth_survey.h"
#include "app/measure/roofline.h"

namespace heatlab {

// Draws `width` ImGui units wide at the cursor (ImGui calls only: between
// ImGuiLayer::beginFrame() and render()).
void drawBandwidthTable(const BandwidthSurvey& survey, float width);

// The survey's rows as a roofline (roofline_plot.h) below the table, once
// a row is measured, the running kernel's point ringed on it: it moves as
// the grid, the steps a pass or the copy-back policy change.
void drawLiveRoofline(const BandwidthSurvey& survey, const RunningKernel& running);
// The roofline it draws, its names in the words' language.
Roofline liveRoofline(const BandwidthSurvey& survey, const RunningKernel& running);

}  // namespace heatlab
