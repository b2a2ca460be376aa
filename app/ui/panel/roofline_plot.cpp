#include "app/ui/panel/roofline_plot.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "app/i18n/translation.h"
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

struct Placed {
    std::vector<ImVec4> boxes;  // x0, y0, x1, y1 of the labels placed so far
    ImVec4 within;              // the plot: a label outside it would be cut

    bool inside(ImVec2 at, ImVec2 size) const {
        return at.x >= within.x && at.y >= within.y && at.x + size.x <= within.z &&
               at.y + size.y <= within.w;
    }
    bool clear(ImVec2 at, ImVec2 size) const {
        for (const ImVec4& b : boxes) {
            if (at.x < b.z && at.x + size.x > b.x && at.y < b.w && at.y + size.y > b.y) {
                return false;
            }
        }
        return true;
    }
    // The nearest place to `at` (first moved into the plot where it lies
    // past an edge) where `size` overlaps nothing and is whole in the plot:
    // `at`, then a step down or up at a time, then the same half a label to
    // the left or right. Where the plot is too crowded for that, the nearest
    // that overlaps nothing though cut at an edge; else `at` itself.
    ImVec2 place(ImVec2 at, ImVec2 size, float step) {
        at.x = std::max(within.x, std::min(at.x, within.z - size.x));
        at.y = std::max(within.y, std::min(at.y, within.w - size.y));
        for (const bool whole : {true, false}) {
            for (const float dx : {0.0f, -0.5f, 0.5f, -1.0f, 1.0f}) {
                for (int i = 0; i <= 24; ++i) {
                    const float dy = i == 0 ? 0.0f
                                            : (i % 2 == 1 ? 1.0f : -1.0f) * step *
                                                  static_cast<float>((i + 1) / 2);
                    const ImVec2 p(at.x + dx * size.x, at.y + dy);
                    if ((!whole || inside(p, size)) && clear(p, size)) {
                        boxes.push_back(ImVec4(p.x, p.y, p.x + size.x, p.y + size.y));
                        return p;
                    }
                }
            }
        }
        boxes.push_back(ImVec4(at.x, at.y, at.x + size.x, at.y + size.y));
        return at;
    }
};

void drawRoofs(const Pen& pen, const Roofline& r, const Axes& a, const Palette& palette, bool light,
               Placed& placed) {
    const float thick = std::max(1.5f, pen.size * 0.14f);
    const float xLeft = static_cast<float>(a.lo.x);
    const double yBottom = std::pow(10.0, a.y0);
    const double yTop = std::pow(10.0, a.y1);
    const double xEnd = std::pow(10.0, a.x1);
    int memoryIndex = 0;
    // The copy floor (rooflineOf's first roof), the table's reference, is
    // drawn last: a roof as near as the platform's copy (cudaMemcpy at 103 %
    // of it on the H200) would otherwise hide its line.
    std::vector<const Roof*> order;
    for (const Roof& roof : r.roofs) {
        order.push_back(&roof);
    }
    if (!order.empty() && order.front()->role == Roof::Role::FieldMemory &&
        order.front()->source == Roof::Source::Measured) {
        std::rotate(order.begin(), order.begin() + 1, order.end());
    }
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
            const float x = std::max(xLeft, a.sx(from));
            line(pen.list, ImVec2(x, y), ImVec2(a.hi.x, y), colour, thick, dotted, pen.size * 0.3f);
            const std::string t = valueText(roof.value, "GFLOP/s");
            const ImVec2 m = pen.measure(t);
            const ImVec2 at =
                placed.place(ImVec2(a.hi.x - m.x - pen.size * 0.3f, y - m.y - 2.0f), m, m.y);
            pen.label(at, colour, palette.background, t);
            continue;
        }
        // GFLOP/s = GB/s x flops per byte, from the left edge (or where it
        // enters the plot) to its corner with the compute roof.
        const double corner = cornerOf(r, roof);
        double xa = std::max(std::pow(10.0, a.x0), yBottom / roof.value);
        double xb = corner > 0.0 ? corner / roof.value : xEnd;
        xb = std::min({xb, xEnd, yTop / roof.value});
        if (xb <= xa) {
            continue;
        }
        const ImVec2 pa(a.sx(xa), a.sy(roof.value * xa));
        const ImVec2 pb(a.sx(xb), a.sy(roof.value * xb));
        line(pen.list, pa, pb, colour, thick, dotted, pen.size * 0.3f);
        // Its value above its line, staggered along it so near roofs do not
        // write over each other (their names are in the legend): the
        // label's lower right corner on the line, so the line, rising to
        // the right, runs below the label and never through it.
        const std::string t = valueText(roof.value, "GB/s");
        const ImVec2 m = pen.measure(t);
        const float fraction = 0.25f + 0.12f * static_cast<float>(memoryIndex++ % 6);
        const float px = std::max(pa.x + m.x + 2.0f, pa.x + (pb.x - pa.x) * fraction);
        const double xv = a.xAt(px);
        const ImVec2 at =
            placed.place(ImVec2(px - m.x - 2.0f, a.sy(roof.value * xv) - m.y - 3.0f), m, m.y);
        pen.label(at, colour, palette.background, t);
    }
}

float markerRadius(const Pen& pen) { return std::max(3.0f, pen.size * 0.3f); }

// The points' centres in the plot (none outside it).
std::vector<ImVec2> pointCentres(const Roofline& r, const Axes& a) {
    std::vector<ImVec2> centres;
    for (const RooflinePoint& p : r.points) {
        if (!(p.flopsPerByte > 0.0) || !(p.gflopPerS > 0.0)) {
            continue;
        }
        const ImVec2 c(a.sx(p.flopsPerByte), a.sy(p.gflopPerS));
        if (c.x >= a.lo.x && c.x <= a.hi.x && c.y >= a.lo.y && c.y <= a.hi.y) {
            centres.push_back(c);
        }
    }
    return centres;
}

