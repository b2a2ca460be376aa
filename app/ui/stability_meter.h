#pragma once
// The stability meter: max |u| and the checkerboard amplitude after every
// frame since the last reset, on a log scale, beside the line the
// checkerboard mode follows, |1 - 8r| a step, drawn through the newest
// amplitude. Past r = 0.25 the amplitude runs along that line and max |u|
// bends onto it as the checkerboard takes over the field; below, max |u|
// stays flat (the maximum principle) while the amplitude and the line fall.

#include <vector>

namespace heatlab {

class StabilityHistory {
public:
    // Records max |u| and the checkerboard amplitude (Backend::
    // checkerboardAmplitude(), either sign: its magnitude is kept) after
    // `step` steps at `r`. A new r starts a new history (the line's slope is
    // r's), and so does a step count that went back (a reset). A value a log
    // scale cannot show (zero, NaN, infinite) is kept as NaN and left out of
    // its curve; a point with neither is not recorded.
    void add(long long step, float maxAbs, double amplitude, float r);
    // The same with the amplitude unknown (recorded as NaN, not plotted),
    // for callers that do not measure it.
    void add(long long step, float maxAbs, float r);
    void clear();

    const std::vector<long long>& steps() const { return steps_; }
    const std::vector<float>& maxAbs() const { return maxAbs_; }
    // |checkerboard amplitude| a point; NaN where there is none to show.
    const std::vector<double>& amplitude() const { return amplitude_; }
    float r() const { return r_; }

private:
    // Drops every other point, so a long run keeps its whole span.
    void thinOut();

    std::vector<long long> steps_;
    std::vector<float> maxAbs_;
    std::vector<double> amplitude_;
    float r_ = 0.0f;
};

// Draws the meter `width` ImGui units wide at the cursor (ImGui calls only:
// between ImGuiLayer::beginFrame() and render()). Without any amplitude in
// the history the line goes through the newest max |u| instead.
void drawStabilityMeter(const StabilityHistory& history, float width);

}  // namespace heatlab
