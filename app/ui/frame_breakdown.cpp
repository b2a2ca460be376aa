#include "app/ui/frame_breakdown.h"

#include <imgui.h>

#include <algorithm>
#include <array>

namespace heatlab {

namespace {

struct Part {
    const char* label;
    double ms;
    ImU32 colour;
};

}  // namespace

void drawFrameBreakdown(const std::optional<FrameStats>& timed, float width) {
    if (!timed) {
        ImGui::TextDisabled("frame breakdown: measuring...");
        return;
    }
    const FrameStats& b = *timed;
    // Colours far apart, so the copy's share stands out when it takes over.
    const std::array<Part, 5> parts = {{
        {"steps", b.stepsMs, IM_COL32(90, 170, 250, 255)},
        {"copy", b.copyBackMs, IM_COL32(240, 90, 70, 255)},
        {"display", b.displayMs, IM_COL32(250, 200, 60, 255)},
        {"draw", b.drawMs, IM_COL32(120, 210, 120, 255)},
        {"panel", b.uiMs, IM_COL32(190, 150, 230, 255)},
    }};
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
    ImGui::Text("one frame, each part waited for: %.3g ms", b.totalMs());
    if (b.stepsTimed > 0) {
        // The backend's own stopwatch: device events on a GPU.
        ImGui::TextDisabled("%.3g ms a step (backend timer)", b.stepsMs / b.stepsTimed);
    }
    if (ImGui::BeginTable("breakdown", 2)) {
        for (const Part& part : parts) {
            ImGui::TableNextColumn();
            const ImVec2 at = ImGui::GetCursorScreenPos();
            const float side = ImGui::GetFontSize() * 0.7f;
            const float drop = (ImGui::GetTextLineHeight() - side) * 0.5f;
            draw->AddRectFilled(ImVec2(at.x, at.y + drop), ImVec2(at.x + side, at.y + drop + side),
                                part.colour);
            ImGui::Dummy(ImVec2(side, side));
            ImGui::SameLine();
            ImGui::Text("%s %.3g ms %.0f%%", part.label, part.ms, 100.0 * part.ms / total);
        }
        ImGui::EndTable();
    }
}

}  // namespace heatlab
