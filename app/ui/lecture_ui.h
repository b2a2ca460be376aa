#pragma once
// The lecture's frame, in a window or not: the field drawn with runFrame()
// left of the panel, the panel's and the keys' edits applied to the
// simulation between frames, the mouse zooming, panning and painting the
// field. The window (LectureWindow) and `heatlab shot --ui` both run it;
// only they know where the pixels go and where input comes from.
// Owns, in the order they are made and (reversed) destroyed: the renderer,
// the field view, the simulation; the ImGui layer and the GL context are
// the caller's and must outlive it.

#include <memory>
#include <optional>
#include <string>

#include "app/io/png_file.h"
#include "app/lecture/field_navigation.h"
#include "app/lecture/frame_pacer.h"
#include "app/lecture/panel_edits.h"
#include "app/lecture/scene.h"
#include "app/measure/bandwidth_survey.h"
#include "app/render/field_renderer.h"
#include "app/render/field_view.h"
#include "app/ui/imgui_layer.h"
#include "app/ui/panel.h"
#include "app/ui/window.h"
#include "kernels/simulation.h"

namespace heatlab {

// The window's size at start, in window units: room for the panel and a 2:1
// grid beside it on a 1280 x 800 screen. `shot --ui` draws this size too.
constexpr int kWindowWidth = 1280;
constexpr int kWindowHeight = 800;
// A slide screenshot: full HD, what projectors and slide decks use.
constexpr int kSlideWidth = 1920;
constexpr int kSlideHeight = 1080;

// Where a frame is drawn: the framebuffer's size in pixels and the display's
// in window units (ImGui's; they differ on a high-DPI screen).
struct UiSurface {
    PixelSize pixels;
    PixelSize units;
};

// Which frames are timed part by part (each part waited for, so that frame
// loses the overlap of device and GL).
enum class FrameTiming {
    Sampled,     // about one a second: the window's breakdown
    EveryFrame,  // `shot --ui --stats`, and the end of a `shot --ui` run
    Never,       // for measuring the rate of untimed frames
};

class LectureUi {
public:
    // `glDescription` is shown in the panel ("OpenGL 4.5 ... llvmpipe").
    // Starts from `scene` when one is given (its settings over `settings`,
    // its grid and kernel checked against the backend by the caller).
    LectureUi(const LectureSettings& settings, std::unique_ptr<Backend> backend, ImGuiLayer& imgui,
              const std::string& glDescription, const std::optional<Scene>& scene = std::nullopt);

    // Runs one frame (steps, field, panel) into the bound framebuffer, which
    // is `surface` large; returns whether the panel or a key asked to quit.
    bool frame(const UiSurface& surface);

    // Input in window units (x right, y down), as the last frame's surface
    // measures them.
    void onKey(Key key, bool repeat);
    void onScroll(double dy);
    void onMouseButton(int button, bool pressed);
    void onCursor(double x, double y);

    // The field at grid resolution as a PNG at `path` (--screenshot); a
    // failure throws.
    void saveScreenshot(const std::string& path);
    // F12, P or the panel's button: the panel's kind of picture into its
    // folder; `window` is the framebuffer just drawn, read for a window shot.
    void takeScreenshot(const PixelSize& window);
    // The text chunks of a picture of the whole UI: how the field on it was
    // made (describePicture's), and that the panel is on it.
    PngText describeUi();

    // Starts the bandwidth table (the bench's table 1) on the running grid,
    // on a second backend of the simulation's kind, one row a frame from the
    // next frame on, its section of the panel unfolded; the panel says why
    // when it cannot.
    void measureBandwidth();
    bool measuringBandwidth() const { return bandwidth_.running(); }
    // GL buffers registered with CUDA so far (once per grid size).
    int registrations() const { return view_.registrations(); }

    // What the panel and the keys edit: the window applies vsync, `shot
    // --ui` runs and pauses the steps, scripts and tests drive the lecture
    // through it as a user would through the panel.
    LectureSettings& settings() { return settings_; }
    Simulation& simulation() { return simulation_; }
    // The panel's screenshot choices (what, and into which folder).
    ScreenshotPanel& screenshots() { return screenshotPanel_; }
    // The panel's scene choices (the file to save to or load from) and
    // requests, applied by the next frame.
    ScenePanel& scenes() { return scenePanel_; }
    // What the panel shows of the running lecture (messages included).
    const PanelReadouts& readouts() const { return readouts_; }
    void setFrameTiming(FrameTiming timing) { timing_ = timing; }
    // The newest frame's parts, the panel's included; times only when it
    // was timed.
    const FrameStats& lastFrame() const { return lastFrame_; }

private:
    void apply(const PanelActions& actions);
    void showBackend();
    void switchBackend();
    void reset();
    void lockRangeToField();
    void measure(int steps);
    // The run stops; `step` is where the overflow was measured.
    void pauseOnOverflow(long long step);
    void measureField();
    struct ColourBarStrip {
        int margin = 0;
        int bar = 0;
        int label = 0;
        int width = 0;
    };
    ColourBarStrip colourBarStrip() const;
    void drawColourBar(const ColourBarStrip& strip);
    // One row of the table a frame, once the frame's steps are done.
    void advanceBandwidthSurvey();
    void useMeasures(const std::optional<FieldMeasures>& measures);
    int paceSteps(const PanelActions& actions);
    void paintAtCursor();
    float pixelsPerUnit() const;
    bool overField(double x, double y) const;
    // The panel's scene requests: save, load a file, load a shipped scene.
    void sceneRequests();
    // Applies a parsed scene, or throws having changed nothing: UsageError
    // (the kernel is not on this backend, the grid does not fit), or what
    // making its field failed with (Simulation::reset).
    void applyScene(const Scene& scene);
    Scene currentScene() const;

    ImGuiLayer& imgui_;
    FieldRenderer renderer_;
    FieldView view_;
    Simulation simulation_;

    LectureSettings settings_;
    PanelReadouts readouts_;
    PanelActions keyActions_;  // gathered by the key callback between frames
    ScenePanel scenePanel_;
    ScreenshotPanel screenshotPanel_;
    FieldNavigation navigation_;
    UiSurface surface_;
    int fieldWidth_ = 1;  // framebuffer pixels left of the panel
    int fieldHeight_ = 1;
    FrameStats lastFrame_;
    // The measures requested last: of which field, at which r.
    struct PendingMeasures {
        long long field = -1;
        float r = 0.0f;
    };
    PendingMeasures pending_;
    BandwidthSurvey bandwidth_;
    std::optional<ValueRange> shownRange_;  // the colour bar's ends, once known
    FrameTiming timing_ = FrameTiming::Sampled;
    double lastTimedFrame_ = 0.0;
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
    double rateCopied_ = 0.0;      // bytes copied back when the rate was last measured
    bool rateWindowDone_ = false;  // a whole half second has been measured
    double lastFrameStart_ = 0.0;
    int lastSteps_ = 0;
    int rateFrames_ = 0;
    long long rateSteps_ = 0;
};

}  // namespace heatlab
