#include "app/ui/stability_meter.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>

#include "kernels/numerics/grid_modes.h"

namespace heatlab {

namespace {

constexpr float kHeight = 110.0f;
// Two hues: max |u| orange; the amplitude blue, and its predicted line the
// same blue, fainter, since the line is the amplitude's prediction.
const ImU32 kMaxAbsColour = IM_COL32(255, 170, 60, 255);
const ImU32 kAmplitudeColour = IM_COL32(110, 190, 255, 255);
const ImU32 kPredictedColour = IM_COL32(110, 190, 255, 150);
const ImU32 kBackgroundColour = IM_COL32(20, 20, 24, 255);
const ImU32 kLabelColour = IM_COL32(160, 160, 160, 255);

struct LogPoint {
    long long step = 0;
    double logValue = 0.0;  // log10 of the value
};

template <typename T>
std::optional<LogPoint> newestShowable(const std::vector<long long>& steps,
                                       const std::vector<T>& values) {
    for (std::size_t i = values.size(); i-- > 0;) {
        if (isLogShowable(values[i])) {
            return LogPoint{steps[i], std::log10(static_cast<double>(values[i]))};
        }
    }
    return std::nullopt;
}

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

bool holdsAmplitude(const StabilityHistory& history) {
    return newestShowable(history.steps(), history.amplitude()).has_value();
}

// One line (it fits the panel's 370 units at 16 px): each curve's name in
// its colour, then the line's; the numbers are in the plot's tooltip.
void drawLegend(bool withAmplitude, double growth) {
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kMaxAbsColour), "max |u|");
    if (withAmplitude) {
        ImGui::SameLine();
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kAmplitudeColour), "|checkerboard|");
    }
    ImGui::SameLine();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kPredictedColour), "vs %.4f^steps", growth);
    ImGui::SameLine();
    ImGui::TextDisabled("(log)");
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
        ImGui::SetTooltip(
            "orange: max |u| after each frame\n"
            "blue: |checkerboard amplitude|, the field's projection on "
            "(-1)^(row + col)\n"
            "faint blue: %.4f^steps through the newest amplitude: this grid's\n"
            "checkerboard mode grows (past its bound) or decays by that a step\n"
            "(on the infinite grid by |1 - 8r| = %.4f)",
            growth, std::fabs(infiniteGridFactor(history.r())));
    }
    // Every recorded point has a value to show, so two points give a curve.
    if (steps.size() < 2 || steps.back() == steps.front()) {
        return;
    }
    // The line of the checkerboard mode, through the newest amplitude (the
    // quantity that follows it), or through max |u| when none was measured.
    const std::optional<LogPoint> anchor = withAmplitude
                                               ? newestShowable(steps, history.amplitude())
                                               : newestShowable(steps, history.maxAbs());
    if (!anchor) {
        return;
    }
    const double logGrowth = std::log10(std::max(growth, 1e-30));
    const auto predicted = [&](long long step) {
        return anchor->logValue + static_cast<double>(step - anchor->step) * logGrowth;
    };
    // The scale fits the measurements alone, and the line is clipped to the
    // plot: through a noise-floor amplitude below r = 0.25 it would climb
    // tens of decades back to the first step and flatten both curves.
    LogRange range;
    range.includeCurve(history.maxAbs());
    range.includeCurve(history.amplitude());
    range.widenToOneDecade();

    const double span = static_cast<double>(steps.back() - steps.front());
    const auto at = [&](long long step, double logValue) {
        const double x = static_cast<double>(step - steps.front()) / span;
        const double y = (logValue - range.lo) / (range.hi - range.lo);
        return ImVec2(origin.x + 4.0f + static_cast<float>(x) * (width - 8.0f),
                      origin.y + kHeight - 4.0f - static_cast<float>(y) * (kHeight - 8.0f));
    };
    draw->PushClipRect(origin, ImVec2(origin.x + width, origin.y + kHeight), true);
    draw->AddLine(at(steps.front(), predicted(steps.front())),
                  at(steps.back(), predicted(steps.back())), kPredictedColour, 1.5f);
    draw->PopClipRect();
    drawCurve(draw, steps, history.maxAbs(), kMaxAbsColour, at);
    drawCurve(draw, steps, history.amplitude(), kAmplitudeColour, at);

    char label[64];
    std::snprintf(label, sizeof label, "1e%.0f", range.hi);
    draw->AddText(ImVec2(origin.x + 6.0f, origin.y + 2.0f), kLabelColour, label);
    std::snprintf(label, sizeof label, "1e%.0f", range.lo);
    draw->AddText(ImVec2(origin.x + 6.0f, origin.y + kHeight - 18.0f), kLabelColour, label);
}

}  // namespace heatlab
