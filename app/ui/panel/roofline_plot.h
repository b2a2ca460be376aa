#pragma once
// Draws a roofline (app/measure/roofline.h) with Dear ImGui's draw lists,
// log-log: the measured roofs solid, the datasheet's dotted, each kernel a
// labelled point, the running one ringed, and a legend that says what each
// point's bytes were counted in. The same drawing serves the panel's live
// plot and `heatlab bench --roofline`'s picture
// (app/ui/pictures/roofline_picture.h).

#include <imgui.h>

#include <vector>

#include "app/measure/roofline.h"

namespace heatlab {

struct RooflineStyle {
    ImFont* font = nullptr;  // nullptr: ImGui's current font
    float fontSize = 0.0f;   // 0: the font's own
    bool light = false;      // dark text on white (slides) or light on the panel's dark
    // The legend right of the plot however narrow the picture (the field's
    // view: below, it would leave the plot a strip), in text this large
    // (0: fontSize).
    bool legendBeside = false;
    float legendSize = 0.0f;
};

// Where the plot put its text, its points and its roofs (x0, y0, x1, y1 in
// the list's pixels): every label clear of every other and of every
// point's marker (roofline_labels.h).
struct RooflineDrawn {
    std::vector<ImVec4> labels;     // the points' names, then the roofs' values
    std::vector<int> labelDot;      // each label's point (its marker), -1 a roof's value
    std::vector<ImVec4> markers;    // the points' dots
    std::vector<ImVec4> roofLines;  // each roof's segment: from (x, y) to (z, w)
    std::vector<ImVec4> legend;     // the legend's lines of text, each whole in the picture
    ImVec4 plot;                    // the plot's area, every label whole inside it
    ImVec4 axisTitle;               // the x axis's name under it
};

// Into `list` within the rectangle at `topLeft` of `size` pixels.
RooflineDrawn drawRoofline(ImDrawList& list, ImVec2 topLeft, ImVec2 size, const Roofline& roofline,
                           const RooflineStyle& style);

// In an ImGui window at the cursor, `width` wide: the plot and the room it
// takes (ImGui calls only: between ImGuiLayer::beginFrame() and render()).
void drawRooflineWidget(const Roofline& roofline, float width);

}  // namespace heatlab
