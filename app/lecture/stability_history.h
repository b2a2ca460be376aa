#pragma once
// What the stability meter (app/ui/stability_meter.h) draws: max |u| and
// the checkerboard amplitude after every frame since the last reset, at one
// r, kept in a bounded number of points. No ImGui here.

#include <vector>

namespace heatlab {

// What a log scale can show: finite and above zero.
bool isLogShowable(double value);

class StabilityHistory {
public:
    // Records max |u| and the checkerboard amplitude (Backend::
    // checkerboardAmplitude(), either sign: its magnitude is kept) after
    // `step` steps at `r`. A new r starts a new history (the line's slope is
    // r's), and so does a step count that went back (a reset). A value a log
    // scale cannot show (zero, NaN, infinite) is kept as NaN and left out of
    // its curve; a point with neither is not recorded. A point at the newest
    // point's step replaces it (the same step measured again: a paused run
    // measures every frame, and a painted field changes without a step), so
    // a pause neither thins the run's history away nor leaves a zero-length
    // segment to draw.
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
}  // namespace heatlab
