#include "app/ui/panel/frame_breakdown.h"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <initializer_list>

#include "app/i18n/translation.h"
#include "app/ui/pictures/field_overlay.h"

namespace heatlab {

namespace {

struct Part {
    const char* label;
    double ms;
    ImU32 colour;
};

constexpr std::array<const char*, 5> kLabels = {
    {trNoop("steps"), trNoop("copy"), trNoop("display"), trNoop("draw"), trNoop("panel")}};

// The widest of `texts` in the current font.
float widest(std::initializer_list<const char*> texts) {
    float width = 0.0f;
    for (const char* text : texts) {
        width = std::max(width, ImGui::CalcTextSize(text).x);
    }
    return width;
}

// The frame's parts in the bar's order, in colours far apart, so the copy's
// share stands out when it takes over.
std::array<Part, 5> partsOf(const FrameStats& b) {
    return {{
        {kLabels[0], b.stepsMs, IM_COL32(90, 170, 250, 255)},
        {kLabels[1], b.copyBackMs, IM_COL32(240, 90, 70, 255)},
        {kLabels[2], b.displayMs, IM_COL32(250, 200, 60, 255)},
        {kLabels[3], b.drawMs, IM_COL32(120, 210, 120, 255)},
        {kLabels[4], b.uiMs, IM_COL32(190, 150, 230, 255)},
    }};
}

// Right-aligned in the column's `width`.
void rightAligned(const std::string& text, float width) {
    const float gap = width - ImGui::CalcTextSize(text.c_str()).x;
    if (gap > 0.0f) {
        ImGui::SetCursorPosX(ImGui::GetCursorPosX() + gap);
    }
    ImGui::TextUnformatted(text.c_str());
}

}  // namespace

std::string legendTime(double ms) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3g ms", ms);
    return text;
}

std::string legendShare(double ms, double totalMs) {
    char text[16];
    std::snprintf(text, sizeof text, "%.0f%%", 100.0 * ms / std::max(totalMs, 1e-9));
    return text;
}

LegendLayout legendLayout() {
    LegendLayout layout;
    const ImGuiStyle& style = ImGui::GetStyle();
    layout.swatch = ImGui::GetFontSize() * 0.7f;
    float names = 0.0f;
    for (const char* label : kLabels) {
        names = std::max(names, ImGui::CalcTextSize(tr(label)).x);
    }
    layout.name = layout.swatch + style.ItemSpacing.x + names;
    // Every shape %.3g takes below 1e100 ms: the digits are as wide as each
    // other in DejaVu Sans, "e", "+" and "-" may be wider.
    layout.time = widest({"0.000888 ms", "8.88e+08 ms", "8.88e-08 ms", "888 ms"});
    layout.share = widest({"100%"});
    layout.total = layout.name + layout.time + layout.share + 6.0f * style.CellPadding.x;
    return layout;
}

void drawFrameBreakdown(const std::optional<FrameStats>& timed, float width) {
    drawFrameBar(timed, width);
    drawFrameLegend(timed);
}

void drawFrameBar(const std::optional<FrameStats>& timed, float width) {
    if (!timed) {
        ImGui::TextDisabled("%s", tr("frame breakdown: measuring..."));
        return;
    }
    const FrameStats& b = *timed;
    const std::array<Part, 5> parts = partsOf(b);
    const double total = std::max(b.totalMs(), 1e-9);
    const float height = ImGui::GetFontSize() * 0.9f;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    float x = origin.x;
    for (const Part& part : parts) {
        const float w = static_cast<float>(part.ms / total) * width;
        draw->AddRectFilled(ImVec2(x, origin.y), ImVec2(x + w, origin.y + height), part.colour);
        x += w;
    }
    draw->AddRect(origin, ImVec2(origin.x + width, origin.y + height),
                  IM_COL32(120, 120, 120, 255));
    ImGui::Dummy(ImVec2(width, height));
    if (b.stepsTimed > 0) {
        // The backend's own stopwatch: device events on a GPU.
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
        textWrappedToWidth(trf("%.3g ms a step (backend timer)", b.stepsMs / b.stepsTimed));
        ImGui::PopStyleColor();
    }
}

void drawFrameLegend(const std::optional<FrameStats>& timed) {
    if (!timed) {
        return;
    }
    const FrameStats& b = *timed;
    const std::array<Part, 5> parts = partsOf(b);
    const double total = std::max(b.totalMs(), 1e-9);
    textWrappedToWidth(trf("one frame, each part waited for: %.3g ms", b.totalMs()));
    const LegendLayout layout = legendLayout();
    if (ImGui::BeginTable("breakdown", 3, ImGuiTableFlags_SizingFixedFit)) {
        ImGui::TableSetupColumn("part", ImGuiTableColumnFlags_WidthFixed, layout.name);
        ImGui::TableSetupColumn("ms", ImGuiTableColumnFlags_WidthFixed, layout.time);
        ImGui::TableSetupColumn("share", ImGuiTableColumnFlags_WidthFixed, layout.share);
        for (const Part& part : parts) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            const ImVec2 at = ImGui::GetCursorScreenPos();
            const float drop = (ImGui::GetTextLineHeight() - layout.swatch) * 0.5f;
            ImGui::GetWindowDrawList()->AddRectFilled(
                ImVec2(at.x, at.y + drop),
                ImVec2(at.x + layout.swatch, at.y + drop + layout.swatch), part.colour);
            ImGui::Dummy(ImVec2(layout.swatch, layout.swatch));
            ImGui::SameLine();
            ImGui::TextUnformatted(tr(part.label));
            ImGui::TableNextColumn();
            rightAligned(legendTime(part.ms), layout.time);
            ImGui::TableNextColumn();
            rightAligned(legendShare(part.ms, total), layout.share);
        }
        ImGui::EndTable();
    }
}

}  // namespace heatlab
