#include "app/ui/colour_bar.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/render/colour_bar_ticks.h"

namespace heatlab {

ColourBar::Strip ColourBar::strip(float pixelsPerUnit) {
    Strip strip;
    strip.margin = static_cast<int>(std::lround(ImGui::GetFontSize() * 0.5f * pixelsPerUnit));
    strip.bar = static_cast<int>(std::lround(ImGui::GetFontSize() * 0.9f * pixelsPerUnit));
    // Room for the longest value a range shows ("-1.23e+09").
    strip.label =
        static_cast<int>(std::lround(ImGui::CalcTextSize("-0.000e+00").x * pixelsPerUnit));
    strip.width = 3 * strip.margin + strip.bar + strip.label;
    return strip;
}

void ColourBar::draw(const Strip& strip, GlField& view, FieldRenderer& renderer,
                     const FrameSettings& settings, int fieldRight, int fieldHeight,
                     float pixelsPerUnit) {
    // The range is read back for the non-finite legend even when locked.
    if (const std::optional<FieldRange> stored = view.finishedRange()) {
        nonFinite_ = stored->hasNaN || std::isinf(stored->min) || std::isinf(stored->max);
        if (settings.range.automatic) {
            shown_ = drawnRangeOf(*stored, settings);
        }
    }
    view.queueRangeReadback();
    if (!settings.range.automatic) {
        shown_ = ValueRange{settings.range.lo, settings.range.hi};
    }
    const float pixels = pixelsPerUnit;
    const int line = static_cast<int>(std::lround(ImGui::GetTextLineHeightWithSpacing() * pixels));
    const int x = fieldRight + strip.margin;
    // A row at the bottom for the legend of the colour non-finite cells get.
    const int legend = nonFinite_ ? line + strip.margin : 0;
    const int height = std::max(1, fieldHeight - 2 * (line + strip.margin) - legend);
    renderer.drawColourBar(settings.map, x, line + strip.margin + legend, strip.bar, height);
    ImDrawList* draw = ImGui::GetForegroundDrawList();
    const ImU32 ink = IM_COL32(225, 225, 225, 255);
    const float left = static_cast<float>(x) / pixels;
    if (nonFinite_) {
        const float y = static_cast<float>(fieldHeight - line) / pixels;
        const float side = static_cast<float>(strip.bar) / pixels;
        draw->AddRectFilled(ImVec2(left, y), ImVec2(left + side, y + ImGui::GetTextLineHeight()),
                            IM_COL32(kNanColour.r, kNanColour.g, kNanColour.b, 255));
        draw->AddText(ImVec2(left + side + static_cast<float>(strip.margin) / pixels, y), ink,
                      "NaN, inf");
    }
    if (!shown_) {
        return;
    }
    const float top = static_cast<float>(strip.margin) / pixels;
    draw->AddText(ImVec2(left, top), ink, numberText(shown_->hi, 4).c_str());
    draw->AddText(ImVec2(left, static_cast<float>(fieldHeight - line - legend) / pixels), ink,
                  numberText(shown_->lo, 4).c_str());

    // The ticks right of the bar, in field units under either scale, 1.5
    // lines apart and from the ends.
    const float barTop =
        static_cast<float>(fieldHeight - line - strip.margin - legend - height);  // y down
    const float barRight = static_cast<float>(x + strip.bar);
    const float labelLeft = barRight + static_cast<float>(strip.margin);
    const float spacing = 1.5f * static_cast<float>(line) / static_cast<float>(height);
    for (const ColourBarTick& tick :
         colourBarTicks(*shown_, settings.scale, settings.scaleReference, spacing)) {
        const float y = (barTop + tickOffsetFromTop(tick.position, height)) / pixels;
        draw->AddLine(ImVec2(barRight / pixels, y),
                      ImVec2((barRight + 0.7f * static_cast<float>(strip.margin)) / pixels, y), ink,
                      std::max(1.0f, 1.0f / pixels));
        draw->AddText(ImVec2(labelLeft / pixels, y - 0.5f * ImGui::GetTextLineHeight()), ink,
                      tick.label.c_str());
    }
}

}  // namespace heatlab
