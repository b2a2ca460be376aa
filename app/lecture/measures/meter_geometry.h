#pragma once
// The stability meter's arithmetic, without ImGui, so the cpu tests check
// what app/ui/panel/stability_meter.h draws: the step axis's ticks and their
// labels, the point the reference line goes through, and the clipping of
// that line to the plot.

#include <optional>
#include <string>
#include <vector>

#include "app/lecture/measures/stability_history.h"

namespace heatlab {

// Round step counts along an axis: the multiples of one spacing (1, 2 or 5
// times a power of ten, at least 1) from `first` to `last`, the spacing the
// finest that gives at most `most` of them (2 when less is asked): at least
// one where last >= first, none where last < first.
struct StepTicks {
    std::vector<long long> steps;
    long long spacing = 1;
};
StepTicks stepTicks(long long first, long long last, int most);

// The ticks' labels, all in one unit: plain below 10000 ("0", "500",
// "9000"), then k, M or G ("5k", "12.5k", "1234k", "3M") with at most the
// one decimal the spacing needs, so neighbouring ticks never read the same.
std::vector<std::string> stepLabels(const StepTicks& ticks);

// A point of the meter: a step and the log10 of a value.
struct LogPoint {
    long long step = 0;
    double logValue = 0.0;
};

// The point the reference line (the grid's growth a step) goes through: the
// largest amplitude recorded at the history's current r (from rSince()), where the mode stands
// farthest above the field's rounding noise (the newest past the bound; below it the first, since a
// decaying mode sinks into the noise within a few hundred steps and the newest amplitude is then
// noise: a line through it would climb tens of decades back to the first step). Without any
// amplitude, the largest max |u|; nothing when the history holds neither.
std::optional<LogPoint> referenceAnchor(const StabilityHistory& history);

// A segment in the plot's coordinates (pixels), and the plot's rectangle.
struct PlotPoint {
    double x = 0.0;
    double y = 0.0;
};
struct PlotSegment {
    PlotPoint from;
    PlotPoint to;
};
struct PlotBox {
    double left = 0.0;
    double top = 0.0;
    double right = 0.0;
    double bottom = 0.0;
};

// The part of `segment` inside `box`, edges included (Liang-Barsky), or
// nothing when what is inside is shorter than `shortest`: a line that misses
// the plot, grazes a corner, or has non-finite ends draws nothing.
std::optional<PlotSegment> clipToBox(const PlotSegment& segment, const PlotBox& box,
                                     double shortest);

}  // namespace heatlab
