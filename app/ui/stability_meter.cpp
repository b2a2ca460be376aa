#include "app/ui/stability_meter.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace heatlab {

namespace {

// Enough frames to show an explosion from its start to the overflow (about
// 1100 steps at r = 0.26), without the history growing through a lecture.
constexpr std::size_t kMaxPoints = 2000;
constexpr float kHeight = 110.0f;
const ImU32 kMeasuredColour = IM_COL32(255, 170, 60, 255);
const ImU32 kPredictedColour = IM_COL32(110, 190, 255, 255);

}  // namespace

void StabilityHistory::add(long long step, float maxAbs, float r) {
    if (r != r_ || (!steps_.empty() && step < steps_.back())) {
        clear();
        r_ = r;
    }
    if (!std::isfinite(maxAbs) || maxAbs <= 0.0f) {
        return;  // nothing a log scale can show
    }
    if (steps_.size() == kMaxPoints) {
        // Every other point goes: the curve keeps its whole span.
        std::size_t kept = 0;
        for (std::size_t i = 0; i < steps_.size(); i += 2) {
            steps_[kept] = steps_[i];
            maxAbs_[kept] = maxAbs_[i];
            ++kept;
        }
        steps_.resize(kept);
        maxAbs_.resize(kept);
    }
    steps_.push_back(step);
    maxAbs_.push_back(maxAbs);
}

void StabilityHistory::clear() {
    steps_.clear();
    maxAbs_.clear();
}

void drawStabilityMeter(const StabilityHistory& history, float width) {
    const std::vector<long long>& steps = history.steps();
    const std::vector<float>& values = history.maxAbs();
    const double growth = std::fabs(1.0 - 8.0 * static_cast<double>(history.r()));
    ImGui::TextColored(ImVec4(1.0f, 0.67f, 0.24f, 1.0f), "max |u|");
    ImGui::SameLine();
    ImGui::TextColored(ImVec4(0.43f, 0.75f, 1.0f, 1.0f), "|1 - 8r|^steps = %.4f^steps", growth);
    ImGui::SameLine();
    ImGui::TextDisabled("(log)");

    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(origin, ImVec2(origin.x + width, origin.y + kHeight),
                        IM_COL32(20, 20, 24, 255));
    ImGui::Dummy(ImVec2(width, kHeight));
    if (steps.size() < 2 || steps.back() == steps.front()) {
        return;
    }
    // The line of the checkerboard mode, through the newest point.
    const double logGrowth = std::log10(std::max(growth, 1e-30));
    const double lastLog = std::log10(static_cast<double>(values.back()));
    const auto predicted = [&](long long step) {
        return lastLog + static_cast<double>(step - steps.back()) * logGrowth;
    };
    double lo = 1e300;
    double hi = -1e300;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const double measured = std::log10(static_cast<double>(values[i]));
        lo = std::min({lo, measured, predicted(steps[i])});
        hi = std::max({hi, measured, predicted(steps[i])});
    }
    if (hi - lo < 1.0) {  // at least one decade, so rounding does not look like a trend
        const double middle = 0.5 * (hi + lo);
        lo = middle - 0.5;
        hi = middle + 0.5;
    }
    const double span = static_cast<double>(steps.back() - steps.front());
    const auto at = [&](long long step, double logValue) {
        const double x = static_cast<double>(step - steps.front()) / span;
        const double y = (logValue - lo) / (hi - lo);
        return ImVec2(origin.x + 4.0f + static_cast<float>(x) * (width - 8.0f),
                      origin.y + kHeight - 4.0f - static_cast<float>(y) * (kHeight - 8.0f));
    };
    draw->AddLine(at(steps.front(), predicted(steps.front())),
                  at(steps.back(), predicted(steps.back())), kPredictedColour, 1.5f);
    for (std::size_t i = 1; i < steps.size(); ++i) {
        draw->AddLine(at(steps[i - 1], std::log10(static_cast<double>(values[i - 1]))),
                      at(steps[i], std::log10(static_cast<double>(values[i]))), kMeasuredColour,
                      2.0f);
    }
    char label[64];
    std::snprintf(label, sizeof label, "1e%.0f", hi);
    draw->AddText(ImVec2(origin.x + 6.0f, origin.y + 2.0f), IM_COL32(160, 160, 160, 255), label);
    std::snprintf(label, sizeof label, "1e%.0f", lo);
    draw->AddText(ImVec2(origin.x + 6.0f, origin.y + kHeight - 18.0f), IM_COL32(160, 160, 160, 255),
                  label);
}

}  // namespace heatlab
