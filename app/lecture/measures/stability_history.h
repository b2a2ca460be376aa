#pragma once
// What the stability meter (app/ui/panel/stability_meter.h) draws: max |u| and
// the checkerboard amplitude after every frame since the last reset, kept
// in a bounded number of points, with the step from which r has been what
// it is now. No ImGui here.

#include <vector>

namespace heatlab {

// What a log scale can show: finite and above zero.
bool isLogShowable(double value);

class StabilityHistory {
public:
    // Records max |u| and the checkerboard amplitude (Backend::
    // checkerboardAmplitude(), either sign: its magnitude is kept) after
    // `step` steps at `r`. A step count that went back (a reset) starts a
    // new history; a new r keeps the run (a ramp of r across the bound is
    // one story: the amplitude falls, then grows) and moves rSince(), from
    // where the meter's line at the new r's growth is anchored. A value a log
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
    // The first step recorded at r(): the points from there on are r()'s.
    long long rSince() const { return rSince_; }

private:
    // Drops every other point, so a long run keeps its whole span.
    void thinOut();

    std::vector<long long> steps_;
    std::vector<float> maxAbs_;
    std::vector<double> amplitude_;
    float r_ = 0.0f;
    long long rSince_ = 0;
};
}  // namespace heatlab
