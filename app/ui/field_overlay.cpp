#include "app/ui/field_overlay.h"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <string>
#include <vector>

#include "app/i18n/line_breaks.h"
#include "app/i18n/translation.h"
#include "app/i18n/utf8.h"
#include "app/lecture/key_commands.h"

namespace heatlab {

namespace {

// Of the field's width, the text's: room at both ends for the band's
// margins, narrow enough to read in one sweep of the eye.
constexpr float kTextShare = 0.9f;

}  // namespace

namespace {

float widthOf(ImFont* font, float size, const std::string& text) {
    return font->CalcTextSizeA(size, FLT_MAX, 0.0f, text.c_str()).x;
}

// A word wider than `width` (a path, a file's name) in pieces that fit:
// cut after a '/' or '_' where one is near enough, else between whole
// UTF-8 characters; never after a '.', so numbers stay whole.
std::vector<std::string> piecesOf(ImFont* font, float size, const std::string& word, float width) {
    std::vector<std::string> pieces;
    std::string rest = word;
    while (!rest.empty() && widthOf(font, size, rest) > width) {
        std::size_t fits = 0;   // bytes of `rest` that fit
        std::size_t joint = 0;  // the last cut after '/' or '_' that fits
        for (std::size_t at = 0; at < rest.size();) {
            const std::size_t next = characterEnd(rest, at);
            if (widthOf(font, size, rest.substr(0, next)) > width) {
                break;
            }
            fits = next;
            if (rest[at] == '/' || rest[at] == '_') {
                joint = next;
            }
            at = next;
        }
        // A whole character, even where none fits.
        const std::size_t cut = joint > 0 ? joint : std::max(fits, characterEnd(rest, 0));
        pieces.push_back(rest.substr(0, cut));
        rest = rest.substr(cut);
    }
    if (!rest.empty()) {
        pieces.push_back(rest);
    }
    return pieces;
}

}  // namespace

std::string wrappedToWidth(ImFont* font, float size, const std::string& text, float width) {
    // A line break in the text stays one: each of its lines is wrapped alone.
    if (const std::size_t newline = text.find('\n'); newline != std::string::npos) {
        return wrappedToWidth(font, size, text.substr(0, newline), width) + "\n" +
               wrappedToWidth(font, size, text.substr(newline + 1), width);
    }
    std::string out;
    std::string line;
    for (const TextPiece& piece : breakablePieces(text)) {
        bool first = true;
        for (const std::string& part : piecesOf(font, size, piece.text, width)) {
            const std::string gap(first ? static_cast<std::size_t>(piece.spacesBefore) : 0, ' ');
            const std::string longer = line.empty() ? part : line + gap + part;
            if (!line.empty() && widthOf(font, size, longer) > width) {
                out += line + "\n";
                line = part;
            } else {
                line = longer;
            }
            first = false;
        }
    }
    return out + line;
}

void textWrappedToWidth(const std::string& text) {
    const std::string lines = wrappedToWidth(ImGui::GetFont(), ImGui::GetFontSize(), text,
                                             std::max(1.0f, ImGui::GetContentRegionAvail().x));
    ImGui::TextUnformatted(lines.c_str());
}

std::string noticeLines(ImFont* font, float size, const std::string& text, float width, int lines) {
    const std::string wrapped = wrappedToWidth(font, size, text, width);
    std::size_t end = 0;  // the end of the last line kept
    std::size_t start = 0;
    for (int kept = 0; kept < lines; ++kept) {
        end = wrapped.find('\n', start);
        if (end == std::string::npos) {
            return wrapped;  // it fits
        }
        start = end + 1;
    }
    std::string head = wrapped.substr(0, end);
    const std::size_t newline = head.rfind('\n');
    const std::size_t last = newline == std::string::npos ? 0 : newline + 1;
    const auto tooWide = [&] {
        const std::string shown = head.substr(last) + "...";
        return font->CalcTextSizeA(size, FLT_MAX, 0.0f, shown.c_str()).x > width;
    };
    while (head.size() > last && tooWide()) {
        // A whole character at a time: never half of a UTF-8 sequence.
        head.resize(std::max(last, characterStart(head, head.size() - 1)));
    }
    return head + "...";
}

OverlayBand drawFieldNotice(const std::vector<FieldNotice::Line>& lines, const ImGuiLayer& imgui,
                            float left, float fieldWidth, float fieldHeight, float top) {
    ImFont* font = imgui.overlayFont();
    if (lines.empty() || font == nullptr || fieldWidth <= 0.0f) {
        return {};
    }
    // In window units: a font rasterised for a denser screen is larger in
    // its pixels (ImGuiLayer's density).
    const float size = font->FontSize * ImGui::GetIO().FontGlobalScale;
    const float pad = 0.4f * size;
    OverlayBand all;
    float y = top + pad;  // at the top: the bottom of the field holds the key strip
    for (const FieldNotice::Line& line : lines) {
        const std::string text =
            noticeLines(font, size, line.text, fieldWidth * kTextShare, kNoticeLines);
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
                            IM_COL32(16, 16, 24, alpha * 220 / 255), 0.3f * size);
        draw->AddText(font, size, ImVec2(band.x + pad, band.y + pad),
                      IM_COL32(255, 255, 255, alpha), text.c_str());
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

}  // namespace heatlab
