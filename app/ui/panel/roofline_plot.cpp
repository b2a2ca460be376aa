#include "app/ui/panel/roofline_plot.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "app/i18n/translation.h"
#include "app/ui/panel/roofline_labels.h"
#include "app/ui/pictures/field_overlay.h"

namespace heatlab {

namespace {

// Decades shown at least and at most: fewer squeeze the roofs together,
// more leave the points a speck.
constexpr double kMinDecades = 2.0;
constexpr double kMaxDecades = 7.0;

struct Palette {
    ImU32 background, text, dim, grid, frame, point, highlight;
};

Palette paletteOf(bool light) {
    if (light) {
        return {IM_COL32(255, 255, 255, 255), IM_COL32(20, 20, 20, 255), IM_COL32(90, 90, 90, 255),
                IM_COL32(225, 225, 225, 255), IM_COL32(60, 60, 60, 255), IM_COL32(20, 20, 20, 255),
                IM_COL32(230, 0, 120, 255)};
    }
    return {IM_COL32(20, 20, 24, 255),  IM_COL32(235, 235, 235, 255), IM_COL32(165, 165, 165, 255),
            IM_COL32(55, 55, 62, 255),  IM_COL32(150, 150, 150, 255), IM_COL32(240, 240, 240, 255),
            IM_COL32(255, 70, 170, 255)};
}

// Each roof's colour by what it bounds; the host copies apart by kind.
ImU32 roofColour(const Roof& roof, int hostIndex, bool light) {
    if (roof.role == Roof::Role::FieldMemory && roof.source == Roof::Source::Measured &&
        hostIndex == 1) {
        return light ? IM_COL32(0, 170, 200, 255) : IM_COL32(80, 220, 240, 255);
    }
    if (roof.source == Roof::Source::Datasheet) {
        return light ? IM_COL32(120, 120, 120, 255) : IM_COL32(170, 170, 170, 255);
    }
    switch (roof.role) {
    case Roof::Role::Cache: return IM_COL32(0, 160, 70, 255);
    case Roof::Role::HostCopy:
        return hostIndex == 0 ? IM_COL32(235, 130, 0, 255) : IM_COL32(210, 60, 20, 255);
    case Roof::Role::Arithmetic: return IM_COL32(140, 70, 210, 255);
    case Roof::Role::FieldMemory:
    default: return light ? IM_COL32(20, 90, 200, 255) : IM_COL32(80, 150, 255, 255);
    }
}

// Which of the measured roofs of its role it is (0 first): the second of
// the field's memory and of the host copies get colours of their own.
int roleIndex(const Roofline& r, const Roof& roof) {
    int index = 0;
    for (const Roof& other : r.roofs) {
        if (&other == &roof) {
            return index;
        }
        if (other.role == roof.role && other.source == roof.source) {
            ++index;
        }
    }
    return index;
}

ImU32 pointColour(const RooflinePoint& p, const Palette& palette) {
    switch (p.bytes) {
    case RooflinePoint::Bytes::OnChipL2: return IM_COL32(0, 160, 70, 255);
    case RooflinePoint::Bytes::ToHost: return IM_COL32(235, 130, 0, 255);
    case RooflinePoint::Bytes::FieldMemory:
    default: return palette.point;
    }
}

// Log-log axes over the plot rectangle.
struct Axes {
    ImVec2 lo, hi;          // the plot's corners on screen: lo top left
    double x0, x1, y0, y1;  // decades shown (log10)

