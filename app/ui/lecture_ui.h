#pragma once
// The lecture's frame, in a window or not: a short orchestrator over its
// parts. Each frame it applies the panel's and the keys' edits to the
// simulation (SimulationControl: backend switch and reset with their
// recovery, scenes), runs
// the frame's steps as the pace asks (FramePacer) and draws them with
// runFrame() left of the panel and the colour bar (ColourBar), then lets the
// parts read the result: the field's measures and the overflow pause
// (FieldWatch), the rates (RateMeter), the bandwidth table (BandwidthSurvey),
// a screenshot (screenshots.h). A cue list (CuePlayer) edits the settings
// before all that and asks for scenes, resets, screenshots and captions.
// The mouse goes to FieldInput. The window
// (LectureWindow) and `heatlab shot --ui` both run it; only they know where
// the pixels go and where input comes from.
// Owns, in the order they are made and (reversed) destroyed: the renderer,
// the field view, the simulation; the ImGui layer and the GL context are
// the caller's and must outlive it.

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "app/io/png_file.h"
#include "app/lecture/comparison_run.h"
#include "app/lecture/cue_list.h"
#include "app/lecture/field_input.h"
#include "app/lecture/field_watch.h"
#include "app/lecture/frame_pacer.h"
#include "app/lecture/loupe_control.h"
#include "app/lecture/panel_edits.h"
#include "app/lecture/rate_meter.h"
#include "app/lecture/scene.h"
#include "app/lecture/simulation_control.h"
#include "app/measure/bandwidth_survey.h"
#include "app/render/field_renderer.h"
#include "app/render/gl_field.h"
#include "app/ui/colour_bar.h"
#include "app/ui/comparison_view.h"
#include "app/ui/field_overlay.h"
#include "app/ui/imgui_layer.h"
#include "app/ui/panel.h"
#include "app/ui/screenshots.h"
#include "app/ui/window.h"
#include "app/ui/window_recording.h"
#include "kernels/base/host_clock.h"
#include "kernels/simulation.h"

namespace heatlab {

// The window's size at start, in window units: room for the panel and a 2:1
// grid beside it on a 1280 x 800 screen. `shot --ui` draws this size too.
constexpr int kWindowWidth = 1280;
constexpr int kWindowHeight = 800;

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
    // A video still recording is finished (the window closed): said on
    // stderr.
    ~LectureUi();
    LectureUi(const LectureUi&) = delete;
    LectureUi& operator=(const LectureUi&) = delete;

    // Runs one frame (steps, field, panel) into the bound framebuffer, which
    // is `surface` large; returns whether the panel or a key asked to quit.
    bool frame(const UiSurface& surface);

    // Input in window units (x right, y down), as the last frame's surface
    // measures them.
    void onKey(Key key, bool repeat);
    void onKeyReleased(Key key);
    void onScroll(double dy);
    void onMouseButton(int button, bool pressed);
    void onCursor(double x, double y);

    // The field at grid resolution as a PNG at `path` (--screenshot); a
    // failure throws.
    void saveScreenshot(const std::string& path);
    // F12, P or the panel's button: the panel's kind of picture into its
    // folder; `window` is the framebuffer just drawn, read for a window shot.
    void takeScreenshot(const PixelSize& window);
    // The outcome of the last screenshot taken, once (then empty until the
    // next one).
    std::optional<ScreenshotOutcome> takeScreenshotOutcome() {
        return std::exchange(lastScreenshot_, std::nullopt);
    }
    // The text chunks of a picture of the whole UI: how the field on it was
    // made (describePicture's), and that the panel is on it.
    PngText describeUi();
    // A slide of width x height pixels of the field as it is (both panes
    // side by side when split), with its text chunks: `shot --slide
    // --split`.
    Picture slide(int width, int height, bool loupe);

    // Ctrl+R or the panel's button: starts recording the panel's kind of
    // picture (window_recording.h) into its folder, or stops and says
    // where it went. `window` is the framebuffer's size.
    void toggleRecording(const PixelSize& window);
    const WindowRecording& recording() const { return recording_; }

    // Starts the bandwidth table (the bench's table 1) on the running grid,
    // on a second backend of the simulation's kind, one row a frame from the
    // next frame on, its section of the panel unfolded; the panel says why
    // when it cannot.
    void measureBandwidth();
    bool measuringBandwidth() const { return bandwidth_.running(); }
    // Display buffers set up with CUDA so far, registered or imported (once
    // per grid or view size).
    int registrations() const { return view_.registrations() + view_.sharedImports(); }

