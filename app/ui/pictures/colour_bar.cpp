#include "app/ui/pictures/colour_bar.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/picture/colour_bar_ticks.h"

namespace heatlab {

ColourBar::Strip ColourBar::strip(float pixelsPerUnit) {
    Strip strip;
    strip.margin = static_cast<int>(std::lround(ImGui::GetFontSize() * 0.5f * pixelsPerUnit));
    strip.bar = static_cast<int>(std::lround(ImGui::GetFontSize() * 0.9f * pixelsPerUnit));
    // Room for the longest value a range shows ("-1.23e+09").
    strip.label =
        static_cast<int>(std::lround(ImGui::CalcTextSize("-0.000e+00").x * pixelsPerUnit));
    strip.line =
        static_cast<int>(std::lround(ImGui::GetTextLineHeightWithSpacing() * pixelsPerUnit));
    strip.width = 3 * strip.margin + strip.bar + strip.label;
    strip.across = 3 * strip.margin + strip.bar + strip.line;
    return strip;
}

void ColourBar::draw(const Strip& strip, GlField& view, FieldRenderer& renderer,
                     const FrameSettings& settings, const Place& place, float pixelsPerUnit) {
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
    if (place.across) {
        drawAcross(strip, renderer, settings, place, pixelsPerUnit);
    } else {
        drawStanding(strip, renderer, settings, place, pixelsPerUnit);
    }
}

namespace {

constexpr ImU32 kInk = IM_COL32(225, 225, 225, 255);

// The legend of the colour non-finite cells get, its swatch's top left at
// (left, top) in window units.
void drawNonFiniteLegend(const ColourBar::Strip& strip, float left, float top,
                         float pixelsPerUnit) {
    ImDrawList* draw = ImGui::GetForegroundDrawList();
    const float side = static_cast<float>(strip.bar) / pixelsPerUnit;
    draw->AddRectFilled(ImVec2(left, top), ImVec2(left + side, top + ImGui::GetTextLineHeight()),
                        IM_COL32(kNanColour.r, kNanColour.g, kNanColour.b, 255));
    draw->AddText(ImVec2(left + side + static_cast<float>(strip.margin) / pixelsPerUnit, top), kInk,
                  "NaN, inf");
}

}  // namespace

void ColourBar::drawStanding(const Strip& strip, FieldRenderer& renderer,
                             const FrameSettings& settings, const Place& place,
                             float pixelsPerUnit) {
    const float pixels = pixelsPerUnit;
    const int line = strip.line;
    const int fieldHeight = place.fieldHeight;
    const int x = place.gridRight + strip.margin;
    // A row at the bottom for the legend of the colour non-finite cells get.
    const int legend = nonFinite_ ? line + strip.margin : 0;
    const int height = std::max(1, fieldHeight - 2 * (line + strip.margin) - legend);
    renderer.drawColourBar(settings.map, x, place.fieldBottom + line + strip.margin + legend,
                           strip.bar, height);
    ImDrawList* draw = ImGui::GetForegroundDrawList();
    const float left = static_cast<float>(x) / pixels;
    const auto fromTop = [&](int y) { return static_cast<float>(place.fieldTop + y) / pixels; };
    if (nonFinite_) {
        drawNonFiniteLegend(strip, left, fromTop(fieldHeight - line), pixels);
    }
    if (!shown_) {
        return;
    }
    draw->AddText(ImVec2(left, fromTop(strip.margin)), kInk, numberText(shown_->hi, 4).c_str());
    draw->AddText(ImVec2(left, fromTop(fieldHeight - line - legend)), kInk,
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
        const float y = fromTop(0) + (barTop + tickOffsetFromTop(tick.position, height)) / pixels;
        draw->AddLine(ImVec2(barRight / pixels, y),
                      ImVec2((barRight + 0.7f * static_cast<float>(strip.margin)) / pixels, y),
                      kInk, std::max(1.0f, 1.0f / pixels));
        draw->AddText(ImVec2(labelLeft / pixels, y - 0.5f * ImGui::GetTextLineHeight()), kInk,
                      tick.label.c_str());
    }
}

void ColourBar::drawAcross(const Strip& strip, FieldRenderer& renderer,
                           const FrameSettings& settings, const Place& place, float pixelsPerUnit) {
    const float pixels = pixelsPerUnit;
    // Under the grid, its width less, while the field holds NaN or inf, the
    // legend's room at the right.
    const int legend = nonFinite_ ? strip.label + strip.bar + 2 * strip.margin : 0;
    const int left = place.gridLeft;
    const int width = std::max(1, place.gridRight - place.gridLeft - legend);
    const int barTop = place.fieldTop + place.fieldHeight + strip.margin;  // y down
    renderer.drawColourBar(settings.map, left, place.fieldBottom - strip.margin - strip.bar, width,
                           strip.bar, true);
    const float labelTop = static_cast<float>(barTop + strip.bar + strip.margin) / pixels;
    if (nonFinite_) {
        drawNonFiniteLegend(strip, static_cast<float>(left + width + strip.margin) / pixels,
                            static_cast<float>(barTop) / pixels, pixels);
    }
    if (!shown_) {
        return;
    }
    ImDrawList* draw = ImGui::GetForegroundDrawList();
    const std::string lo = numberText(shown_->lo, 4);
    const std::string hi = numberText(shown_->hi, 4);
    const float barLeft = static_cast<float>(left) / pixels;
    const float barRight = static_cast<float>(left + width) / pixels;
    draw->AddText(ImVec2(barLeft, labelTop), kInk, lo.c_str());
    draw->AddText(ImVec2(barRight - ImGui::CalcTextSize(hi.c_str()).x, labelTop), kInk, hi.c_str());
    // The ticks under the bar, a widest label and a half apart and from the
    // ends; t = 0 at the bar's left, as the renderer draws it lying.
    const float spacing = 1.5f * static_cast<float>(strip.label) / static_cast<float>(width);
    const float tickTop = static_cast<float>(barTop + strip.bar) / pixels;
    for (const ColourBarTick& tick :
         colourBarTicks(*shown_, settings.scale, settings.scaleReference, spacing)) {
        const float x = barLeft + (static_cast<float>(width - 1) * tick.position + 0.5f) / pixels;
        draw->AddLine(ImVec2(x, tickTop),
                      ImVec2(x, tickTop + 0.7f * static_cast<float>(strip.margin) / pixels), kInk,
                      std::max(1.0f, 1.0f / pixels));
        const float half = 0.5f * ImGui::CalcTextSize(tick.label.c_str()).x;
        draw->AddText(ImVec2(x - half, labelTop), kInk, tick.label.c_str());
    }
}

}  // namespace heatlab
