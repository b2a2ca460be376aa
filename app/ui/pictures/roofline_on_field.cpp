#include "app/ui/pictures/roofline_on_field.h"

#include <imgui.h>

#include <string>

#include "app/i18n/translation.h"
#include "app/ui/panel/bandwidth_table.h"

namespace heatlab {

namespace {

// The panel plot's dark ground (roofline_plot.cpp), over the whole column.
constexpr ImU32 kGround = IM_COL32(20, 20, 24, 255);

// Why there is no plot yet, and what to do.
std::string waitingLine(const BandwidthSurvey& survey) {
    const SurveyProgress progress = survey.progress();
    switch (survey.state()) {
    case SurveyState::Running:
        return trf("the roofline: measuring the bandwidth table, %zu of %zu", progress.rowsDone + 1,
                   progress.rowsTotal);
    case SurveyState::Failed: return survey.error();
    case SurveyState::Cancelled:
        return tr(
            "the roofline: the bandwidth table was stopped; Measure on this grid, in the "
            "panel, times it");
    case SurveyState::Idle:
    case SurveyState::Finished: break;
    }
    return tr("the roofline: not measured yet; Measure on this grid, in the panel, times it");
}

}  // namespace

void coverFieldForRoofline(const OverlayBand& column) {
    ImGui::GetForegroundDrawList()->AddRectFilled(
        ImVec2(column.x, column.y), ImVec2(column.x + column.width, column.bottom()), kGround);
}

RooflineOnField drawRooflineOnField(const BandwidthSurvey& survey, const RunningKernel& running,
                                    const OverlayBand& area, const ImGuiLayer& imgui) {
    RooflineOnField out;
    out.shown = true;
    out.area = area;
    ImFont* font = imgui.overlayFont();
    if (font == nullptr || area.empty()) {
        return out;
    }
    // A notice's floor: the smallest text the field shows a class.
    const float size = kNoticeFloor * font->FontSize * ImGui::GetIO().FontGlobalScale;
    ImDrawList& list = *ImGui::GetForegroundDrawList();
    if (survey.progress().rowsDone == 0) {
        const std::string line = wrappedToWidth(font, size, waitingLine(survey), area.width);
        list.AddText(font, size, ImVec2(area.x + 0.5f * size, area.y + 0.5f * size),
                     IM_COL32(235, 235, 235, 255), line.c_str());
        return out;
    }
    RooflineStyle style;
    style.font = font;
    style.fontSize = size;
    style.legendBeside = true;
    style.legendSize = ImGui::GetFontSize();
    out.drawn = drawRoofline(list, ImVec2(area.x, area.y), ImVec2(area.width, area.height),
                             liveRoofline(survey, running), style);
    return out;
}

}  // namespace heatlab
