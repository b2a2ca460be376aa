#pragma once
// The difference view of the A/B split: A - B cell by cell through the
// diverging map (white at zero, its range the difference's own), drawn in
// pane B's rectangle with a colour bar of its own, while pane B steps
// without drawing its field. Made once a step: a paused lecture draws the
// difference it has. Call between ImGuiLayer::beginFrame() and render().

#include <array>
#include <optional>
#include <vector>

#include "app/lecture/run/pane_difference.h"
#include "app/render/field_renderer.h"
#include "app/render/frame.h"
#include "app/render/gl_field.h"
#include "app/ui/lecture/pane.h"
#include "app/ui/pictures/colour_bar.h"

namespace heatlab {

class DifferenceView {
public:
    // Draws A - B into `b`'s rectangle as `shown` would draw B, after both
    // panes' steps. Returns the time it took when `timed` (the display and
    // the draw); `measured` gets max |A - B| whenever it was made anew.
    FrameStats draw(Pane& a, Pane& b, FieldRenderer& renderer, const FrameSettings& shown,
                    bool timed, PaneDifference& measured);
    // Its colour bar right of `b`'s grid.
    void drawBar(const ColourBar::Strip& strip, const Pane& b, FieldRenderer& renderer,
                 const FrameSettings& shown, float pixelsPerUnit);

private:
    GlField view_;
    ColourBar bar_;
    // A - B on the host, a grid's worth (what PaneRun::differenceFrom()
    // makes), its range, and what of it view_ holds.
    std::vector<float> difference_;
    FieldRange range_;
    std::optional<DisplayContents> uploaded_;
    // A's field and B's, and the step, that difference_ was made of.
    std::array<long long, 3> state_{-1, -1, -1};
};

// The settings A - B is drawn with: the diverging map, white at zero, its
// range the difference's own, on the lecture's colour scale.
FrameSettings differenceSettingsOf(const FrameSettings& shown);

}  // namespace heatlab
