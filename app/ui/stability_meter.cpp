#include "app/ui/stability_meter.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>

namespace heatlab {

namespace {

// Enough frames to show an explosion from its start to the overflow (about
// 1100 steps at r = 0.26), without the history growing through a lecture.
constexpr std::size_t kMaxPoints = 2000;
constexpr float kHeight = 110.0f;
// Two hues: max |u| orange; the amplitude blue, and its predicted line the
// same blue, fainter, since the line is the amplitude's prediction.
const ImU32 kMaxAbsColour = IM_COL32(255, 170, 60, 255);
const ImU32 kAmplitudeColour = IM_COL32(110, 190, 255, 255);
const ImU32 kPredictedColour = IM_COL32(110, 190, 255, 150);
const ImU32 kBackgroundColour = IM_COL32(20, 20, 24, 255);
const ImU32 kLabelColour = IM_COL32(160, 160, 160, 255);

// What a log scale can show.
bool showable(double value) { return std::isfinite(value) && value > 0.0; }

struct LogPoint {
    long long step = 0;
    double logValue = 0.0;  // log10 of the value
};

template <typename T>
std::optional<LogPoint> newestShowable(const std::vector<long long>& steps,
                                       const std::vector<T>& values) {
    for (std::size_t i = values.size(); i-- > 0;) {
        if (showable(values[i])) {
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
            if (showable(value)) {
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
        if (showable(values[i - 1]) && showable(values[i])) {
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
void drawLegend(bool withAmplitude) {
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kMaxAbsColour), "max |u|");
    if (withAmplitude) {
        ImGui::SameLine();
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kAmplitudeColour), "|checkerboard|");
    }
    ImGui::SameLine();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kPredictedColour), "vs |1 - 8r|^steps");
    ImGui::SameLine();
    ImGui::TextDisabled("(log)");
}

}  // namespace

void StabilityHistory::add(long long step, float maxAbs, double amplitude, float r) {
    if (r != r_ || (!steps_.empty() && step < steps_.back())) {
        clear();
        r_ = r;
    }
    const double magnitude = std::fabs(amplitude);
    if (!showable(maxAbs) && !showable(magnitude)) {
        return;  // nothing a log scale can show
    }
    if (steps_.size() == kMaxPoints) {
        thinOut();
    }
    steps_.push_back(step);
    maxAbs_.push_back(showable(maxAbs) ? maxAbs : std::numeric_limits<float>::quiet_NaN());
    amplitude_.push_back(showable(magnitude) ? magnitude
                                             : std::numeric_limits<double>::quiet_NaN());
}

void StabilityHistory::add(long long step, float maxAbs, float r) {
    add(step, maxAbs, std::numeric_limits<double>::quiet_NaN(), r);
}

void StabilityHistory::thinOut() {
    std::size_t kept = 0;
    for (std::size_t i = 0; i < steps_.size(); i += 2) {
        steps_[kept] = steps_[i];
        maxAbs_[kept] = maxAbs_[i];
        amplitude_[kept] = amplitude_[i];
        ++kept;
    }
    steps_.resize(kept);
    maxAbs_.resize(kept);
    amplitude_.resize(kept);
}

void StabilityHistory::clear() {
    steps_.clear();
    maxAbs_.clear();
    amplitude_.clear();
}

void drawStabilityMeter(const StabilityHistory& history, float width) {
    const std::vector<long long>& steps = history.steps();
    const double growth = std::fabs(1.0 - 8.0 * static_cast<double>(history.r()));
    const bool withAmplitude = holdsAmplitude(history);
    drawLegend(withAmplitude);

    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(origin, ImVec2(origin.x + width, origin.y + kHeight), kBackgroundColour);
    ImGui::Dummy(ImVec2(width, kHeight));
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip(
            "orange: max |u| after each frame\n"
            "blue: |checkerboard amplitude|, the field's projection on "
            "(-1)^(row + col)\n"
            "faint blue: |1 - 8r|^steps = %.4f^steps through the newest amplitude:\n"
            "the checkerboard mode grows (r > 0.25) or decays by |1 - 8r| a step",
            growth);
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
