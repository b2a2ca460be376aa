#include "app/ui/panel/stability_meter.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "app/i18n/translation.h"
#include "app/lecture/measures/meter_geometry.h"
#include "app/ui/panel/panel_widgets.h"
#include "kernels/numerics/grid_modes.h"

namespace heatlab {

namespace {

constexpr float kHeight = 110.0f;
// The curves' distance from the plot's edge.
constexpr float kMargin = 4.0f;
// The reference line's shortest visible part, in pixels: less is not a line.
constexpr double kShortestLine = 3.0;
// A few ticks: the axis says the run's scale, the tooltip nothing more.
constexpr int kMostTicks = 6;
// Two hues: max |u| orange; the amplitude blue, and its predicted line the
// same blue, fainter, since the line is the amplitude's prediction.
const ImU32 kMaxAbsColour = IM_COL32(255, 170, 60, 255);
const ImU32 kAmplitudeColour = IM_COL32(110, 190, 255, 255);
const ImU32 kPredictedColour = IM_COL32(110, 190, 255, 150);
const ImU32 kBackgroundColour = IM_COL32(20, 20, 24, 255);
const ImU32 kLabelColour = IM_COL32(160, 160, 160, 255);
const ImU32 kLabelPlateColour = IM_COL32(20, 20, 24, 225);  // the background, nearly opaque

// The plot's vertical extent, in decades.
struct LogRange {
    double lo = std::numeric_limits<double>::infinity();
    double hi = -std::numeric_limits<double>::infinity();

    void include(double logValue) {
        lo = std::min(lo, logValue);
        hi = std::max(hi, logValue);
    }
    template <typename T>
    void includeCurve(const std::vector<T>& values) {
        for (const T value : values) {
            if (isLogShowable(value)) {
                include(std::log10(static_cast<double>(value)));
            }
        }
    }
    // At least one decade, so rounding does not look like a trend.
    void widenToOneDecade() {
        if (hi - lo < 1.0) {
            const double middle = 0.5 * (hi + lo);
            lo = middle - 0.5;
            hi = middle + 0.5;
        }
    }
};

// One measured curve; a value the log scale cannot show leaves a gap.
template <typename T, typename ToScreen>
void drawCurve(ImDrawList* draw, const std::vector<long long>& steps, const std::vector<T>& values,
               ImU32 colour, const ToScreen& at) {
    for (std::size_t i = 1; i < steps.size(); ++i) {
        if (isLogShowable(values[i - 1]) && isLogShowable(values[i])) {
            draw->AddLine(at(steps[i - 1], std::log10(static_cast<double>(values[i - 1]))),
                          at(steps[i], std::log10(static_cast<double>(values[i]))), colour, 2.0f);
        }
    }
}

// "1e-12" at `at`, on a plate of the plot's background drawn over the
// curves, so a curve passing the corner never crosses the figure.
void drawDecadeLabel(ImDrawList* draw, double logValue, ImVec2 at) {
    char label[64];
    std::snprintf(label, sizeof label, "1e%.0f", logValue);
    const ImVec2 size = ImGui::CalcTextSize(label);
    draw->AddRectFilled(ImVec2(at.x - 2.0f, at.y), ImVec2(at.x + size.x + 2.0f, at.y + size.y),
                        kLabelPlateColour);
    draw->AddText(at, kLabelColour, label);
}

bool holdsAmplitude(const StabilityHistory& history) {
    const std::vector<double>& amplitude = history.amplitude();
    return std::any_of(amplitude.begin(), amplitude.end(),
                       [](double value) { return isLogShowable(value); });
}

// The step axis under the plot: a mark and a label at each round step
// count, left of the caption "step" at the row's right end (`left` and
// `right` are where the plot puts its first and last step).
void drawStepAxis(ImDrawList* draw, long long first, long long last, float left, float right,
                  float plotBottom) {
    const ImVec2 row = ImGui::GetCursorScreenPos();
    const float gap = ImGui::GetStyle().ItemSpacing.x;
    const char* caption = tr("step");
    const float captionLeft = right - ImGui::CalcTextSize(caption).x;
    draw->AddText(ImVec2(captionLeft, row.y), kLabelColour, caption);
    // Nothing to label yet, or a panel squeezed to a few pixels.
    if (last <= first || !(captionLeft > left)) {
        return;
    }
    const auto xOf = [&](long long step) {
        return left + static_cast<float>(static_cast<double>(step - first) /
                                         static_cast<double>(last - first)) *
                          (right - left);
    };
    // A label centred on its mark; room for one in two: the widest of a
    // first choice sets how many fit, and the labelled steps end half a
    // label short of the caption.
    float label = 0.0f;
    for (const std::string& text : stepLabels(stepTicks(first, last, kMostTicks))) {
        label = std::max(label, ImGui::CalcTextSize(text.c_str()).x);
    }
    const float labelled = captionLeft - gap - 0.5f * label;
    const long long lastLabelled =
        first + static_cast<long long>(static_cast<double>(last - first) *
                                       std::clamp((labelled - left) / (right - left), 0.0f, 1.0f));
    const int most =
        std::clamp(static_cast<int>((labelled - left) / (2.0f * label)) + 1, 2, kMostTicks);
    const StepTicks ticks = stepTicks(first, lastLabelled, most);
    const std::vector<std::string> labels = stepLabels(ticks);
    float taken = left - gap;  // where the previous label ended
    for (std::size_t i = 0; i < ticks.steps.size(); ++i) {
        const float x = xOf(ticks.steps[i]);
        draw->AddLine(ImVec2(x, plotBottom - 4.0f), ImVec2(x, plotBottom), kLabelColour, 1.0f);
        const float width = ImGui::CalcTextSize(labels[i].c_str()).x;
        const float at = std::max(x - 0.5f * width, left);
        if (at >= taken + gap && at + width <= captionLeft - gap) {
            draw->AddText(ImVec2(at, row.y), kLabelColour, labels[i].c_str());
            taken = at + width;
        }
    }
}

// One line (it fits the panel's 370 units at 16 px): each curve's name in
// its colour, then the line's; the numbers are in the plot's tooltip.
void drawLegend(bool withAmplitude, double growth) {
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kMaxAbsColour), "max |u|");
    if (withAmplitude) {
        const char* amplitude = tr("|checkerboard|");
        sameLineIfFits(ImGui::CalcTextSize(amplitude).x);
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kAmplitudeColour), "%s", amplitude);
    }
    char predicted[64];
    std::snprintf(predicted, sizeof predicted, tr("vs %.4f^steps"), growth);
    sameLineIfFits(ImGui::CalcTextSize(predicted).x);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kPredictedColour), "%s", predicted);
    const char* log = tr("(log)");
    sameLineIfFits(ImGui::CalcTextSize(log).x);
    ImGui::TextDisabled("%s", log);
}

}  // namespace

