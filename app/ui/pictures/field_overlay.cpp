#include "app/ui/pictures/field_overlay.h"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "app/i18n/text_wrap.h"
#include "app/i18n/translation.h"
#include "app/lecture/input/key_commands.h"

namespace heatlab {

namespace {

// Of the field's width, the text's: room at both ends for the band's
// margins, narrow enough to read in one sweep of the eye.
constexpr float kTextShare = 0.9f;

// The overlay font's width of a run of text (no line break in it).
TextWidth fontWidth(ImFont* font, float size) {
    return [font, size](std::string_view text) {
        if (text.empty()) {
            return 0.0f;  // CalcTextSizeA reads a null end as "to the NUL"
        }
        return font->CalcTextSizeA(size, FLT_MAX, 0.0f, text.data(), text.data() + text.size()).x;
    };
}

}  // namespace

std::string wrappedToWidth(ImFont* font, float size, const std::string& text, float width) {
    return wrapText(text, width, fontWidth(font, size));
}

void textWrappedToWidth(const std::string& text) {
    const std::string lines = wrappedToWidth(ImGui::GetFont(), ImGui::GetFontSize(), text,
                                             std::max(1.0f, ImGui::GetContentRegionAvail().x));
    ImGui::TextUnformatted(lines.c_str());
}

FittedText noticeText(ImFont* font, float size, const std::string& text, float width) {
    return fitText(text, width, kNoticeLines, size, kNoticeFloor * size, fontWidth(font, size));
}

OverlayBand drawFieldNotice(const std::vector<FieldNotice::Line>& lines, const ImGuiLayer& imgui,
                            float left, float fieldWidth, float fieldHeight, float top,
                            std::vector<DrawnNotice>& drawn) {
    ImFont* font = imgui.overlayFont();
    if (lines.empty() || font == nullptr || fieldWidth <= 0.0f) {
        return {};
    }
    // In window units: a font rasterised for a denser screen is larger in
    // its pixels (ImGuiLayer's density).
    const float fontSize = font->FontSize * ImGui::GetIO().FontGlobalScale;
    const float pad = 0.4f * fontSize;
    OverlayBand all;
    float y = top + pad;  // at the top: the bottom of the field holds the key strip
    for (const FieldNotice::Line& line : lines) {
        const FittedText fitted = noticeText(font, fontSize, line.text, fieldWidth * kTextShare);
        const float size = fitted.size;
        const std::string& text = fitted.lines;
        const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0.0f, text.c_str());
        OverlayBand band;
        band.width = std::min(fieldWidth, extent.x + 2.0f * pad);
        band.height = extent.y + 2.0f * pad;
        band.x = left + 0.5f * (fieldWidth - band.width);
        band.y = std::min(y, std::max(0.0f, fieldHeight - band.height));
        const auto alpha = static_cast<int>(255.0 * line.strength);
        ImDrawList* draw = ImGui::GetForegroundDrawList();
        draw->AddRectFilled(ImVec2(band.x, band.y),
                            ImVec2(band.x + band.width, band.y + band.height),
                            IM_COL32(16, 16, 24, alpha * 220 / 255), 0.3f * fontSize);
        draw->AddText(font, size, ImVec2(band.x + pad, band.y + pad),
                      IM_COL32(255, 255, 255, alpha), text.c_str());
        drawn.push_back({line.text, text, size, band});
        if (all.height == 0.0f) {
            all = band;
        } else {
            const float leftmost = std::min(all.x, band.x);
            all.width = std::max(all.x + all.width, band.x + band.width) - leftmost;
            all.x = leftmost;
            all.height = band.y + band.height - all.y;
        }
        y = band.y + band.height + 0.5f * pad;
    }
    return all;
}

void drawLoupeLabel(const LoupeLayout& loupe, int fieldLeft, int fieldTop, int fieldHeight,
                    float pixelsPerUnit) {
    const glm::vec2 centre = glm::floor(loupe.view.centre);
    char text[128];
    std::snprintf(text, sizeof text, tr("loupe x%d, cell %d, %d"), loupe.pixelsPerCell,
                  static_cast<int>(centre.x), static_cast<int>(centre.y));
    const float top =
        static_cast<float>(fieldTop + fieldHeight - loupe.bottom - loupe.side - 2 * loupe.border) /
        pixelsPerUnit;
    const float right =
        static_cast<float>(fieldLeft + loupe.left + loupe.side + loupe.border) / pixelsPerUnit;
    const ImVec2 size = ImGui::CalcTextSize(text);
    const float pad = 0.25f * size.y;
    // On a dark strip: the field under it may be any colour.
    const ImVec2 at(std::max(pad, right - size.x - pad), top - size.y - 2.0f * pad);
    ImDrawList* draw = ImGui::GetForegroundDrawList();
    draw->AddRectFilled(ImVec2(at.x - pad, at.y - pad),
                        ImVec2(at.x + size.x + pad, at.y + size.y + pad),
                        IM_COL32(16, 16, 16, 230));
    draw->AddText(at, IM_COL32(235, 235, 235, 255), text);
}

void drawKeyHelp(float fieldWidth, float displayHeight, bool expanded) {
    ImFont* font = ImGui::GetFont();
    const float size = ImGui::GetFontSize();
    const float margin = size * 0.4f;
    const float wrap = std::max(size, fieldWidth - 4.0f * margin);
    const std::string lines =
        wrappedToWidth(font, size, tr(expanded ? kKeyHelp : kKeyHelpHint), wrap);
    const char* help = lines.c_str();
    const ImVec2 text = font->CalcTextSizeA(size, 1.0e9f, 0.0f, help);
    const ImVec2 at(2.0f * margin, displayHeight - text.y - 2.0f * margin);
    ImDrawList* draw = ImGui::GetForegroundDrawList();
    draw->AddRectFilled(ImVec2(at.x - margin, at.y - margin),
                        ImVec2(at.x + text.x + margin, at.y + text.y + margin),
                        // Opaque enough, when the whole list shows, to read it
                        // over the loupe's checkerboard.
                        IM_COL32(0, 0, 0, expanded ? 215 : 150), margin);
    draw->AddText(font, size, at, IM_COL32(220, 220, 220, 255), help);
}

float keyHintTop(float displayHeight) {
    // As drawKeyHelp() lays out one line: the text's height and its margins.
    const float size = ImGui::GetFontSize();
    return displayHeight - size - 3.0f * (size * 0.4f);
}

}  // namespace heatlab