    float sx(double x) const {
        return lo.x + static_cast<float>((std::log10(x) - x0) / (x1 - x0)) * (hi.x - lo.x);
    }
    float sy(double y) const {
        return hi.y - static_cast<float>((std::log10(y) - y0) / (y1 - y0)) * (hi.y - lo.y);
    }
    double xAt(float px) const {
        return std::pow(10.0, x0 + (px - lo.x) / (hi.x - lo.x) * (x1 - x0));
    }
};

// Decades around the values, whole, within kMin..kMaxDecades (the top ones
// kept: the roofs are what the picture is about).
void decades(double lo, double hi, double& d0, double& d1) {
    d0 = std::floor(std::log10(lo));
    d1 = std::ceil(std::log10(hi));
    if (d1 - d0 < kMinDecades) {
        d0 = d1 - kMinDecades;
    }
    d0 = std::max(d0, d1 - kMaxDecades);
}

Axes axesFor(const Roofline& r, ImVec2 lo, ImVec2 hi) {
    double xmin = 1.0, xmax = 1.0, ymin = DBL_MAX, ymax = 0.0;
    double compute = 0.0, slowest = DBL_MAX;
    for (const Roof& roof : r.roofs) {
        if (roof.kind == Roof::Kind::Compute) {
            compute = std::max(compute, roof.value);
            ymax = std::max(ymax, roof.value);
        } else {
            slowest = std::min(slowest, roof.value);
        }
    }
    for (const RooflinePoint& p : r.points) {
        xmin = std::min(xmin, p.flopsPerByte);
        xmax = std::max(xmax, p.flopsPerByte);
        ymin = std::min(ymin, p.gflopPerS);
        ymax = std::max(ymax, p.gflopPerS);
    }
    // Far enough right that the slowest roof meets the compute roof.
    if (compute > 0.0 && slowest < DBL_MAX) {
        xmax = std::max(xmax, compute / slowest);
    }
    xmin /= 2.0;
    xmax *= 2.0;
    if (slowest < DBL_MAX) {
        ymin = std::min(ymin, slowest * xmin);
    }
    if (ymax <= 0.0) {
        ymax = 1.0;
    }
    if (ymin == DBL_MAX || ymin <= 0.0) {
        ymin = ymax / 1000.0;
    }
    Axes a{lo, hi, 0, 0, 0, 0};
    decades(xmin, xmax, a.x0, a.x1);
    decades(ymin, ymax * 2.0, a.y0, a.y1);
    return a;
}

std::string decadeText(double d) {
    const double v = std::pow(10.0, d);
    char text[32];
    if (v >= 1e6) {
        std::snprintf(text, sizeof text, "%gM", v / 1e6);
    } else if (v >= 1e3) {
        std::snprintf(text, sizeof text, "%gk", v / 1e3);
    } else {
        std::snprintf(text, sizeof text, "%g", v);
    }
    return text;
}

std::string valueText(double v, const char* unit) {
    char text[48];
    if (v >= 100.0) {
        std::snprintf(text, sizeof text, "%.0f %s", v, unit);
    } else if (v >= 10.0) {
        std::snprintf(text, sizeof text, "%.1f %s", v, unit);
    } else {
        std::snprintf(text, sizeof text, "%.2f %s", v, unit);
    }
    return text;
}

struct Pen {
    ImDrawList& list;
    ImFont* font;
    float size;