void drawStabilityMeter(const StabilityHistory& history, double growth, float width) {
    const std::vector<long long>& steps = history.steps();
    const bool withAmplitude = holdsAmplitude(history);
    drawLegend(withAmplitude, growth);

    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(origin, ImVec2(origin.x + width, origin.y + kHeight), kBackgroundColour);
    ImGui::Dummy(ImVec2(width, kHeight));
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip(tr("orange: max |u| after each frame\n"
                             "blue: |checkerboard amplitude|, the field's projection on "
                             "(-1)^(row + col)\n"
                             "faint blue: %.4f^steps through the largest amplitude: this grid's\n"
                             "checkerboard mode grows (past its bound) or decays by that a step\n"
                             "(on the infinite grid by |1 - 8r| = %.4f)"),
                          growth, std::fabs(infiniteGridFactor(history.r())));
    }
    // The data's area: the plot less a margin, so the curves clear its edge.
    const float left = origin.x + kMargin;
    const float right = origin.x + width - kMargin;
    const float top = origin.y + kMargin;
    const float bottom = origin.y + kHeight - kMargin;
    // The axis's row is there from the first frame: the panel does not
    // jump when the run starts.
    const bool plotted = steps.size() >= 2 && steps.back() != steps.front();
    drawStepAxis(draw, plotted ? steps.front() : 0, plotted ? steps.back() : 0, left, right,
                 origin.y + kHeight);
    ImGui::Dummy(ImVec2(width, ImGui::GetTextLineHeight()));
    // Every recorded point has a value to show, so two points give a curve.
    if (!plotted) {
        return;
    }
    // The line of the checkerboard mode, through the largest amplitude (or
    // max |u| when none was measured): referenceAnchor() says why not the
    // newest.
    const std::optional<LogPoint> anchor = referenceAnchor(history);
    if (!anchor) {
        return;
    }
    const double logGrowth = std::log10(std::max(growth, 1e-30));
    const auto predicted = [&](long long step) {
        return anchor->logValue + static_cast<double>(step - anchor->step) * logGrowth;
    };
    // The scale fits the measurements alone, not the line: below the bound
    // the line falls past the rounding noise within a few hundred steps and
    // leaves the plot by tens of decades, so it is clipped to the plot.
    LogRange range;
    range.includeCurve(history.maxAbs());
    range.includeCurve(history.amplitude());
    range.widenToOneDecade();

    const double span = static_cast<double>(steps.back() - steps.front());
    // In double: the line's ends may lie hundreds of decades off the plot.
    const auto point = [&](long long step, double logValue) {
        const double x = static_cast<double>(step - steps.front()) / span;
        const double y = (logValue - range.lo) / (range.hi - range.lo);
        return PlotPoint{left + x * (right - left), bottom - y * (bottom - top)};
    };
    const auto at = [&](long long step, double logValue) {
        const PlotPoint p = point(step, logValue);
        return ImVec2(static_cast<float>(p.x), static_cast<float>(p.y));
    };
    // Only the part inside the data's area, and only when it is a line: a
    // sliver at a corner would read as a glitch, not as the mode's rate.
    const std::optional<PlotSegment> line =
        clipToBox({point(steps.front(), predicted(steps.front())),
                   point(steps.back(), predicted(steps.back()))},
                  PlotBox{left, top, right, bottom}, kShortestLine);
    if (line) {
        draw->AddLine(ImVec2(static_cast<float>(line->from.x), static_cast<float>(line->from.y)),
                      ImVec2(static_cast<float>(line->to.x), static_cast<float>(line->to.y)),
                      kPredictedColour, 1.5f);
    }
    drawCurve(draw, steps, history.maxAbs(), kMaxAbsColour, at);
    drawCurve(draw, steps, history.amplitude(), kAmplitudeColour, at);

    drawDecadeLabel(draw, range.hi, ImVec2(origin.x + 6.0f, origin.y + 2.0f));
    drawDecadeLabel(
        draw, range.lo,
        ImVec2(origin.x + 6.0f, origin.y + kHeight - ImGui::GetTextLineHeight() - 2.0f));
}

}  // namespace heatlab
