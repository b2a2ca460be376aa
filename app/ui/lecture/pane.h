#pragma once
// One pane of the lecture on screen: what it runs (PaneRun) with its field
// view (its own display path, so interop and via host compare side by
// side), its colour bar, the rectangle the layout gave it, its newest frame
// and its label. Pane A always, pane B while split: the lecture loops over
// its panes and never asks which one it holds. Draws into the bound
// framebuffer and Dear ImGui's foreground list: call between
// ImGuiLayer::beginFrame() and render().

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/lecture/input/field_input.h"
#include "app/lecture/run/pane_run.h"
#include "app/render/field_renderer.h"
#include "app/render/frame.h"
#include "app/render/gl_field.h"
#include "app/ui/pictures/colour_bar.h"
#include "app/ui/pictures/field_overlay.h"
#include "app/ui/pictures/screenshots.h"

namespace heatlab {

// One pane's field rectangle in framebuffer pixels: `y` up from the
// framebuffer's bottom (GL's viewport) and `top` down from its top (ImGui's
// and the pointer's), both set by the layout.
struct PaneRect {
    int x = 0;
    int y = 0;
    int top = 0;
    int width = 1;
    int height = 1;
    // The split's presenter layout: the label in a band above the field and
    // the colour bar lying under it, so neither covers the grid. Else the
    // label lies over the field's top left and the bar stands beside it.
    bool labelsOutside = false;
};

// Text lines the band above a field holds with `labelsOutside`: the
// longest label (pane B's four lines) wrapped once or twice.
constexpr int kLabelBandLines = 5;

// The layout: `panes` columns of equal width side by side left of the
// panel (`panelPixels` wide). Each field fills its column's height and its
// bar's standing strip (`bar.width`) follows it; or, `labelsOutside`
// (presenter mode while split), a column holds its label's band
// (kLabelBandLines of `bar.line`), the field, its bar's lying strip
// (`bar.across`) and a line at the bottom for the key help's chip.
std::vector<PaneRect> layoutPanes(const PixelSize& window, int panelPixels,
                                  const ColourBar::Strip& bar, int panes,
                                  bool labelsOutside = false);

class Pane {
public:
    explicit Pane(std::unique_ptr<PaneRun> run) : run_(std::move(run)) {}

    PaneRun& run() { return *run_; }
    const PaneRun& run() const { return *run_; }
    GlField& view() { return view_; }
    const GlField& view() const { return view_; }
    const PaneRect& rect() const { return rect_; }
    void place(const PaneRect& rect) { rect_ = rect; }
    // The rectangle as the pointer's input measures it.
    // (from the field's top left corner: pointer positions are offset by
    // `rect().top` first).
    FieldArea fieldArea(float pixelsPerUnit) const {
        return FieldArea{rect_.width, rect_.height, pixelsPerUnit};
    }

    // Runs the frame's steps and draws the field into the pane's rectangle
    // (runFrame()); with `drawn` false only the steps run (the rectangle
    // shows something else: A - B) and the field is not brought to the GL.
    const FrameStats& frame(FieldRenderer& renderer, const FrameSettings& shown, bool timed,
                            bool drawn = true);
    // What the frame's rectangle showed instead of the field (A - B), and
    // the panel's time over it, added to the newest frame's parts.
    void addDrawn(const FrameStats& drawn);
    // The path the last frame took to the screen, and why not interop or
    // the shared buffers where they were wanted: the panel's Display section.
    void showDisplayPath(PaneReadouts& shown) const;
    void addUiMs(double ms);
    // The newest frame, and the newest that was timed part by part.
    const FrameStats& lastFrame() const { return lastFrame_; }
    const std::optional<FrameStats>& timedFrame() const { return timedFrame_; }

    // The bar right of where the pane's grid ends, drawn with `shown`.
    void drawBar(const ColourBar::Strip& strip, FieldRenderer& renderer, const FrameSettings& shown,
                 float pixelsPerUnit);
    // Where its bar goes with the grid drawn with `view` (empty: fitted):
    // beside or under the grid rather than the rectangle, where a fitted
    // grid leaves background.
    ColourBar::Place barPlace(const std::optional<ViewTransform>& view) const;

    // The range the field is drawn with now under `settings`' map, as
    // automatic would find it: where locking the range starts, so switching
    // to locked changes nothing until the ends are edited.
    ColourRange rangeOnScreen(const LectureSettings& settings) const;
    // The pane as a picture needs it.
    DrawnPane drawn(FieldRenderer& renderer);
    // The label's lines, which the pictures' text carries too: its name and
    // kernel, where it runs and how it reaches the screen, its costs for
    // `steps` a frame.
    std::vector<std::string> labelLines(int steps) const;

private:
    std::unique_ptr<PaneRun> run_;
    GlField view_;
    ColourBar bar_;
    PaneRect rect_;
    FrameStats lastFrame_;
    std::optional<FrameStats> timedFrame_;
    bool lastTimed_ = false;  // the newest frame is the timed one
};

// A pane's label at (left, top) in window units, the pane's top left, at
// most `width` wide: its lines, the first (the pane's name and kernel)
// highlighted, each wrapped to fit (app/ui/pictures/field_overlay.h).
OverlayBand drawPaneLabel(float left, float top, float width,
                          const std::vector<std::string>& lines);

}  // namespace heatlab
