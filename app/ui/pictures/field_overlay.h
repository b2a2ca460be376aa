#pragma once
// Draws the lecture's notices (app/lecture/panel/field_notice.h) over the field:
// large text on dark bands at the top of the field, one under the other,
// each wrapped to it and shown whole (smaller, down to a floor, where it
// would take more than kNoticeLines lines; at the floor in as many lines
// as it takes), in the overlay font (ImGuiLayer::overlayFont(), larger in
// presenter mode).
// Call between ImGuiLayer::beginFrame() and render().

#include <string>
#include <vector>

#include "app/i18n/text_wrap.h"
#include "app/lecture/panel/field_notice.h"
#include "app/picture/loupe_layout.h"
#include "app/ui/imgui/imgui_layer.h"

struct ImFont;  // Dear ImGui's

namespace heatlab {

// `text` broken into lines at spaces and, in Japanese, between characters
// where Japanese typesetting allows (app/i18n/line_breaks.h), each at most
// `width` wide where a word allows. ImGui's own wrap breaks only at spaces
// and after '.' and ',', which splits a number such as 9.3e+29 (or
// r = 0.2400) across two lines and leaves Japanese, which has no spaces, to
// be cut anywhere (a line starting with 。). A word wider than a line (a
// path) is cut after a '/' or '_', or between characters where it has none.
// The font measures the text for wrapText() (app/i18n/text_wrap.h): the
// work is linear in the text's length, whatever the text.
std::string wrappedToWidth(ImFont* font, float size, const std::string& text, float width);
// ImGui::TextWrapped's place in the panel, wrapped as above to the space
// left on the line: "r = 0.001" and "r0.24_step" stay whole.
void textWrappedToWidth(const std::string& text);

// The band's rectangle in ImGui units, for tests that look for its pixels.
struct OverlayBand {
    float x = 0.0f;
    float y = 0.0f;
    float width = 0.0f;
    float height = 0.0f;
    bool empty() const { return width <= 0.0f || height <= 0.0f; }
    float bottom() const { return y + height; }
};

// One notice as a frame drew it: its text, the lines it was drawn in
// (joined by '\n'), at which size, in which band. Tests join the lines
// back to the text: nothing dropped, nothing added.
struct DrawnNotice {
    std::string text;
    std::string lines;
    float size = 0.0f;
    OverlayBand band;
};

// What a frame laid over its panes (window units, y down): the notices'
// bands, pane A's first (the lecture's, or its own), each notice drawn,
// and each pane's label while split, left to right.
struct OverlaysDrawn {
    OverlayBand leadNotice;
    std::vector<OverlayBand> notices;
    std::vector<DrawnNotice> texts;
    std::vector<OverlayBand> labels;
};

// The most lines a notice takes on the field at the overlay font's size:
// enough for a reason and what to do, few enough to leave the lesson in
// view. A longer one is drawn smaller, down to kNoticeFloor of that size
// (still larger than the panel's text, read from the back of a hall), and
// past that in more lines: never cut.
constexpr int kNoticeLines = 3;
constexpr float kNoticeFloor = 0.6f;

// `text` as a notice shows it in `width`: whole, at `size` or smaller
// (fitText(), app/i18n/text_wrap.h).
FittedText noticeText(ImFont* font, float size, const std::string& text, float width);

// Draws `lines` (FieldNotice::shown) over the part of the field `left`
// ImGui units from the display's left edge, `width` x `height`, from `top`
// down; returns the rectangle the bands take (empty when nothing shows),
// and adds each notice drawn to `drawn`.
OverlayBand drawFieldNotice(const std::vector<FieldNotice::Line>& lines, const ImGuiLayer& imgui,
                            float left, float width, float height, float top,
                            std::vector<DrawnNotice>& drawn);

// The loupe's caption ("loupe x12, cell 767, 767") on a dark strip above
// the inset the frame drew, its right edge on the inset's, in a field
// whose top left corner is (`fieldLeft`, `fieldTop`) framebuffer pixels from
// the window's, `fieldHeight` tall.
void drawLoupeLabel(const LoupeLayout& loupe, int fieldLeft, int fieldTop, int fieldHeight,
                    float pixelsPerUnit);

// The keys at the bottom left of the field, which is fieldWidth units wide
// from the left edge of a display displayHeight units high: all of them
// when `expanded` (F1), else one line saying how to show them.
void drawKeyHelp(float fieldWidth, float displayHeight, bool expanded);
// The top of the one-line hint's chip there (F1 not pressed): what a
// drawing over the field leaves free below it.
float keyHintTop(float displayHeight);

}  // namespace heatlab
