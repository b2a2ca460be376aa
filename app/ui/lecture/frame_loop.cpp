#include "app/ui/lecture/frame_loop.h"

#include "app/io/stop_signal.h"
#include "app/ui/lecture/frame_guard.h"
#include "app/ui/lecture/lecture_input.h"
#include "kernels/base/host_clock.h"

namespace heatlab {

namespace {

constexpr double kFrameSecondsWhileARowIsTimed = 0.25;
// A frame's interval with vsync on where no display paces the frames, as a
// window on a 60 Hz screen would draw; input draws one sooner, but at most
// 120 a second.
constexpr double kTickSeconds = 0.016667;
constexpr double kSoonestSeconds = 0.008333;

// When the frame after the one begun at `started` is due.
FrameWait nextWait(const LectureUi& ui, const FrameRules& rules, double started) {
    if (rules.slowWhileRowTimed && ui.measuringRow()) {
        // From now, not from the frame's start: the row's thread has this
        // long however long the frame took.
        const double now = secondsNow();
        return FrameWait{now, now + kFrameSecondsWhileARowIsTimed};
    }
    if (rules.tickWithVsync && ui.settings().vsync) {
        // Input draws the next frame at once, not at the tick: a key pressed
        // just after a frame began would wait a whole frame more. A slow
        // frame is not made up for with a burst.
        return FrameWait{started + kSoonestSeconds, started + kTickSeconds};
    }
    return FrameWait{};
}

// The clock the lecture reads while the loop runs: a simulated one moves
// only when tick() says a frame's time has gone; the host's again after.
class LectureClock {
public:
    LectureClock(LectureUi& ui, const FrameClock& clock) : ui_(ui), clock_(clock) {
        if (HeadlessSurface* surface = clock_.simulated) {
            ui_.setClock([surface] { return surface->seconds(); });
        }
    }
    ~LectureClock() {
        if (clock_.simulated != nullptr) {
            ui_.setClock(secondsNow);
        }
    }
    LectureClock(const LectureClock&) = delete;
    LectureClock& operator=(const LectureClock&) = delete;

    void tick() const {
        if (clock_.simulated != nullptr) {
            clock_.simulated->advance(clock_.frameSeconds);
        }
    }

private:
    LectureUi& ui_;
    FrameClock clock_;
};

// One frame, its input delivered and drawn into the sink's target; through
// the guard where the rules say. Returns whether it asked to quit.
bool drawFrame(const LectureOnSurface& lecture, FrameSink& sink, FrameGuard& guard, bool guarded) {
    sink.begin(lecture.ui);
    const auto frame = [&lecture] {
        return lectureFrame(lecture.surface, lecture.imgui, lecture.ui);
    };
    return guarded ? guard.frame(frame) : frame();
}

}  // namespace

FramesRun runFrames(const LectureOnSurface& lecture, FrameSource& source, FrameSink& sink,
                    const FrameClock& clock, const FrameRules& rules) {
    const LectureClock time(lecture.ui, clock);
    FrameGuard guard(lecture.ui, rules.terminal);
    FramesRun run;
    double started = 0.0;
    for (;;) {
        source.wait(run.frames > 0 ? nextWait(lecture.ui, rules, started) : FrameWait{});
        if (rules.endOnStopSignal && StopSignal::requested()) {
            return run;
        }
        started = secondsNow();
        const Turn turn = source.next(lecture.ui);
        if (turn == Turn::End) {
            return run;
        }
        if (turn == Turn::Skip) {
            continue;
        }
        time.tick();
        const bool quit = drawFrame(lecture, sink, guard, rules.guarded);
        FrameDrawn drawn;
        drawn.number = ++run.frames;
        drawn.deviceLost = guard.deviceLost();
        drawn.last = (quit && rules.endOnQuit) || source.ended() ||
                     (rules.mostFrames > 0 && run.frames >= rules.mostFrames);
        sink.drawn(lecture.ui, drawn);
        if (drawn.last) {
            run.endedOnAFrame = true;
            return run;
        }
    }
}

}  // namespace heatlab
