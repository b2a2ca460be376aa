#pragma once
// Where a frame's time goes, as the panel shows it: numbers and a stacked
// bar of the steps, the copy-back policy's copies, the display update (the
// field into the GL buffer), the field's draw and the panel's. Measured by a
// timed frame (each part waited for), which the window runs about once a
// second, so the other frames keep the device and GL working side by side.

#include <optional>
#include <string>

#include "app/render/frame.h"

namespace heatlab {

// Draws the bar `width` ImGui units wide at the cursor, with a legend of the
// parts in milliseconds and shares, or says no frame has been timed yet
// (ImGui calls only): drawFrameBar(), then drawFrameLegend().
void drawFrameBreakdown(const std::optional<FrameStats>& timed, float width);
// Its two halves, for a panel that puts something between them: the bar
// and the backend's ms a step (or the line saying no frame was timed yet);
// the frame's total and the legend (nothing before a timed frame).
void drawFrameBar(const std::optional<FrameStats>& timed, float width);
void drawFrameLegend(const std::optional<FrameStats>& timed);

// The legend's texts for a part of `ms` in a frame of `totalMs`, as drawn:
// "0.000431 ms" (%.3g: at most 8 characters before " ms") and "12%".
std::string legendTime(double ms);
std::string legendShare(double ms, double totalMs);

// The legend is a table, a part a row: a swatch and its name, its time and
// its share, the numbers right-aligned. Its columns are as wide as the
// widest name and the widest text legendTime() and legendShare() can give,
// in the current font and style (ImGui calls only: in a frame), so the
// legend holds still as the numbers change, and nothing in it is cut where
// `total` (the columns with the table's cell padding) fits in the panel.
struct LegendLayout {
    float swatch = 0.0f;  // the side of a part's colour square
    float name = 0.0f;    // the first column: the swatch, a space, the name
    float time = 0.0f;
    float share = 0.0f;
    float total = 0.0f;
};
LegendLayout legendLayout();

}  // namespace heatlab