    ImVec2 measure(const std::string& text) const {
        return font->CalcTextSizeA(size, FLT_MAX, 0.0f, text.c_str());
    }
    void text(ImVec2 at, ImU32 colour, const std::string& text) const {
        list.AddText(font, size, at, colour, text.c_str());
    }
    // On a patch of the background, so a line under it does not cross it out.
    void label(ImVec2 at, ImU32 colour, ImU32 background, const std::string& text) const {
        const ImVec2 m = measure(text);
        list.AddRectFilled(ImVec2(at.x - 2.0f, at.y), ImVec2(at.x + m.x + 2.0f, at.y + m.y),
                           (background & 0x00FFFFFFu) | 0xC0000000u);
        list.AddText(font, size, at, colour, text.c_str());
    }
};

void dottedLine(ImDrawList& list, ImVec2 a, ImVec2 b, ImU32 colour, float thickness, float dash) {
    const float dx = b.x - a.x;
    const float dy = b.y - a.y;
    const float length = std::sqrt(dx * dx + dy * dy);
    if (length <= 0.0f) {
        return;
    }
    for (float t = 0.0f; t < length; t += 2.0f * dash) {
        const float u = std::min(t + dash, length);
        list.AddLine(ImVec2(a.x + dx * t / length, a.y + dy * t / length),
                     ImVec2(a.x + dx * u / length, a.y + dy * u / length), colour, thickness);
    }
}

void line(ImDrawList& list, ImVec2 a, ImVec2 b, ImU32 colour, float thickness, bool dotted,
          float dash) {
    if (dotted) {
        dottedLine(list, a, b, colour, thickness, dash);
    } else {
        list.AddLine(a, b, colour, thickness);
    }
}

// The widest of the y axis's tick labels: the room left of the plot.
float tickWidth(const Pen& pen, const Roofline& r) {
    const Axes a = axesFor(r, ImVec2(0.0f, 0.0f), ImVec2(1.0f, 1.0f));
    float widest = 0.0f;
    for (double d = a.y0; d <= a.y1 + 1e-9; d += 1.0) {
        widest = std::max(widest, pen.measure(decadeText(d)).x);
    }
    return widest;
}

void gridAndTicks(const Pen& pen, const Axes& a, const Palette& palette) {
    for (double d = a.x0; d <= a.x1 + 1e-9; d += 1.0) {
        const float x = a.sx(std::pow(10.0, d));
        pen.list.AddLine(ImVec2(x, a.lo.y), ImVec2(x, a.hi.y), palette.grid);
        const std::string t = decadeText(d);
        pen.text(ImVec2(x - pen.measure(t).x / 2.0f, a.hi.y + pen.size * 0.25f), palette.text, t);
    }
    for (double d = a.y0; d <= a.y1 + 1e-9; d += 1.0) {
        const float y = a.sy(std::pow(10.0, d));
        pen.list.AddLine(ImVec2(a.lo.x, y), ImVec2(a.hi.x, y), palette.grid);
        const std::string t = decadeText(d);
        const ImVec2 m = pen.measure(t);
        pen.text(ImVec2(a.lo.x - m.x - pen.size * 0.3f, y - m.y / 2.0f), palette.text, t);
    }
    pen.list.AddRect(a.lo, a.hi, palette.frame);
}

// The roof a memory roof turns flat at: the measured compute roof for a
// measured one, the datasheet's for the datasheet's (none: no corner).
double cornerOf(const Roofline& r, const Roof& memory) {
    double corner = 0.0;
    for (const Roof& roof : r.roofs) {
        if (roof.kind == Roof::Kind::Compute && roof.source == memory.source) {
            corner = std::max(corner, roof.value);
        }
    }
    return corner;
}

// A roof as drawn: its segment in the plot, and the value it is labelled with.
struct RoofLine {
    ImVec2 a, b;
    ImU32 colour;
    bool dotted;
    std::string value;
};

// The roofs' segments, the copy floor (rooflineOf's first roof), the
// table's reference, last: a roof as near as the platform's copy
// (cudaMemcpy at 103 % of it on the H200) would otherwise hide its line.
std::vector<RoofLine> roofLines(const Roofline& r, const Axes& a, bool light) {
    const double yBottom = std::pow(10.0, a.y0);
    const double yTop = std::pow(10.0, a.y1);
    const double xEnd = std::pow(10.0, a.x1);
    std::vector<const Roof*> order;
    for (const Roof& roof : r.roofs) {
        order.push_back(&roof);
    }
    if (!order.empty() && order.front()->role == Roof::Role::FieldMemory &&
        order.front()->source == Roof::Source::Measured) {
        std::rotate(order.begin(), order.begin() + 1, order.end());
    }
    std::vector<RoofLine> lines;
    for (const Roof* drawn : order) {
        const Roof& roof = *drawn;
        const bool dotted = roof.source == Roof::Source::Datasheet;
        const ImU32 colour = roofColour(roof, roleIndex(r, roof), light);
        if (roof.kind == Roof::Kind::Compute) {
            // Flat, from where the fastest memory roof of its kind meets it.
            double fastest = 0.0;
            for (const Roof& m : r.roofs) {
                if (m.kind == Roof::Kind::Memory && m.source == roof.source) {
                    fastest = std::max(fastest, m.value);
                }
            }
            const double from = fastest > 0.0 ? roof.value / fastest : std::pow(10.0, a.x0);
            const float y = a.sy(roof.value);
            lines.push_back({ImVec2(std::max(a.lo.x, a.sx(from)), y), ImVec2(a.hi.x, y), colour,
                             dotted, valueText(roof.value, "GFLOP/s")});
            continue;
        }
        // GFLOP/s = GB/s x flops per byte, from the left edge (or where it
        // enters the plot) to its corner with the compute roof.
        const double corner = cornerOf(r, roof);
        const double xa = std::max(std::pow(10.0, a.x0), yBottom / roof.value);
        double xb = corner > 0.0 ? corner / roof.value : xEnd;
        xb = std::min({xb, xEnd, yTop / roof.value});
        if (xb <= xa) {
            continue;
        }
        lines.push_back({ImVec2(a.sx(xa), a.sy(roof.value * xa)),
                         ImVec2(a.sx(xb), a.sy(roof.value * xb)), colour, dotted,
                         valueText(roof.value, "GB/s")});
    }
    return lines;
}

float markerRadius(const Pen& pen) { return std::max(3.0f, pen.size * 0.22f); }

// The points inside the plot (none drawn outside it), in the roofline's
// order: the dots a label is placed by.
struct Dot {
    const RooflinePoint* point;
    ImVec2 centre;
};

std::vector<Dot> dotsOf(const Roofline& r, const Axes& a) {
    std::vector<Dot> dots;
    for (const RooflinePoint& p : r.points) {
        if (!(p.flopsPerByte > 0.0) || !(p.gflopPerS > 0.0)) {
            continue;
        }
        const ImVec2 c(a.sx(p.flopsPerByte), a.sy(p.gflopPerS));
        if (c.x >= a.lo.x && c.x <= a.hi.x && c.y >= a.lo.y && c.y <= a.hi.y) {
            dots.push_back({&p, c});
        }
    }
    return dots;
}

void drawDots(const Pen& pen, const std::vector<Dot>& dots, const Palette& palette) {
    const float radius = markerRadius(pen);
    // The running kernel last, on top.
    for (const bool running : {false, true}) {
        for (const Dot& d : dots) {
            if (d.point->running != running) {
                continue;
            }
            pen.list.AddCircleFilled(d.centre, radius, pointColour(*d.point, palette), 20);
            if (running) {
                pen.list.AddCircle(d.centre, radius * 2.2f, palette.highlight, 28,
                                   std::max(2.0f, pen.size * 0.16f));
            }
        }
    }
}

// `name` broken once, after the space, comma or '_' nearest its middle
// ("temporal, 8 steps" / "a pass"); empty where it has none.
std::string inTwoLines(const std::string& name) {
    std::size_t best = std::string::npos;
    for (std::size_t i = 1; i + 1 < name.size(); ++i) {
        const bool breaks = name[i] == ' ' || name[i] == '_';
        const auto off = [&](std::size_t j) {
            return j > name.size() / 2 ? j - name.size() / 2 : name.size() / 2 - j;
        };
        if (breaks && (best == std::string::npos || off(i) < off(best))) {
            best = i;
        }
    }
    if (best == std::string::npos) {
        return "";
    }
    // A space goes; an underscore stays, ending the first line.
    return name[best] == ' ' ? name.substr(0, best) + "\n" + name.substr(best + 1)
                             : name.substr(0, best + 1) + "\n" + name.substr(best + 1);
}

// Every label placed, then drawn: the points' names first, each by its own
// dot (the running kernel's first of all), then the roofs' values by their
// lines; a value with no clear place by its line is left to the legend,
// which says every roof with its value.
void drawLabels(const Pen& pen, const std::vector<Dot>& dots, const std::vector<RoofLine>& roofs,
                const Palette& palette, RooflineLabels& labels, RooflineDrawn& drawn) {
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < dots.size(); ++i) {
        order.push_back(i);
    }
    std::stable_partition(order.begin(), order.end(),
                          [&](std::size_t i) { return dots[i].point->running; });
    std::vector<bool> named(dots.size(), false);
    for (const std::size_t i : order) {
        if (named[i]) {
            continue;
        }
        // Dots over this one (tiled and optimised on the H200, 13 % apart)
        // are one place: one label names them all, as the class sees one.
        RooflinePoint p = *dots[i].point;
        for (const std::size_t j : order) {
            if (j != i && !named[j] && labels.onePlace(i, j)) {
                p.label += ", " + dots[j].point->label;
                named[j] = true;
            }
        }
        named[i] = true;
        // Its name on one line, or on two where one finds no place (a long
        // class kernel's file name); a small plot may leave no place clear
        // of the roofs' lines: the label's patch then hides the line under
        // it; none near enough at all, a leader line joins it to its dot.
        const std::string broken = inTwoLines(p.label);
        std::string text = p.label;
        std::optional<ImVec2> at;
        for (const bool overLines : {false, true}) {
            for (const std::string* t : {static_cast<const std::string*>(&p.label), &broken}) {
                if (!at && !t->empty()) {
                    at = labels.besidePoint(i, pen.measure(*t), overLines);
                    text = *t;
                }
            }
        }
        const ImVec2 m = pen.measure(text);
        if (!at) {
            at = labels.anywhereNear(dots[i].centre, m);
            pen.list.AddLine(dots[i].centre, ImVec2(at->x, at->y + m.y / 2.0f), palette.dim);
        }
        pen.label(*at, p.running ? palette.highlight : palette.text, palette.background, text);
        drawn.labels.push_back(ImVec4(at->x, at->y, at->x + m.x, at->y + m.y));
        drawn.labelDot.push_back(static_cast<int>(i));
    }
    for (const RoofLine& roof : roofs) {
        const ImVec2 m = pen.measure(roof.value);
        if (const std::optional<ImVec2> at = labels.besideLine(roof.a, roof.b, m)) {
            pen.label(*at, roof.colour, palette.background, roof.value);
            drawn.labels.push_back(ImVec4(at->x, at->y, at->x + m.x, at->y + m.y));
            drawn.labelDot.push_back(-1);
        }
    }
}

// A line of the legend: its words, and the mark drawn before them.
struct LegendEntry {
    enum class Mark { Line, Dotted, Dot, Ring };
    std::string text;
    ImU32 colour;
    Mark mark;
};

// The legend: every roof by name and value, then what the points are.
std::vector<LegendEntry> legendEntries(const Roofline& r, const Palette& palette, bool light) {
    std::vector<LegendEntry> entries;
    for (const Roof& roof : r.roofs) {
        const bool compute = roof.kind == Roof::Kind::Compute;
        entries.push_back({roof.name + ": " + valueText(roof.value, compute ? "GFLOP/s" : "GB/s"),
                           roofColour(roof, roleIndex(r, roof), light),
                           roof.source == Roof::Source::Datasheet ? LegendEntry::Mark::Dotted
                                                                  : LegendEntry::Mark::Line});
    }
    bool running = false;
    bool onChip = false;
    bool toHost = false;
    for (const RooflinePoint& p : r.points) {
        running = running || p.running;
        onChip = onChip || p.bytes == RooflinePoint::Bytes::OnChipL2;
        toHost = toHost || p.bytes == RooflinePoint::Bytes::ToHost;
    }
    entries.push_back({tr("kernel: bytes it moves in the field's memory"), palette.point,
                       LegendEntry::Mark::Dot});
    if (onChip) {
        entries.push_back({tr("on chip (resident): by its L2 edge exchange, vs the L2 roof"),
                           IM_COL32(0, 160, 70, 255), LegendEntry::Mark::Dot});
    }
    if (toHost) {
        entries.push_back({tr("copying back: by the bytes sent to the host, vs the host copies"),
                           IM_COL32(235, 130, 0, 255), LegendEntry::Mark::Dot});
    }
    if (running) {
        entries.push_back(
            {tr("ringed: the lecture's kernel now"), palette.highlight, LegendEntry::Mark::Ring});
    }
    return entries;
}

// An entry's words wrapped to the legend's `width` after its mark: a long
// roof name ("... (timed while busy)") keeps its value on the next line
// rather than lose it at the edge.
std::string legendWords(const Pen& pen, const std::string& text, float width) {
    return wrappedToWidth(pen.font, pen.size, text, width - pen.size * 2.0f);
}

// The legend laid out once a frame, for its height and its drawing: each
// entry's words wrapped to the legend's width (lines joined by '\n'), and
// where each entry's first line starts, from the legend's top.
struct LaidOutLegend {
    std::vector<LegendEntry> entries;
    std::vector<float> tops;
    float height = 0.0f;
};

LaidOutLegend layOutLegend(const Pen& pen, const Roofline& r, float width, const Palette& palette,
                           bool light) {
    const float line = pen.size * 1.25f;
    LaidOutLegend out;
    out.entries = legendEntries(r, palette, light);
    bool pointsBegun = false;
    for (LegendEntry& e : out.entries) {
        if (!pointsBegun &&
            (e.mark == LegendEntry::Mark::Dot || e.mark == LegendEntry::Mark::Ring)) {
            pointsBegun = true;
            out.height += line * 0.4f;  // the roofs apart from the points
        }
        e.text = legendWords(pen, e.text, width);
        out.tops.push_back(out.height);
        out.height += line * static_cast<float>(1 + std::count(e.text.begin(), e.text.end(), '\n'));
    }
    return out;
}

// Draws a laid-out legend from `at`, its lines' rectangles into `drawn`.
void drawLegend(const Pen& pen, const LaidOutLegend& legend, ImVec2 at, const Palette& palette,
                std::vector<ImVec4>& drawn) {
    const float line = pen.size * 1.25f;
    const float swatch = pen.size * 1.6f;
    for (std::size_t i = 0; i < legend.entries.size(); ++i) {
        const LegendEntry& e = legend.entries[i];
        float y = at.y + legend.tops[i];
        const float my = y + line / 2.0f;
        const ImVec2 centre(at.x + swatch / 2.0f, my);
        switch (e.mark) {
        case LegendEntry::Mark::Dot:
            pen.list.AddCircleFilled(centre, pen.size * 0.3f, e.colour, 16);
            break;
        case LegendEntry::Mark::Ring:
            pen.list.AddCircle(centre, pen.size * 0.55f, e.colour, 24, 2.0f);
            break;
        default:
            ::heatlab::line(pen.list, ImVec2(at.x, my), ImVec2(at.x + swatch, my), e.colour,
                            std::max(1.5f, pen.size * 0.14f), e.mark == LegendEntry::Mark::Dotted,
                            pen.size * 0.3f);
        }
        // A ring's words in its colour, as the ring; the others' plain.
        const ImU32 ink = e.mark == LegendEntry::Mark::Ring ? e.colour : palette.text;
        std::size_t from = 0;
        while (from <= e.text.size()) {
            const std::size_t to = std::min(e.text.find('\n', from), e.text.size());
            const std::string part = e.text.substr(from, to - from);
            const ImVec2 textAt(at.x + swatch + pen.size * 0.4f, y);
            pen.text(textAt, ink, part);
            drawn.push_back(ImVec4(textAt.x, y, textAt.x + pen.measure(part).x, y + line));
            y += line;
            from = to + 1;
        }
    }
}

}  // namespace