void drawPoints(const Pen& pen, const Roofline& r, const Axes& a, const Palette& palette,
                Placed& placed) {
    const float radius = markerRadius(pen);
    // The running kernel last, on top.
    for (int pass = 0; pass < 2; ++pass) {
        for (const RooflinePoint& p : r.points) {
            if (p.running != (pass == 1) || !(p.flopsPerByte > 0.0) || !(p.gflopPerS > 0.0)) {
                continue;
            }
            const ImVec2 c(a.sx(p.flopsPerByte), a.sy(p.gflopPerS));
            if (c.x < a.lo.x || c.x > a.hi.x || c.y < a.lo.y || c.y > a.hi.y) {
                continue;
            }
            const ImU32 colour = pointColour(p, palette);
            pen.list.AddCircleFilled(c, radius, colour, 20);
            if (p.running) {
                pen.list.AddCircle(c, radius * 2.2f, palette.highlight, 28,
                                   std::max(2.0f, pen.size * 0.16f));
            }
            const ImVec2 m = pen.measure(p.label);
            ImVec2 at(c.x + radius * 2.6f, c.y - m.y / 2.0f);
            if (at.x + m.x > a.hi.x) {
                at.x = c.x - radius * 2.6f - m.x;  // no room on the right
            }
            at = placed.place(at, m, m.y);
            pen.label(at, p.running ? palette.highlight : palette.text, palette.background,
                      p.label);
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
    const bool legendRight = size.x > 55.0f * f;
    const float legendWidth = legendRight ? std::min(size.x * 0.36f, 30.0f * f) : size.x - 2.0f * f;
    const LaidOutLegend legend = layOutLegend(pen, roofline, legendWidth, palette, style.light);
    const float below = legendRight ? 0.0f : legend.height + f;
    const ImVec2 lo(topLeft.x + 4.2f * f, topLeft.y + 2.0f * f);
    const ImVec2 hi(end.x - (legendRight ? legendWidth + 2.0f * f : 1.0f * f),
                    end.y - 3.2f * f - below);
    if (hi.x - lo.x < 4.0f * f || hi.y - lo.y < 4.0f * f) {
        list.PopClipRect();
        return {};  // no room for a plot
    }
    pen.text(ImVec2(lo.x, topLeft.y + 0.4f * f), palette.text, roofline.title);
    const Axes axes = axesFor(roofline, lo, hi);
    gridAndTicks(pen, axes, palette);
    // The axis title whole: a shorter one where the long one does not fit,
    // centred under the plot but never past the picture's left edge.
    std::string xLabel = tr("arithmetic intensity: flops per byte moved, counted per kernel");
    if (pen.measure(xLabel).x > size.x - 1.0f * f) {
        xLabel = tr("flops per byte moved");
    }
    const float xLabelAt =
        std::max(topLeft.x + 0.5f * f, lo.x + (hi.x - lo.x - pen.measure(xLabel).x) / 2.0f);
    pen.text(ImVec2(xLabelAt, hi.y + 1.6f * f), palette.dim, xLabel);
    const std::string yLabel = tr("GFLOP/s (7 a cell update)");
    pen.text(ImVec2(lo.x + 0.3f * f, lo.y + 0.2f * f), palette.dim, yLabel);

    Placed placed;
    placed.within = ImVec4(lo.x, lo.y, hi.x, hi.y);
    placed.boxes.push_back(
        ImVec4(lo.x, lo.y, lo.x + pen.measure(yLabel).x + 0.6f * f, lo.y + 1.4f * f));
    // The markers first, so no label is placed over a point.
    RooflineDrawn drawn;
    drawn.plot = placed.within;
    const float radius = markerRadius(pen);
    for (const ImVec2& c : pointCentres(roofline, axes)) {
        drawn.markers.push_back(ImVec4(c.x - radius, c.y - radius, c.x + radius, c.y + radius));
    }
    const std::size_t fixed = placed.boxes.size() + drawn.markers.size();
    placed.boxes.insert(placed.boxes.end(), drawn.markers.begin(), drawn.markers.end());
    list.PushClipRect(lo, hi, true);
    drawRoofs(pen, roofline, axes, palette, style.light, placed);
    drawPoints(pen, roofline, axes, palette, placed);
    list.PopClipRect();
    drawn.labels.assign(placed.boxes.begin() + static_cast<std::ptrdiff_t>(fixed),
                        placed.boxes.end());

    const ImVec2 legendAt =
        legendRight ? ImVec2(hi.x + 1.5f * f, lo.y) : ImVec2(topLeft.x + 1.0f * f, hi.y + 3.2f * f);
    drawLegend(pen, legend, legendAt, palette, drawn.legend);
    list.PopClipRect();
    return drawn;
}

void drawRooflineWidget(const Roofline& roofline, float width) {
    const float f = ImGui::GetFontSize();
    const Pen pen{*ImGui::GetWindowDrawList(), ImGui::GetFont(), f};
    // Laid out here for the widget's height, and again by drawRoofline.
    const float height =
        width * 0.62f +
        layOutLegend(pen, roofline, width - 2.0f * f, paletteOf(false), false).height + f;
    const ImVec2 at = ImGui::GetCursorScreenPos();
    drawRoofline(*ImGui::GetWindowDrawList(), at, ImVec2(width, height), roofline, {});
    ImGui::Dummy(ImVec2(width, height));
}

}  // namespace heatlab
