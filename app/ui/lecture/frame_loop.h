#pragma once
// The one frame loop: the window, `heatlab shot --ui` and `heatlab serve`
// each run the lecture's frames through runFrames() and have no loop of
// their own. They differ only in what they hand it: the frame source (a
// frame's input, and when there is one), the frame sink (where the drawn
// frame goes) and the clock. The loop's time, pacing, frame guard
// (frame_guard.h) and stop conditions are written here once.

#include <string>

#include "app/platform/headless_surface.h"
#include "app/platform/surface.h"
#include "app/ui/imgui/imgui_layer.h"
#include "app/ui/lecture/lecture_ui.h"

namespace heatlab {

// The lecture on the surface it draws on, with the surface's ImGui layer.
struct LectureOnSurface {
    Surface& surface;
    ImGuiLayer& imgui;
    LectureUi& ui;
};

// When the next frame is due, in secondsNow()'s seconds: at once (latest
// 0), or at `latest`, sooner where input comes but not before `soonest`.
struct FrameWait {
    double soonest = 0.0;
    double latest = 0.0;
};

// What a source says before a frame: draw one; nothing to draw into yet
// (a minimised window, which has waited for its events: ask again); no
// more frames.
enum class Turn { Draw, Skip, End };

// Where a frame's input comes from. The defaults: always a frame, no input
// of its own beyond the surface's queue, no time of its own.
class FrameSource {
public:
    virtual ~FrameSource() = default;
    // Waits as `wait` says, taking the input that comes meanwhile.
    virtual void wait(const FrameWait& /*wait*/) {}
    // The next frame's input handed to the lecture's surface (its queue,
    // its size) and the lecture, or why there is no frame now.
    virtual Turn next(LectureUi& /*ui*/) { return Turn::Draw; }
    // After a frame: whether the source ended with it (the window closed).
    virtual bool ended() const { return false; }
};

// What the loop says of the frame it drew.
struct FrameDrawn {
    long long number = 0;     // from 1
    bool last = false;        // no frame follows
    bool deviceLost = false;  // a frame lost the device: the lecture runs on the CPU since
};

// Where a drawn frame goes. The defaults: drawn into whatever is bound, and
// left there.
class FrameSink {
public:
    virtual ~FrameSink() = default;
    // Before a frame: binds what it is drawn into.
    virtual void begin(LectureUi& /*ui*/) {}
    // The frame just drawn, whole: shown, sent or kept.
    virtual void drawn(LectureUi& /*ui*/, const FrameDrawn& /*frame*/) {}
};

// The lecture's clock: the host's (null), or a headless surface's, moved a
// frame's time before each frame (`shot --ui --cues`: 60 frames a second of
// lecture time, however long a frame takes to draw), which the lecture
// reads too while the loop runs.
struct FrameClock {
    HeadlessSurface* simulated = nullptr;
    double frameSeconds = 0.0;
};

// What ends a run, what a failed frame does and what paces the frames.
struct FrameRules {
    std::string terminal = "heatlab";  // how the run's lines on the terminal begin
    // A frame that throws is undone and drawn again, saying why: a lecture
    // goes on for its class. Off for `shot --ui`, whose failure ends the
    // run (a picture of a lecture put back is not the one asked for).
    bool guarded = true;
    // Escape and the panel's Quit end the run (the window; a served
    // lecture goes on for the class).
    bool endOnQuit = false;
    bool endOnStopSignal = false;  // SIGINT or SIGTERM (StopSignal) end it before a frame
    long long mostFrames = 0;      // --frames; 0: no limit
    // Where no display paces the frames (serve): with the panel's vsync on,
    // 60 frames a second, input drawing one sooner (at most 120 a second).
    bool tickWithVsync = false;
    // While the bandwidth table's row is timed, beside as little drawing as
    // may be (on the CPU the software GL shares its cores): a frame when
    // input comes, else a few a second (the window).
    bool slowWhileRowTimed = false;
};

struct FramesRun {
    long long frames = 0;
    bool endedOnAFrame = false;  // false: the source ended before drawing again
};

// Runs frames of `lecture` from `source` into `sink` until a rule or the
// source ends them. Throws what a frame threw where not guarded, and the
// guard's RuntimeError where the lecture cannot go on.
FramesRun runFrames(const LectureOnSurface& lecture, FrameSource& source, FrameSink& sink,
                    const FrameClock& clock, const FrameRules& rules);

}  // namespace heatlab
