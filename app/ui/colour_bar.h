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

#include "app/render/colour_map.h"
#include "app/render/field_renderer.h"
#include "app/render/frame.h"
#include "app/render/gl_field.h"

namespace heatlab {

class ColourBar {
public:
    // The strip the bar and its labels take, in framebuffer pixels.
    struct Strip {
        int margin = 0;
        int bar = 0;
        int label = 0;
        int width = 0;
    };
    static Strip strip(float pixelsPerUnit);

    // Draws the bar in the strip right of `fieldRight`, the framebuffer
    // column where the drawn field ends (its rectangle's right edge, or the
    // grid's own where a fitted grid leaves background beside it), the field
    // `fieldHeight` pixels tall.
    void draw(const Strip& strip, GlField& view, FieldRenderer& renderer,
              const FrameSettings& settings, int fieldRight, int fieldHeight, float pixelsPerUnit);

private:
    std::optional<ValueRange> shown_;  // the ends, once known
    bool nonFinite_ = false;           // the newest stored range saw NaN or inf
};

}  // namespace heatlab
