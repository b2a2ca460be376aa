#pragma once
// The rules a roofline's text keeps wherever it is drawn large (the field's
// view at the bandwidth cue, its shape on a slide): every label whole inside
// the plot; every point named, by its own label or, where dots are drawn
// over each other, by the one label of that place; a name nearer its own
// dot than any other dot and within kLabelReach of its heights; no label
// over another, over a dot, or across a roof line.

#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "app/ui/panel/roofline_labels.h"
#include "app/ui/panel/roofline_plot.h"

namespace heatlab {

inline std::string boxText(const ImVec4& b) {
    return "(" + std::to_string(b.x) + ", " + std::to_string(b.y) + ") - (" + std::to_string(b.z) +
           ", " + std::to_string(b.w) + ")";
}

inline bool boxesOverlap(const ImVec4& a, const ImVec4& b) {
    return a.x < b.z && b.x < a.z && a.y < b.w && b.y < a.w;
}

inline ImVec2 centreOf(const ImVec4& b) { return ImVec2((b.x + b.z) / 2.0f, (b.y + b.w) / 2.0f); }

inline void expectEveryLabelByItsOwn(const RooflineDrawn& drawn, const std::string& what) {
    ASSERT_EQ(drawn.labels.size(), drawn.labelDot.size()) << what;
    for (std::size_t i = 0; i < drawn.labels.size(); ++i) {
        const ImVec4& l = drawn.labels[i];
        const std::string label = what + ": label " + std::to_string(i) + " " + boxText(l);
        EXPECT_TRUE(l.x >= drawn.plot.x && l.y >= drawn.plot.y && l.z <= drawn.plot.z &&
                    l.w <= drawn.plot.w)
            << label << " outside the plot " << boxText(drawn.plot);
        for (std::size_t j = i + 1; j < drawn.labels.size(); ++j) {
            EXPECT_FALSE(boxesOverlap(l, drawn.labels[j]))
                << label << " over label " << j << " " << boxText(drawn.labels[j]);
        }
        for (const ImVec4& dot : drawn.markers) {
            EXPECT_FALSE(boxesOverlap(l, dot)) << label << " over a point at " << boxText(dot);
        }
        for (const ImVec4& roof : drawn.roofLines) {
            EXPECT_FALSE(crosses(l, ImVec2(roof.x, roof.y), ImVec2(roof.z, roof.w)))
                << label << " across a roof line " << boxText(roof);
        }
        const int dot = drawn.labelDot[i];
        if (dot < 0) {
            continue;  // a roof's value
        }
        ASSERT_LT(static_cast<std::size_t>(dot), drawn.markers.size()) << label;
        const ImVec2 own = centreOf(drawn.markers[static_cast<std::size_t>(dot)]);
        const float near = distanceTo(l, own);
        EXPECT_LE(near, kLabelReach * (l.w - l.y)) << label << " far from its point";
        for (const ImVec4& other : drawn.markers) {
            // A dot over its own is the same place, named by the same label.
            const ImVec2 o = centreOf(other);
            if (boxesOverlap(other, drawn.markers[static_cast<std::size_t>(dot)])) {
                continue;
            }
            EXPECT_LT(near, distanceTo(l, o))
                << label << " nearer the point at " << boxText(other) << " than its own";
        }
    }
}

// Every dot named: by its own label or one over it.
inline void expectEveryPointNamed(const RooflineDrawn& drawn, const std::string& what) {
    for (std::size_t i = 0; i < drawn.markers.size(); ++i) {
        bool named = false;
        for (const int dot : drawn.labelDot) {
            named = named ||
                    (dot >= 0 && boxesOverlap(drawn.markers[static_cast<std::size_t>(dot)],
                                              drawn.markers[i])) ||
                    dot == static_cast<int>(i);
        }
        EXPECT_TRUE(named) << what << ": the point at " << boxText(drawn.markers[i]) << " unnamed";
    }
}

}  // namespace heatlab
