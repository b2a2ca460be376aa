#pragma once
// Draws the lecture's notice (app/lecture/field_notice.h) over the field:
// large text on a dark band at the top of the field, wrapped to it, in
// the overlay font (ImGuiLayer::overlayFont(), larger in presenter mode).
// Call between ImGuiLayer::beginFrame() and render().

#include <string>

#include "app/lecture/field_notice.h"
#include "app/render/loupe_layout.h"
#include "app/ui/imgui_layer.h"

struct ImFont;  // Dear ImGui's

namespace heatlab {

// `text` broken into lines at spaces only, each at most `width` wide where a
// word allows. ImGui's own wrap also breaks after '.' and ',', which splits
// a number such as 9.3e+29 (or r = 0.2400) across two lines.
std::string wrappedAtSpaces(ImFont* font, float size, const std::string& text, float width);

// The band's rectangle in ImGui units, for tests that look for its pixels.
struct OverlayBand {
    float x = 0.0f;
    float y = 0.0f;
    float width = 0.0f;
    float height = 0.0f;
};

// Draws `notice` at `now` over a field of `fieldWidth` x `fieldHeight`
// ImGui units at the display's left edge; returns the band drawn (empty
// when nothing shows).
OverlayBand drawFieldNotice(const FieldNotice& notice, double now, const ImGuiLayer& imgui,
                            float fieldWidth, float fieldHeight);

// The loupe's caption ("loupe x12, cell 767, 767") on a dark strip above
// the inset the frame drew, its right edge on the inset's, in a field
// `fieldHeight` framebuffer pixels tall at the window's top left.
void drawLoupeLabel(const LoupeLayout& loupe, int fieldHeight, float pixelsPerUnit);

// The keys at the bottom left of the field, which is fieldWidth units wide
// from the left edge of a display displayHeight units high: all of them
// when `expanded` (F1), else one line saying how to show them.
void drawKeyHelp(float fieldWidth, float displayHeight, bool expanded);

}  // namespace heatlab
