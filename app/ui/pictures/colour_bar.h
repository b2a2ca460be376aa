#pragma once
// The colour bar beside the field, with the range's two ends as text:
// the locked ones, or the field's own min and max read back without waiting
// (a frame or two behind on a GPU; the first frames show none); and the
// ticks between them in field units under either colour scale
// (colourBarTicks()); and, while the field holds NaN or infinite cells, a
// legend naming the colour they get (kNanColour). The bar is
// drawn by the renderer, its labels by Dear ImGui, sized like the panel's
// text: call between ImGuiLayer::beginFrame() and render().

#include <optional>

#include "app/picture/colour_map.h"
#include "app/render/field_renderer.h"
#include "app/render/frame.h"
#include "app/render/gl_field.h"

namespace heatlab {

class ColourBar {
public:
    // The strip the bar and its labels take, in framebuffer pixels: `width`
    // beside the field standing, `across` under it lying (a text line, the
    // bar and their margins).
    struct Strip {
        int margin = 0;
        int bar = 0;
        int label = 0;
        int line = 0;
        int width = 0;
        int across = 0;
    };
    static Strip strip(float pixelsPerUnit);

    // Where the bar goes, in framebuffer pixels: standing right of the drawn
    // grid the field's height, or lying under it the grid's width.
    struct Place {
        bool across = false;
        int gridLeft = 0;     // the columns where the drawn grid starts and
        int gridRight = 0;    // ends (a fitted grid may leave background beside it)
        int fieldTop = 0;     // the field's rectangle, down from the window's top
        int fieldBottom = 0;  // and its bottom edge up from the framebuffer's (GL's)
        int fieldHeight = 0;
    };

    void draw(const Strip& strip, GlField& view, FieldRenderer& renderer,
              const FrameSettings& settings, const Place& place, float pixelsPerUnit);

private:
    void drawStanding(const Strip& strip, FieldRenderer& renderer, const FrameSettings& settings,
                      const Place& place, float pixelsPerUnit);
    void drawAcross(const Strip& strip, FieldRenderer& renderer, const FrameSettings& settings,
                    const Place& place, float pixelsPerUnit);

    std::optional<ValueRange> shown_;  // the ends, once known
    bool nonFinite_ = false;           // the newest stored range saw NaN or inf
};

}  // namespace heatlab
