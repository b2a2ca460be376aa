#include "app/ui/field_overlay.h"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <string>

#include "app/lecture/key_commands.h"

namespace heatlab {

namespace {

// Of the field's width, the text's: room at both ends for the band's
// margins, narrow enough to read in one sweep of the eye.
constexpr float kTextShare = 0.9f;

}  // namespace

std::string wrappedAtSpaces(ImFont* font, float size, const std::string& text, float width) {
    std::string out;
    std::string line;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find(' ', start);
        if (end == std::string::npos) {
            end = text.size();
        }
        const std::string word = text.substr(start, end - start);
        const std::string longer = line.empty() ? word : line + " " + word;
        if (!line.empty() && font->CalcTextSizeA(size, FLT_MAX, 0.0f, longer.c_str()).x > width) {
            out += line + "\n";
            line = word;
        } else {
            line = longer;
        }
        start = end + 1;
    }
    return out + line;
}

OverlayBand drawFieldNotice(const FieldNotice& notice, double now, const ImGuiLayer& imgui,
                            float fieldWidth, float fieldHeight) {
    const double strength = notice.strength(now);
    ImFont* font = imgui.overlayFont();
    if (strength <= 0.0 || font == nullptr || fieldWidth <= 0.0f) {
        return {};
    }
    const float size = font->FontSize;
    const std::string lines = wrappedAtSpaces(font, size, notice.text(), fieldWidth * kTextShare);
    const ImVec2 text = font->CalcTextSizeA(size, FLT_MAX, 0.0f, lines.c_str());
    const float pad = 0.4f * size;
    OverlayBand band;
    band.width = std::min(fieldWidth, text.x + 2.0f * pad);
    band.height = text.y + 2.0f * pad;
    band.x = 0.5f * (fieldWidth - band.width);
    // At the top: the bottom of the field holds the key strip.
    band.y = std::min(pad, std::max(0.0f, fieldHeight - band.height));
    const auto alpha = static_cast<int>(255.0 * strength);
    ImDrawList* draw = ImGui::GetForegroundDrawList();
    draw->AddRectFilled(ImVec2(band.x, band.y), ImVec2(band.x + band.width, band.y + band.height),
                        IM_COL32(16, 16, 24, alpha * 220 / 255), 0.3f * size);
    draw->AddText(font, size, ImVec2(band.x + pad, band.y + pad), IM_COL32(255, 255, 255, alpha),
                  lines.c_str());
    return band;
}

void drawLoupeLabel(const LoupeLayout& loupe, int fieldHeight, float pixelsPerUnit) {
    const glm::vec2 centre = glm::floor(loupe.view.centre);
    char text[128];
    std::snprintf(text, sizeof text, "loupe x%d, cell %d, %d", loupe.pixelsPerCell,
                  static_cast<int>(centre.x), static_cast<int>(centre.y));
    const float top =
        static_cast<float>(fieldHeight - loupe.bottom - loupe.side - 2 * loupe.border) /
        pixelsPerUnit;
    const float right = static_cast<float>(loupe.left + loupe.side + loupe.border) / pixelsPerUnit;
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
    const char* help = expanded ? kKeyHelp : kKeyHelpHint;
    ImFont* font = ImGui::GetFont();
    const float size = ImGui::GetFontSize();
    const float margin = size * 0.4f;
    const float wrap = std::max(size, fieldWidth - 4.0f * margin);
    const ImVec2 text = font->CalcTextSizeA(size, 1.0e9f, wrap, help);
    const ImVec2 at(2.0f * margin, displayHeight - text.y - 2.0f * margin);
    ImDrawList* draw = ImGui::GetForegroundDrawList();
    draw->AddRectFilled(ImVec2(at.x - margin, at.y - margin),
                        ImVec2(at.x + text.x + margin, at.y + text.y + margin),
                        IM_COL32(0, 0, 0, 150), margin);
    draw->AddText(font, size, at, IM_COL32(220, 220, 220, 255), help, nullptr, wrap);
}

}  // namespace heatlab
