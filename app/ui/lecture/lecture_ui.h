#pragma once
// The lecture's frame, in a window or not: a short orchestrator over its
// panes (PaneSet: pane A, and pane B while split) and its parts. Each frame
// the cue list (CuePlayer) and then the panel's and the keys' edits apply to
// pane A (SimulationControl) and pane B follows; the panes step in lockstep
// as the pace asks (FramePacer), never past a pane's pause, and are drawn;
// then the measures (LectureMeasures) and the pictures (LecturePictures)
// read the result. The window, `heatlab shot --ui` and `heatlab serve` run
// it through the one frame loop (frame_loop.h) and say where the pixels go
// and the input comes from; their ImGui layer and GL context outlive it.

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/kernel_files/page_kernels.h"
#include "app/lecture/files/cue_list.h"
#include "app/lecture/files/scene.h"
#include "app/lecture/input/field_input.h"
#include "app/lecture/input/loupe_control.h"
#include "app/lecture/measures/lecture_measures.h"
#include "app/lecture/panel/panel_edits.h"
#include "app/lecture/run/frame_pacer.h"
#include "app/lecture/run/frame_timing.h"
#include "app/platform/surface_size.h"
#include "app/render/field_renderer.h"
#include "app/ui/imgui/imgui_layer.h"
#include "app/ui/lecture/pane.h"
#include "app/ui/lecture/pane_set.h"
#include "app/ui/panel/panel.h"
#include "app/ui/pictures/field_overlay.h"
#include "app/ui/pictures/lecture_pictures.h"
#include "kernels/base/host_clock.h"
#include "kernels/simulation.h"

namespace heatlab {

struct RooflineOnField;  // app/ui/pictures/roofline_on_field.h (it needs ImGui's header)

class LectureUi {
public:
    // `glDescription` is shown in the panel ("OpenGL 4.5 ... llvmpipe"); a
    // `scene` (checked against the backend by the caller) is started from.
    LectureUi(const LectureSettings& settings, std::unique_ptr<Backend> backend, ImGuiLayer& imgui,
              const std::string& glDescription, const std::optional<Scene>& scene = std::nullopt);
    LectureUi(const LectureUi&) = delete;
    LectureUi& operator=(const LectureUi&) = delete;

    // Runs one frame (steps, panes, panel) into the bound framebuffer, which
    // is `surface` large; returns whether the panel or a key asked to quit.
    bool frame(const SurfaceSize& surface);

    // Input in window units (x right, y down) of the last frame's surface.
    void onKey(Key key, bool repeat);
    void onKeyReleased(Key key) { loupe_.keyUp(key); }
    void onScroll(double dy);
    void onMouseButton(int button, bool pressed);
    void onCursor(double x, double y);

    // The bandwidth table on the running grid from the next frame on
    // (LectureMeasures), its section unfolded and scrolled to when `unfold`
    // (the button, a cue, --bandwidth; not a new grid's own table).
    void measureBandwidth(bool unfold = true);
    bool measuringBandwidth() const { return measures_.bandwidth().running(); }
    // A row of it is timed on the survey's thread (in a window): the frames
    // go on and keys act; the steps wait.
    bool measuringRow() const { return measures_.holdsSteps(); }
    // Display buffers set up with CUDA so far over every pane.
    int registrations() const { return panes_.registrations(); }