    // What the panel and the keys edit: the window applies vsync, `shot
    // --ui` runs and pauses the steps, scripts and tests drive the lecture
    // through it as a user would through the panel.
    LectureSettings& settings() { return settings_; }
    Simulation& simulation() { return simulation_; }
    // The panel's screenshot choices (what, and into which folder).
    ScreenshotPanel& screenshots() { return screenshotPanel_; }
    // The disk the lecture's screenshots are written to (tests give one
    // that fills part-way).
    void setOutputDisk(const OutputDisk& disk) { outputDisk_ = disk; }
    // The panel's scene choices (the file to save to or load from) and
    // requests, applied by the next frame.
    ScenePanel& scenes() { return scenePanel_; }
    // What the panel shows of the running lecture (messages included).
    const PanelReadouts& readouts() const { return readouts_; }
    // Where the panel last drawn put the lesson's essentials.
    const PanelLayout& panelLayout() const { return panelLayout_; }
    void setFrameTiming(FrameTiming timing) { timing_ = timing; }
    // The window draws the shared buffer written a frame before
    // (FrameSettings::displayLatency); `shot --ui` and tests the newest.
    void setDisplayLatency(bool latency) { displayLatency_ = latency; }
    // The clock the pace and the rates read, in seconds: the host's; tests
    // and headless runs give simulated time, a frame's worth each frame.
    void setClock(std::function<double()> clock) { clock_ = std::move(clock); }
    // The newest frame's parts, the panel's included; times only when it
    // was timed.
    const FrameStats& lastFrame() const { return lastFrame_; }
    // Pane B of the A/B split (B), while it runs, and its newest frame.
    ComparisonRun& comparison() { return comparison_; }
    const FrameStats& lastFrameB() const { return lastFrameB_; }
    // Where the last frame drew pane B, in framebuffer pixels (pane A is as
    // wide, from the left edge).
    PaneRect paneB() const { return PaneRect{paneBX_, fieldWidth_, fieldHeight_}; }
    // Plays `list` from its first cue at the next frame (--cues); the keys
    // Page Down / Right and Page Up / Left move through it.
    void setCues(CueList list);
    const CuePlayer& cues() const { return cues_; }
    // The notice on the field (its text) and the band the last frame drew
    // it in, in window units (empty when none showed).
    const FieldNotice& notice() const { return notice_; }
    const OverlayBand& noticeBand() const { return noticeBand_; }

private:
    void apply(const PanelActions& actions);
    void showBackend();
    // Says a control's outcome in the panel; a new grid is fitted and its
    // bandwidth table measured.
    void show(const ControlOutcome& outcome);
    void lockRangeToField();
    // After the frame's steps: the measures, the rates. `factor`: the
    // running grid's highest mode's, a step.
    void measure(int steps, double factor);
    // One row of the table a frame, once the frame's steps are done.
    void advanceBandwidthSurvey();
    int paceSteps(const PanelActions& actions, double factor);
    float pixelsPerUnit() const;
    FieldArea fieldArea() const { return FieldArea{fieldWidth_, fieldHeight_, pixelsPerUnit()}; }
    DrawnField drawnField() { return DrawnField{simulation_, view_, renderer_}; }
    // Pane B for a picture, while split (not while it shows A - B).
    std::optional<DrawnPaneB> drawnPaneB();
    // The panel's scene requests: save, load a file, load a shipped scene.
    void sceneRequests();
    // Applies a parsed scene and its view, or throws having changed nothing
    // (SimulationControl::applyScene).
    void applyScene(const Scene& scene);
    Scene currentScene() const;
    // The cue list's part of the frame, before the panel's edits apply: the
    // keys' moves, then what the cue asks for, into `actions` or done here;
    // returns the caption of a cue that started, said after the edits.
    std::optional<std::string> cueFrame(PanelActions& actions);
    // The A/B split as the settings ask (started as a copy of pane A, or
    // stopped), pane B's edits applied; after pane A's own edits.
    void applyComparison(const PanelActions& actions);
    // Pane A's field was replaced: pane B starts again from it.
    void restartPaneB();
    // Pane B's frame right of pane A, its bar and both panes' labels.
    void paneBFrame(int steps, const ColourBar::Strip& bar, bool timed);
    void drawPaneLabels();
    // The framebuffer column where a pane's grid ends, drawn with `view`
    // (empty: fitted): its colour bar starts there, beside the grid rather
    // than the rectangle's edge where a fitted grid leaves background.
    int gridRightEdge(const std::optional<ViewTransform>& view) const;

    ImGuiLayer& imgui_;
    FieldRenderer renderer_;
    GlField view_;
    Simulation simulation_;

    LectureSettings settings_;
    SimulationControl control_;
    PanelReadouts readouts_;
    PanelLayout panelLayout_;
    PanelActions keyActions_;  // gathered by the key callback between frames
    ScenePanel scenePanel_;
    ScreenshotPanel screenshotPanel_;
    std::optional<ScreenshotOutcome> lastScreenshot_;
    OutputDisk outputDisk_;
    FieldInput input_;
    LoupeControl loupe_;
    ColourBar colourBar_;
    FieldWatch watch_;
    FieldNotice notice_;
    OverlayBand noticeBand_;
    RateMeter rates_;
    BandwidthSurvey bandwidth_;
    FramePacer pacer_;
    CuePlayer cues_;
    std::optional<long long> cueStepsLeft_;  // this frame's cap from the cue's "until"
    UiSurface surface_;
    int fieldWidth_ = 1;  // framebuffer pixels left of the panel
    int fieldHeight_ = 1;
    FrameStats lastFrame_;
    ComparisonRun comparison_;
    ComparisonView comparisonView_;
    FrameStats lastFrameB_;
    int paneBX_ = 0;  // framebuffer column where pane B starts
    FrameTiming timing_ = FrameTiming::Sampled;
    std::function<double()> clock_ = secondsNow;
    double lastTimedFrame_ = 0.0;
    double lastFrameStart_ = 0.0;
    int lastSteps_ = 0;
    bool displayLatency_ = false;
    // Last: finished (its frames read back) while the GL objects above live.
    WindowRecording recording_;
};

}  // namespace heatlab
