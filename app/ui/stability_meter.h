#pragma once
// The stability meter: max |u| after every frame since the last reset, on a
// log scale, beside the line the checkerboard mode follows, |1 - 8r| a step.
// Past r = 0.25 the measured curve bends onto that line as the checkerboard
// takes over the field; below, max |u| stays flat (the maximum principle)
// while the line falls.

#include <vector>

namespace heatlab {

class StabilityHistory {
public:
    // Records max |u| after `step` steps at `r`; a new r starts a new history
    // (the line's slope is r's).
    void add(long long step, float maxAbs, float r);
    void clear();

    const std::vector<long long>& steps() const { return steps_; }
    const std::vector<float>& maxAbs() const { return maxAbs_; }
    float r() const { return r_; }

private:
    std::vector<long long> steps_;
    std::vector<float> maxAbs_;
    float r_ = 0.0f;
};

// Draws the meter `width` ImGui units wide at the cursor (ImGui calls only:
// between ImGuiLayer::beginFrame() and render()).
void drawStabilityMeter(const StabilityHistory& history, float width);

}  // namespace heatlab