    // The panes left to right: pane A, then pane B while split.
    std::size_t paneCount() const { return panes_.size(); }
    Pane& pane(std::size_t i) { return panes_[i]; }
    // Pane A's settings, which the panel and the keys edit (and tests).
    LectureSettings& settings() { return lead().settings(); }
    const LectureSettings& settings() const { return lead().settings(); }
    Simulation& simulation() { return lead().simulation(); }
    const Simulation& simulation() const { return lead().simulation(); }
    // Screenshots, slides, the recording, and the panel's choices of them.
    LecturePictures& pictures() { return pictures_; }
    // The panel's scene choices and requests, applied by the next frame.
    ScenePanel& scenes() { return scenePanel_; }
    // What the panel shows of pane A (its rates, max |u|, timed frame), and
    // of the lecture as a whole (its message, cue, A/B comparison).
    const PaneReadouts& readouts() const { return lead().readouts(); }
    const LectureReadouts& lectureReadouts() const { return lectureReadouts_; }
    // Where the panel last drawn put the lesson's essentials.
    const PanelLayout& panelLayout() const { return panelLayout_; }
    void setFrameTiming(FrameTiming timing) { timer_.set(timing); }
    // In a window: the buffer written a frame before is drawn, and the
    // table's rows are timed beside the frames. Else (simulated time) the
    // newest buffer, and each frame times a row to its end.
    void setWindowed(bool windowed) { windowed_ = windowed; }
    // The clock (seconds) of the pace and the rates: the host's, or simulated.
    void setClock(std::function<double()> clock) { clock_ = std::move(clock); }
    // Pane A's newest frame; its times only when it was timed.
    const FrameStats& lastFrame() const { return panes_.lead().lastFrame(); }
    // Plays `list` from its first cue at the next frame (--cues, a dropped
    // list). Checked whole first against what runs now: every cue's kernel
    // and every cue scene's grid (the backend's memory); throws
    // UsageError, the cues as they were, where one cannot play here.
    void setCues(CueList list);
    // What the lecture's files opened from a served page (dropped, chosen,
    // the panel's) and the panel's Reload may have compiled
    // (page_kernels.h): serve sets it once its own files are in; the
    // window's lecturer sits at the machine (Any).
    void setPageKernels(PageKernels allowed) { pageKernels_ = allowed; }
    const CuePlayer& cues() const { return cues_; }
    // What a frame that throws is undone to (frame_guard.h): pane A's
    // settings, the params its field was made from and which field it was,
    // the view and the scene's title, as the frame found them.
    struct FrameStart {
        LectureSettings settings;
        Params running;
        long long field = 0;  // Simulation::fieldCount()
        std::optional<ViewTransform> view;
        std::string title;
        std::string description;
    };
    FrameStart frameStart() const;
    // After a frame that threw `why`: the lecture as `before`, its field
    // kept where it is still the one the frame found and can be read, else
    // made anew from `before`'s scene; the frame's ImGui frame dropped. The
    // notice said (on the panel and the field) is returned. Throws where
    // the field cannot be made: the lecture is then past recovery.
    Notice recover(const FrameStart& before, const std::string& why);
    // The same after a frame that lost the device (DeviceLostError): pane
    // A on the CPU (SimulationControl::moveToCpu), the bandwidth table
    // stopped, pane B let go (the next frame starts it again from A where
    // the split stays on and its backend can be had).
    Notice recoverOnCpu(const FrameStart& before, const std::string& why);
    // A test's: `notice` said as the lecture says its own (the panel's
    // message line, the field), so a pause's or a refusal's notice is seen
    // on any cue without running into it.
    void sayNotice(const Notice& notice) { say(notice); }
    // The notices on the field and, in the last frame, where they and the
    // panes' labels went.
    const FieldNotice& notice() const { return notice_; }
    const OverlaysDrawn& overlays() const { return overlays_; }
    // The roofline over the field's area in the last frame; null where the
    // field showed.
    const RooflineOnField* rooflineOnField() const { return roofline_.get(); }

private:
    // Pane A: the run the panel edits.
    PaneRun& lead() { return panes_.lead().run(); }
    const PaneRun& lead() const { return panes_.lead().run(); }
    // On the panel's message line whole, on the field in brief.
    void say(const Notice& notice);
    // Which kernel files a scene or a cue list compiles: each on the
    // terminal, on the panel and the field in one line.
    void sayCompiles(const std::vector<std::string>& lines);
    void say(const std::optional<Notice>& notice) {
        if (notice) {
            say(*notice);
        }
    }
    void say(const std::vector<Notice>& notices) {
        for (const Notice& notice : notices) {
            say(notice);
        }
    }

    void apply(const PanelActions& actions);
    // A control's outcome said; a new grid fitted and its table measured.
    void show(const ControlOutcome& outcome);
    // The frame's panes stepped, measured and drawn with their bars.
    // The roofline into the field's `column` under the notices.
    std::shared_ptr<const RooflineOnField> rooflineOver(const OverlayBand& column) const;
    void drawPanes(int steps, const ColourBar::Strip& bar, bool timed, bool toggleLoupe);
    // A pane's watch of the field: an overflow in one pauses the lockstep.
    void measurePane(PaneRun& run, bool withSpot);
    int paceSteps(const PanelActions& actions);
    FieldArea fieldArea() const { return panes_.lead().fieldArea(surface_.pixelsPerUnit()); }
    bool showsDifference() const { return panes_.split() && settings().comparison.difference; }
    void sceneRequests(const PanelActions& keys);
    // A scene or a cue list dropped on a served page, loaded or refused.
    void loadDropped(const ScenePanel::Dropped& file);
    // A parsed scene and its view, or throws having changed nothing.
    void applyScene(const Scene& scene);
    // The cue list's part of the frame, before the panel's edits (into
    // `actions` or done here); the caption of a cue that started.
    std::optional<std::string> cueFrame(PanelActions& actions);
    // What the running cue's work has left, for the clicker's next press.
    CueProgress cueProgress() const;
    // A scene made and applied, or the lecture left as it was and why.
    std::optional<Notice> loadScene(const std::function<Scene()>& scene);
    // Pane A's field was replaced: every other pane starts again from it.
    void restartFollowers();
    // recover()'s part after pane A's field: the rest of `before`, and
    // `said` said.
    Notice restoreAround(const FrameStart& before, bool fieldReplaced, const Notice& said);

    ImGuiLayer& imgui_;
    FieldRenderer renderer_;
    PaneSet panes_;
    // The panel's readouts of no one pane (each pane keeps its own).
    LectureReadouts lectureReadouts_;
    PanelLayout panelLayout_;
    PanelActions keyActions_;  // gathered by the key callback between frames
    ScenePanel scenePanel_;
    PageKernels pageKernels_ = PageKernels::Any;
    FieldInput input_;
    LoupeControl loupe_;
    FieldNotice notice_;
    OverlaysDrawn overlays_;
    std::shared_ptr<const RooflineOnField> roofline_;
    LectureMeasures measures_;
    FramePacer pacer_;
    CuePlayer cues_;
    std::optional<long long> cueStepsLeft_;  // this frame's cap from the cue's "until"
    SurfaceSize surface_;
    FrameTimer timer_;
    std::function<double()> clock_ = secondsNow;
    bool windowed_ = false;
    // Last: its recording finishes while the GL objects above live.
    LecturePictures pictures_;
};

}  // namespace heatlab
