#include "app/ui/panel/comparison_panel.h"

#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "app/i18n/translation.h"
#include "app/lecture/panel/panel_edits.h"
#include "app/ui/panel/frame_breakdown.h"
#include "app/ui/panel/panel_widgets.h"
#include "app/ui/pictures/field_overlay.h"

namespace heatlab {

namespace {

const ImVec4 kDim{0.65f, 0.65f, 0.65f, 1.0f};

// Pane B's value of a setting that follows pane A's until edited: `draw`
// edits a copy of what B runs, and only an edit makes it B's own.
template <typename T, typename Draw>
void followed(std::optional<T>& own, const T& paneA, const Draw& draw) {
    T value = own.value_or(paneA);
    draw(value);
    if (!(value == own.value_or(paneA))) {
        own = value;
    }
}

// Pane B's r: presets either side of the bound and exact entry.
void paneBR(float& r) {
    const char* const label = tr("B's r (Enter)");
    const float field = ImGui::GetFontSize() * 4.0f;
    rPresets(r, "b", field + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label).x);
    float typed = r;
    ImGui::SetNextItemWidth(field);
    if (ImGui::InputFloat(label, &typed, 0.0f, 0.0f, "%.6g",
                          ImGuiInputTextFlags_EnterReturnsTrue)) {
        r = acceptedR(typed, r);
    }
}

void paneBControls(const LectureSettings& a, PaneBSettings& b,
                   const std::vector<BackendChoice>& backends, const PaneReadouts& paneB) {
    followed(b.backend, a.backend, [&](BackendChoice& v) { combo("B's backend", v, backends); });
    followed(b.kernel, a.params.kernel, [&](Kernel& v) { combo("B's kernel", v, paneB.kernels); });
    followed(b.r, a.params.r, [](float& v) { paneBR(v); });
    followed(b.copyEvery, a.copyEvery, [](int& v) {
        bool everyStep = v == 1;
        if (ImGui::Checkbox(tr("B copies back every step"), &everyStep)) {
            v = everyStep ? 1 : 0;
        }
    });
    const std::string pinned = std::string(tr("pinned")) + "##b";
    sameLineIfFits(ImGui::GetFrameHeight() + ImGui::CalcTextSize(pinned.c_str(), nullptr, true).x +
                   ImGui::GetStyle().ItemInnerSpacing.x);
    followed(b.pinned, a.pinned, [&pinned](bool& v) { ImGui::Checkbox(pinned.c_str(), &v); });
    if (paneB.fieldInHostMemory) {
        // No interop to choose: the field is on the host already.
        ImGui::PushStyleColor(ImGuiCol_Text, kDim);
        textWrappedToWidth(tr("B draws via host, its one path"));
        ImGui::PopStyleColor();
        return;
    }
    followed(b.path, a.picture.path,
             [](DisplayPath& v) { combo("B's display path", v, allDisplayPaths()); });
    followed(b.mapPerFrame, a.picture.mapPerFrame,
             [](bool& v) { ImGui::Checkbox(tr("B maps a buffer a frame"), &v); });
}

// ms a step of one pane, from its newest timed frame, and its frame's ms:
// bare numbers, the unit in the row's name, so the table fits a narrow
// panel.
std::string msText(double ms) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", ms);
    return text;
}

std::string perStep(const std::optional<FrameStats>& timed) {
    if (!timed || timed->stepsTimed <= 0) {
        return "-";
    }
    return msText(timed->stepsMs / timed->stepsTimed);
}

std::string frameTotal(const std::optional<FrameStats>& timed) {
    return timed ? msText(timed->totalMs()) : "-";
}

void costs(const PaneReadouts& paneA, const PaneReadouts& paneB, const PaneDifference& d) {
    const std::optional<FrameStats>& a = paneA.breakdown;
    const std::optional<FrameStats>& b = paneB.breakdown;
    // Columns shared out across the width: a narrow panel cuts none.
    const ImGuiTableFlags flags = ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg;
    if (ImGui::BeginTable("panes", 3, flags)) {
        ImGui::TableSetupColumn("");
        ImGui::TableSetupColumn("A");
        ImGui::TableSetupColumn("B");
        ImGui::TableHeadersRow();
        const auto row = [](const char* what, const std::string& inA, const std::string& inB) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(tr(what));
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(inA.c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(inB.c_str());
        };
        row(trNoop("ms a step"), perStep(a), perStep(b));
        row(trNoop("ms a frame"), frameTotal(a), frameTotal(b));
        row("max |u|", numberText(paneA.maxAbs, 2), numberText(paneB.maxAbs, 2));
        ImGui::EndTable();
    }
    if (d.step < 0) {
        ImGui::TextColored(kDim, "%s", tr("max |A - B|: not measured yet"));
    } else {
        const std::string value =
            d.maxAbs == 0.0 ? tr("0 (equal to the bit)") : numberText(d.maxAbs, 4);
        textWrappedToWidth(trf("max |A - B| = %s at step %lld", value.c_str(), d.step));
    }
    const float width = ImGui::GetContentRegionAvail().x;
    ImGui::TextUnformatted(tr("A's frame"));
    drawFrameBar(a, width);
    ImGui::TextUnformatted(tr("B's frame"));
    drawFrameBar(b, width);
}

}  // namespace

void comparisonControls(LectureSettings& settings, const LectureReadouts& lecture,
                        const PaneReadouts& paneA, const PaneReadouts* paneB,
                        PanelActions& actions) {
    ABComparison& c = settings.comparison;
    bool split = c.split;
    if (ImGui::Checkbox(tr("split: pane B beside A (B)"), &split)) {
        actions.toggleSplit = true;
    }
    if (!paneB) {
        ImGui::PushStyleColor(ImGuiCol_Text, kDim);
        textWrappedToWidth(
            tr("B starts as a copy of A (field, step, settings) and follows A's "
               "settings until one of B's is changed"));
        ImGui::PopStyleColor();
        return;
    }
    sameLineIfFits(buttonWidth(tr("B follows A")));
    if (ImGui::Button(tr("B follows A"))) {
        actions.paneBAsA = true;
    }
    ImGui::Checkbox(tr("show A - B (diverging)"), &c.difference);
    ImGui::PushStyleColor(ImGuiCol_Text, kDim);
    textWrappedToWidth(paneB->backend);
    ImGui::PopStyleColor();
    paneBControls(settings, c.b, lecture.backends, *paneB);
    costs(paneA, *paneB, lecture.comparison.difference);
}

}  // namespace heatlab