RooflineDrawn drawRoofline(ImDrawList& list, ImVec2 topLeft, ImVec2 size, const Roofline& roofline,
                           const RooflineStyle& style) {
    ImFont* font = style.font != nullptr ? style.font : ImGui::GetFont();
    const float f = style.fontSize > 0.0f ? style.fontSize : ImGui::GetFontSize();
    const Pen pen{list, font, f};
    const Palette palette = paletteOf(style.light);
    const ImVec2 end(topLeft.x + size.x, topLeft.y + size.y);
    list.PushClipRect(topLeft, end, true);
    list.AddRectFilled(topLeft, end, palette.background);

    // A wide picture keeps its legend on the right, a narrow one below.
    const bool legendRight = style.legendBeside || size.x > 55.0f * f;
    const float legendSize = style.legendSize > 0.0f ? style.legendSize : f;
    const float legendWidth =
        legendRight ? std::min(size.x * 0.33f, 30.0f * legendSize) : size.x - 2.0f * f;
    // Beside the plot the legend has the picture's height below the
    // title; a longer one (Japanese wraps more) is set smaller to fit it,
    // down to three quarters of its size.
    Pen legendPen{list, font, legendSize};
    LaidOutLegend legend = layOutLegend(legendPen, roofline, legendWidth, palette, style.light);
    const float legendRoom = size.y - 3.0f * f;
    const float legendFloor = 0.75f * legendPen.size;
    while (legendRight && legend.height > legendRoom && legendPen.size * 0.95f >= legendFloor) {
        legendPen.size *= 0.95f;
        legend = layOutLegend(legendPen, roofline, legendWidth, palette, style.light);
    }
    const float below = legendRight ? 0.0f : legend.height + f;
    // The title, then the y axis's name on a line of its own above the
    // plot: inside it a grid line ran through it.
    const ImVec2 lo(topLeft.x + tickWidth(pen, roofline) + 0.8f * f, topLeft.y + 3.0f * f);
    const ImVec2 hi(end.x - (legendRight ? legendWidth + 2.0f * f : 1.0f * f),
                    end.y - 3.2f * f - below);
    if (hi.x - lo.x < 4.0f * f || hi.y - lo.y < 4.0f * f) {
        list.PopClipRect();
        return {};  // no room for a plot
    }
    pen.text(ImVec2(topLeft.x + 0.5f * f, topLeft.y + 0.3f * f), palette.text, roofline.title);
    pen.text(ImVec2(topLeft.x + 0.5f * f, topLeft.y + 1.6f * f), palette.dim,
             tr("GFLOP/s (7 a cell update)"));
    const Axes axes = axesFor(roofline, lo, hi);
    gridAndTicks(pen, axes, palette);
    // The axis title whole: a shorter one where the long one does not fit,
    // centred under the plot but never past the picture's left edge.
    // With the legend beside, within the plot's side of the picture.
    const float xLabelRoom = legendRight ? hi.x + f - topLeft.x : size.x - 1.0f * f;
    std::string xLabel = tr("arithmetic intensity: flops per byte moved, counted per kernel");
    if (pen.measure(xLabel).x > xLabelRoom) {
        xLabel = tr("flops per byte moved");
    }
    const float xLabelAt =
        std::max(topLeft.x + 0.5f * f, lo.x + (hi.x - lo.x - pen.measure(xLabel).x) / 2.0f);
    pen.text(ImVec2(xLabelAt, hi.y + 1.6f * f), palette.dim, xLabel);
    const ImVec2 xLabelSize = pen.measure(xLabel);

    RooflineDrawn drawn;
    drawn.plot = ImVec4(lo.x, lo.y, hi.x, hi.y);
    drawn.axisTitle =
        ImVec4(xLabelAt, hi.y + 1.6f * f, xLabelAt + xLabelSize.x, hi.y + 1.6f * f + xLabelSize.y);
    RooflineLabels labels(drawn.plot, std::max(2.0f, f * 0.15f));
    const std::vector<RoofLine> roofs = roofLines(roofline, axes, style.light);
    const std::vector<Dot> dots = dotsOf(roofline, axes);
    const float radius = markerRadius(pen);
    for (const Dot& d : dots) {
        labels.addDot(d.centre, radius);
    }
    drawn.markers = labels.dots();
    list.PushClipRect(lo, hi, true);
    const float thick = std::max(1.5f, f * 0.14f);
    for (const RoofLine& roof : roofs) {
        line(list, roof.a, roof.b, roof.colour, thick, roof.dotted, f * 0.3f);
        labels.addLine(roof.a, roof.b);
        drawn.roofLines.push_back(ImVec4(roof.a.x, roof.a.y, roof.b.x, roof.b.y));
    }
    drawDots(pen, dots, palette);
    drawLabels(pen, dots, roofs, palette, labels, drawn);
    list.PopClipRect();

    const ImVec2 legendAt =
        legendRight ? ImVec2(hi.x + 1.5f * f, lo.y) : ImVec2(topLeft.x + 1.0f * f, hi.y + 3.2f * f);
    drawLegend(legendPen, legend, legendAt, palette, drawn.legend);
    list.PopClipRect();
    return drawn;
}

void drawRooflineWidget(const Roofline& roofline, float width) {
    const float f = ImGui::GetFontSize();
    const Pen pen{*ImGui::GetWindowDrawList(), ImGui::GetFont(), f};
    // Laid out here for the widget's height, and again by drawRoofline.
    const float height =
        width * 0.62f + f +
        layOutLegend(pen, roofline, width - 2.0f * f, paletteOf(false), false).height + f;
    const ImVec2 at = ImGui::GetCursorScreenPos();
    drawRoofline(*ImGui::GetWindowDrawList(), at, ImVec2(width, height), roofline, {});
    ImGui::Dummy(ImVec2(width, height));
}

}  // namespace heatlab
