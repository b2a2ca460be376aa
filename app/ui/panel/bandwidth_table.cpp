#include "app/ui/panel/bandwidth_table.h"

#include <imgui.h>

#include <cstdio>
#include <string>

#include "app/i18n/translation.h"
#include "app/measure/bench_report.h"
#include "app/measure/measure_words.h"
#include "app/ui/panel/choice_words.h"
#include "app/ui/panel/roofline_plot.h"
#include "app/ui/pictures/field_overlay.h"
#include "kernels/numerics/params.h"

namespace heatlab {

namespace {

const ImVec4 kDimColour{0.65f, 0.65f, 0.65f, 1.0f};
const ImVec4 kErrorColour{1.0f, 0.4f, 0.35f, 1.0f};

// The figures as the bench prints table 1: ms to 4 decimals, GB/s and
// percentages to 1.
void numberCell(const char* format, double value) {
    ImGui::TableNextColumn();
    ImGui::Text(format, value);
}

void blankCell() {
    ImGui::TableNextColumn();
    ImGui::TextDisabled("-");
}

// A row's name in the words' language (the table keeps its English).
void nameCell(const std::string& name) {
    ImGui::TableNextColumn();
    textWrappedToWidth(measureNameInWords(name));
}

// The time a row's step took, a red * beside it when its samples spread so
// far that the machine was busy while it was timed (the note under the
// table says so).
void msCell(double ms, double spread) {
    numberCell("%.4f", ms);
    if (busyWhileTimed(spread)) {
        ImGui::SameLine(0.0f, 2.0f);
        ImGui::TextColored(kErrorColour, "*");
    }
}

// A share that is not known yet (the floor not timed) or at all (no peak) is
// shown as such, never as 0 %.
void shareCell(double percent, double reference) {
    if (reference > 0.0) {
        numberCell("%.1f", percent);
    } else {
        blankCell();
    }
}

void kernelRow(const KernelTiming& timing, const KernelTable& table, bool withPeak) {
    ImGui::TableNextRow();
    nameCell(timing.name);
    msCell(timing.msPerStep, timing.spread);
    // "-" for a kernel that keeps the grid on chip: no step moves it.
    const bool movesGrid = timing.stepsPerPass > 0;
    if (movesGrid) {
        numberCell("%.1f", timing.gbPerS);
    } else {
        blankCell();
    }
    shareCell(timing.percentOfCopy, table.floorCellUpdatesPerS);
    if (withPeak) {
        shareCell(timing.percentOfPeak, movesGrid ? table.peakGBs : 0.0);
    }
}

void hostCopyRow(const HostCopyTiming& timing, bool withPeak) {
    ImGui::TableNextRow();
    nameCell(choiceInWords(name(timing.memory)));
    msCell(timing.ms, timing.spread);
    numberCell("%.1f", timing.gbPerS);
    blankCell();
    if (withPeak) {
        blankCell();
    }
}

// Dim text wrapped at the end of the cell or line it is in, so the panel's
// edge or the next column never cuts it.
void dimWrapped(const char* text) {
    ImGui::PushStyleColor(ImGuiCol_Text, kDimColour);
    textWrappedToWidth(text);
    ImGui::PopStyleColor();
}

// In the first column only (a table of ImGui 1.86 spans no columns): wrapped
// there.
void sectionRow(const char* title) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    dimWrapped(title);
}

void rows(const KernelTable& table, float width) {
    const bool withPeak = table.peakGBs > 0.0;
    const int columns = withPeak ? 5 : 4;
    const ImGuiTableFlags flags =
        ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable("bandwidth", columns, flags, ImVec2(width, 0.0f))) {
        return;
    }
    ImGui::TableSetupColumn(tr("kernel"), ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn(tr("ms/step"));
    ImGui::TableSetupColumn("GB/s");
    // xgettext:no-c-format (a heading, not a format)
    ImGui::TableSetupColumn(tr("% copy"));
    if (withPeak) {
        // xgettext:no-c-format (a heading, not a format)
        ImGui::TableSetupColumn(tr("% peak"));
    }
    ImGui::TableHeadersRow();
    // The ceiling is the first row timed: unnamed, it is not there yet.
    if (!table.systemCopy.name.empty()) {
        kernelRow(table.systemCopy, table, withPeak);
    }
    // Ranked by time a step: a class kernel among heatlab's where it stands.
    for (const KernelTiming& timing : rankedByTime(table.kernels)) {
        kernelRow(timing, table, withPeak);
    }
    if (!table.hostCopies.empty()) {
        sectionRow(tr("host copy (to host, one grid)"));
        for (const HostCopyTiming& timing : table.hostCopies) {
            hostCopyRow(timing, withPeak);
        }
    }
    ImGui::EndTable();
    if (const double widest = widestBusySpread(table.systemCopy, table.kernels, table.hostCopies);
        widest > 0.0) {
        ImGui::PushStyleColor(ImGuiCol_Text, kErrorColour);
        textWrappedToWidth(
            trf("* timed while something else ran: its slowest sample over %.1fx "
                "its fastest (up to %.1fx): measure again",
                kBusySpread, widest));
        ImGui::PopStyleColor();
    }
}

void measuredOn(const BandwidthSurvey& survey) {
    const GridSize& grid = survey.grid();
    ImGui::PushStyleColor(ImGuiCol_Text, kDimColour);
    textWrappedToWidth(trf("grid %d x %d on %s (%s)", grid.nx, grid.ny, survey.deviceName().c_str(),
                           survey.backendName().c_str()));
    ImGui::PopStyleColor();
}

void status(const BandwidthSurvey& survey, float width) {
    const SurveyProgress progress = survey.progress();
    char text[160];
    switch (survey.state()) {
    case SurveyState::Running:
        // The count in the bar, the row's name (as long as it is) below it.
        std::snprintf(text, sizeof text, "%s",
                      trf("%zu of %zu", progress.rowsDone + 1, progress.rowsTotal).c_str());
        ImGui::ProgressBar(progress.fraction(), ImVec2(width, 0.0f), text);
        dimWrapped(trf("timing %s", measureNameInWords(progress.next).c_str()).c_str());
        break;
    case SurveyState::Cancelled:
        dimWrapped(
            trf("cancelled after %zu of %zu rows", progress.rowsDone, progress.rowsTotal).c_str());
        break;
    case SurveyState::Failed:
        ImGui::PushStyleColor(ImGuiCol_Text, kErrorColour);
        textWrappedToWidth(survey.error());
        ImGui::PopStyleColor();
        break;
    case SurveyState::Idle:
    case SurveyState::Finished: break;
    }
}

}  // namespace

void drawBandwidthTable(const BandwidthSurvey& survey, float width) {
    if (survey.state() == SurveyState::Idle) {
        ImGui::TextColored(kDimColour, "%s", tr("not measured yet"));
        return;
    }
    measuredOn(survey);
    status(survey, width);
    if (survey.progress().rowsDone == 0) {
        return;  // a refusal or a first row still to come: no empty table
    }
    rows(survey.result(), width);
    dimWrapped(trf("median of up to %d; GB/s: grid read + written / time", kSurveySampling.repeats)
                   .c_str());
}

Roofline liveRoofline(const BandwidthSurvey& survey, const RunningKernel& running) {
    Roofline roofline =
        rooflineOf(survey.result(), survey.backendName() + ", grid " + gridText(survey.grid()));
    for (const RooflinePoint& point : runningPoint(running)) {
        roofline.points.push_back(point);
    }
    return rooflineInWords(roofline);
}

void drawLiveRoofline(const BandwidthSurvey& survey, const RunningKernel& running) {
    if (survey.progress().rowsDone == 0) {
        return;
    }
    ImGui::Spacing();
    drawRooflineWidget(liveRoofline(survey, running), ImGui::GetContentRegionAvail().x);
}

}  // namespace heatlab
