#pragma once
// The lecture window's frame loop: the field drawn with runFrame() in the
// framebuffer left of the panel, the panel's and the keys' edits applied to
// the simulation between frames, the mouse zooming and panning the field.
// Owns, in the order they are made and (reversed) destroyed: the window and
// its GL context, Dear ImGui, the renderer, the field view, the simulation.

#include <memory>
#include <optional>
#include <string>

#include "app/platform/window.h"
#include "app/render/field_renderer.h"
#include "app/render/field_view.h"
#include "app/ui/field_navigation.h"
#include "app/ui/frame_pacer.h"
#include "app/ui/imgui_layer.h"
#include "app/ui/panel.h"
#include "app/ui/panel_state.h"
#include "app/ui/scene.h"
#include "kernels/simulation.h"

namespace heatlab {

struct LectureOptions {
    Params params;
    int stepsPerFrame = kDefaultStepsPerFrame;
    int frames = 0;                // quit after this many frames; 0: when closed
    std::string screenshot;        // the field at grid resolution, at quit
    std::string screenshotWindow;  // the whole window after the last frame
    // Started from (--scene): its params are in `params` already, checked
    // against the backend; its settings and view apply to the window.
    std::optional<Scene> scene;
    bool presenter = false;  // the UI scaled for a projector from the start
    FrameSettings picture;   // colour map, range, display path, sampling
    int copyEvery = 0;       // the copy-back policy at start
    bool pinned = false;
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
    int paceSteps(const PanelActions& actions);
    void paintAtCursor();
    // The window's size in framebuffer pixels per window unit (high DPI).
    float pixelsPerUnit() const;
    bool overField(double x, double y) const;
    void saveScreenshot(const std::string& path);
    // The panel's scene requests: save, load a file, load a shipped scene.
    void sceneRequests();
    // Applies a parsed scene, or throws UsageError (the kernel is not on this
    // backend, the grid does not fit) having changed nothing.
    void applyScene(const Scene& scene);
    Scene currentScene() const;
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
    ScenePanel scenePanel_;
    FieldNavigation navigation_;
    int fieldWidth_ = 1;  // framebuffer pixels left of the panel
    int fieldHeight_ = 1;
    // The mouse: a button held paints (left hot, right cold) at the cursor,
    // the middle one drags the field.
    enum class Brush { None, Hot, Cold };
    static constexpr int kLeftButton = 0;
    static constexpr int kRightButton = 1;
    static constexpr int kMiddleButton = 2;
    Brush brush_ = Brush::None;
    bool dragging_ = false;
    double cursorX_ = 0.0;
    double cursorY_ = 0.0;
    // Frame time and steps per second over the last half second or so.
    double rateStart_ = 0.0;
    FramePacer pacer_;
    CopyPolicy appliedCopy_;
    double rateCopied_ = 0.0;  // bytes copied back when the rate was last measured
    double lastFrameStart_ = 0.0;
    int lastSteps_ = 0;
    int rateFrames_ = 0;
    long long rateSteps_ = 0;
};

}  // namespace heatlab
