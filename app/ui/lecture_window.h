#pragma once
// The lecture window's frame loop: the field drawn with runFrame() in the
// framebuffer left of the panel, the panel's and the keys' edits applied to
// the simulation between frames, the mouse zooming and panning the field.
// Owns, in the order they are made and (reversed) destroyed: the window and
// its GL context, Dear ImGui, the renderer, the field view, the simulation.

#include <memory>
#include <string>

#include "app/platform/window.h"
#include "app/render/field_renderer.h"
#include "app/render/field_view.h"
#include "app/ui/field_navigation.h"
#include "app/ui/imgui_layer.h"
#include "app/ui/panel.h"
#include "app/ui/panel_state.h"
#include "kernels/simulation.h"

namespace heatlab {

struct LectureOptions {
    Params params;
    int stepsPerFrame = kDefaultStepsPerFrame;
    int frames = 0;                // quit after this many frames; 0: when closed
    std::string screenshot;        // the field at grid resolution, at quit
    std::string screenshotWindow;  // the whole window after the last frame
};

class LectureWindow : public WindowListener {
public:
    // Opens the window (UsageError without a display), then prints
    // `backendReason` on stderr, so a missing display is the only line.
    LectureWindow(const LectureOptions& options, std::unique_ptr<Backend> backend,
                  const std::string& backendReason);
    ~LectureWindow() override;

    // Runs frames until the window is closed, Escape, Quit or --frames;
    // writes the pictures asked for on the command line before returning.
    void run();

    void onKey(Key key, bool repeat) override;
    void onScroll(double dx, double dy) override;
    void onMouseButton(int button, bool pressed) override;
    void onCursor(double x, double y) override;

private:
    // Runs one frame (steps, field, panel) into the back buffer; returns
    // whether it was the last.
    bool frame(long long done);
    void apply(const PanelActions& actions);
    void reset();
    void lockRangeToField();
    void measure(int steps);
    void pauseOnOverflow();
    // The window's size in framebuffer pixels per window unit (high DPI).
    float pixelsPerUnit() const;
    bool overField(double x, double y) const;
    void saveScreenshot(const std::string& path);
    void finish(bool drawn);

    LectureOptions options_;
    Window window_;
    ImGuiLayer imgui_;  // after the window: shut down while its context lives
    FieldRenderer renderer_;
    FieldView view_;
    Simulation simulation_;

    PanelState state_;
    PanelReadouts readouts_;
    PanelActions keyActions_;  // gathered by the key callback between frames
    FieldNavigation navigation_;
    int fieldWidth_ = 1;  // framebuffer pixels left of the panel
    int fieldHeight_ = 1;
    bool dragging_ = false;
    double cursorX_ = 0.0;
    double cursorY_ = 0.0;
    // Frame time and steps per second over the last half second or so.
    double rateStart_ = 0.0;
    int rateFrames_ = 0;
    long long rateSteps_ = 0;
};

}  // namespace heatlab
