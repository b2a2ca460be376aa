#pragma once
// Where the roofline's text goes (roofline_plot.h draws it): each point's
// name by its own dot, nearer that dot than any other and within
// kLabelReach label heights of it; each roof's value beside its own line.
// Every label whole inside the plot, a gap clear of every other label and
// every dot, crossing no roof line. Geometry only, in the draw list's
// pixels (x0, y0, x1, y1 boxes): nothing is drawn here.

#include <imgui.h>

#include <optional>
#include <vector>

namespace heatlab {

// How far a point's name may sit from its dot, in label heights: near
// enough that a class reads them as one.
constexpr float kLabelReach = 3.0f;

// The distance from `box` (x0, y0, x1, y1) to `point`: 0 inside it.
float distanceTo(const ImVec4& box, ImVec2 point);
// Whether the segment a-b passes through `box`.
bool crosses(const ImVec4& box, ImVec2 a, ImVec2 b);

class RooflineLabels {
public:
    // Within `plot`; `gap` pixels kept between a label and anything else.
    RooflineLabels(const ImVec4& plot, float gap) : plot_(plot), gap_(gap) {}

    // What is there before any label: the dots (in the order points are
    // named by index), the roof lines, text already drawn.
    void addDot(ImVec2 centre, float radius);
    void addLine(ImVec2 a, ImVec2 b) { lines_.push_back({a, b}); }
    void reserve(const ImVec4& box) { boxes_.push_back(box); }

    // The nearest place around dot `dot` for a name `size` large that keeps
    // every rule above; with `overLines`, one that may cross a roof line
    // (the label's patch hides it: a small plot's last resort). Kept as taken.
    std::optional<ImVec2> besidePoint(std::size_t dot, ImVec2 size, bool overLines = false);
    // A place for a value `size` large beside the segment a-b, above or
    // below it, nearest its middle; none where every rule cannot be kept.
    std::optional<ImVec2> besideLine(ImVec2 a, ImVec2 b, ImVec2 size);
    // The last resort: the nearest place to `at` clear of labels and dots,
    // inside the plot, whatever its lines and dots (a leader line joins it).
    ImVec2 anywhereNear(ImVec2 at, ImVec2 size);

    const std::vector<ImVec4>& dots() const { return dots_; }
    // Dots drawn over each other: one place, named by one label.
    bool onePlace(std::size_t a, std::size_t b) const;

private:
    bool inside(const ImVec4& box) const;
    bool clearOfText(const ImVec4& box) const;
    bool clearOfLines(const ImVec4& box) const;
    void take(const ImVec4& box) { boxes_.push_back(box); }

    struct Segment {
        ImVec2 a, b;
    };
    ImVec4 plot_;
    float gap_;
    std::vector<ImVec4> dots_;
    std::vector<ImVec2> centres_;
    std::vector<Segment> lines_;
    std::vector<ImVec4> boxes_;
};

}  // namespace heatlab
