#pragma once
// Pane B on screen, right of pane A: its own field view (its own display
// path, so interop and via host can be compared side by side) and colour
// bar, or A - B through the diverging map (the difference view); and the
// label over each pane. The steps are pane B's own (ComparisonRun), the
// same number as pane A's each frame. Draws into the bound framebuffer and
// Dear ImGui's foreground list: call between ImGuiLayer::beginFrame() and
// render().

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "app/lecture/comparison_run.h"
#include "app/render/field_renderer.h"
#include "app/render/frame.h"
#include "app/render/gl_field.h"
#include "app/ui/colour_bar.h"

namespace heatlab {

// One pane's rectangle in framebuffer pixels (y up from the bottom, as GL's
// viewport; the panes fill the field's height).
struct PaneRect {
    int x = 0;
    int width = 1;
    int height = 1;
};

class ComparisonView {
public:
    // Runs pane B's frame of `shown.steps` steps in `rect` and draws it: B's
    // field, or A - B with `difference` (B then steps without drawing its
    // own field). `a` is pane A's simulation, stepped already this frame.
    // Returns B's frame parts (times when `timed`); the difference, measured
    // when asked or shown, into `measured`.
    FrameStats frame(ComparisonRun& run, Simulation& a, FieldRenderer& renderer,
                     const FrameSettings& shown, bool difference, const PaneRect& rect, bool timed,
                     bool measure, PaneDifference& measured);
    // B's colour bar right of its grid (the difference's when it is shown).
    void drawBar(const ColourBar::Strip& strip, FieldRenderer& renderer, const FrameSettings& shown,
                 bool difference, int barX, int height, float pixelsPerUnit);
    GlField& view() { return view_; }

private:
    GlField view_;
    GlField differenceView_;
    ColourBar bar_;
    ColourBar differenceBar_;
    std::vector<float> difference_;
    // A's field and B's, and the step, that difference_ was made of.
    std::array<long long, 3> differenceState_{-1, -1, -1};
};

// The settings A - B is drawn with: the diverging map, white at zero, its
// range the difference's own, on the lecture's colour scale.
FrameSettings differenceSettingsOf(const FrameSettings& shown);

// A pane's label lines: what it runs ("temporal, r = 0.2500"), where
// ("cuda, interop (shared memory), copy every step (pinned)"), and its
// costs from the newest timed frame (ms a step, the frame, the steps a
// second those parts allow for `steps` a frame).
std::string paneKernel(const Params& params);
std::string paneWhere(const Backend& backend, const FrameStats& frame, int copyEvery, bool pinned);
std::string paneCosts(const std::optional<FrameStats>& timed, int steps);

// A pane's label at (left, top) in window units, the pane's top left, at
// most `width` wide: its lines, the first (the pane's name and kernel)
// highlighted, each wrapped at spaces to fit.
void drawPaneLabel(float left, float top, float width, const std::vector<std::string>& lines);

}  // namespace heatlab
