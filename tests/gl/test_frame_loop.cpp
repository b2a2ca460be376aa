// The one frame loop (app/ui/lecture/frame_loop.h) that the window, `shot --ui` and
// serve run the lecture by, driven here by a scripted source and a counting
// sink on a headless surface: its stop conditions (the source's end,
// --frames, a quit only where the rules say), a skipped turn drawing
// nothing, a failed frame guarded only where the rules say, the waits it
// asks for, and the simulated clock moving a frame's time a frame.

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "app/lecture/run/frame_fault.h"
#include "app/platform/headless_context.h"
#include "app/platform/headless_surface.h"
#include "app/render/offscreen_target.h"
#include "app/ui/imgui/imgui_layer.h"
#include "app/ui/lecture/frame_loop.h"
#include "app/ui/lecture/lecture_ui.h"
#include "kernels/base/errors.h"
#include "kernels/cpu/cpu_backend.h"

namespace heatlab {
namespace {

// Turns as scripted (then Draw), Escape pressed before frame `escapeAt`
// (from 1), and the waits the loop asked for.
class ScriptedSource : public FrameSource {
public:
    ScriptedSource(HeadlessSurface& surface, std::vector<Turn> turns, int escapeAt = 0)
        : surface_(surface), turns_(std::move(turns)), escapeAt_(escapeAt) {}

    void wait(const FrameWait& wait) override { waits.push_back(wait); }
    Turn next(LectureUi& /*ui*/) override {
        const Turn turn = asked_ < turns_.size() ? turns_[asked_] : Turn::Draw;
        ++asked_;
        if (turn == Turn::Draw && ++draws_ == escapeAt_) {
            surface_.input().push(InputEvent::keyDown(KeyCode::Escape));
            surface_.input().push(InputEvent::keyUp(KeyCode::Escape));
        }
        return turn;
    }

    std::vector<FrameWait> waits;

private:
    HeadlessSurface& surface_;
    std::vector<Turn> turns_;
    int escapeAt_;
    std::size_t asked_ = 0;
    int draws_ = 0;
};

class CountingSink : public FrameSink {
public:
    void begin(LectureUi& /*ui*/) override { ++begun; }
    void drawn(LectureUi& /*ui*/, const FrameDrawn& frame) override { frames.push_back(frame); }

    int begun = 0;
    std::vector<FrameDrawn> frames;
};

class FrameLoop : public ::testing::Test {
protected:
    FrameLoop() {
        options.params.grid = GridSize{67, 45};
        options.stepsPerFrame = 3;
        options.running = true;
    }

    std::unique_ptr<LectureUi> lecture(std::unique_ptr<Backend> backend) {
        return std::make_unique<LectureUi>(options, std::move(backend), imgui,
                                           context.description());
    }
    std::unique_ptr<LectureUi> lecture() { return lecture(std::make_unique<CpuBackend>()); }

    HeadlessContext context;
    HeadlessSurface surface{SurfaceSize{{640, 400}, {640, 400}}, 1.0f, 5.0};
    ImGuiLayer imgui{surface};
    OffscreenTarget target{640, 400};
    OffscreenTarget::Binding bound = target.bind();
    LectureSettings options;
};

TEST_F(FrameLoop, MostFramesEndsTheRunOnItsLastFrame) {
    const std::unique_ptr<LectureUi> ui = lecture();
    ScriptedSource source(surface, {});
    CountingSink sink;
    FrameRules rules;
    rules.mostFrames = 5;
    const FramesRun run = runFrames({surface, imgui, *ui}, source, sink, FrameClock{}, rules);
    EXPECT_EQ(run.frames, 5);
    EXPECT_TRUE(run.endedOnAFrame);
    ASSERT_EQ(sink.frames.size(), 5u);
    EXPECT_EQ(sink.begun, 5);
    for (std::size_t i = 0; i < sink.frames.size(); ++i) {
        EXPECT_EQ(sink.frames[i].number, static_cast<long long>(i + 1));
        EXPECT_EQ(sink.frames[i].last, i + 1 == sink.frames.size());
    }
    EXPECT_EQ(ui->simulation().stepCount(), 15);
}

TEST_F(FrameLoop, ASkippedTurnDrawsNothingAndTheSourcesEndIsTheRunsEnd) {
    const std::unique_ptr<LectureUi> ui = lecture();
    ScriptedSource source(surface, {Turn::Skip, Turn::Draw, Turn::Skip, Turn::Draw, Turn::End});
    CountingSink sink;
    const FramesRun run = runFrames({surface, imgui, *ui}, source, sink, FrameClock{}, {});
    EXPECT_EQ(run.frames, 2);
    EXPECT_FALSE(run.endedOnAFrame);
    EXPECT_EQ(sink.begun, 2);
    ASSERT_EQ(sink.frames.size(), 2u);
    EXPECT_FALSE(sink.frames[1].last);  // the source ended after it, not the frame
    EXPECT_EQ(ui->simulation().stepCount(), 6);
}

TEST_F(FrameLoop, EscapeEndsTheRunOnlyWhereTheRulesSay) {
    for (const bool endOnQuit : {true, false}) {
        const std::unique_ptr<LectureUi> ui = lecture();
        ScriptedSource source(surface, {}, 3);
        CountingSink sink;
        FrameRules rules;
        rules.endOnQuit = endOnQuit;
        rules.mostFrames = 6;
        const FramesRun run = runFrames({surface, imgui, *ui}, source, sink, FrameClock{}, rules);
        EXPECT_EQ(run.frames, endOnQuit ? 3 : 6) << "endOnQuit " << endOnQuit;
        EXPECT_TRUE(sink.frames.back().last);
    }
}

TEST_F(FrameLoop, AFailedFrameIsGuardedOnlyWhereTheRulesSay) {
    FrameRules rules;
    rules.mostFrames = 5;
    {
        const std::unique_ptr<LectureUi> ui = lecture(std::make_unique<FaultingBackend>(
            std::make_unique<CpuBackend>(), parseFrameFault("step@3")));
        ScriptedSource source(surface, {});
        CountingSink sink;
        const FramesRun run = runFrames({surface, imgui, *ui}, source, sink, FrameClock{}, rules);
        EXPECT_EQ(run.frames, 5);
        EXPECT_NE(ui->lectureReadouts().message.find("a frame failed"), std::string::npos)
            << ui->lectureReadouts().message;
    }
    rules.guarded = false;
    const std::unique_ptr<LectureUi> ui = lecture(std::make_unique<FaultingBackend>(
        std::make_unique<CpuBackend>(), parseFrameFault("step@3")));
    ScriptedSource source(surface, {});
    CountingSink sink;
    EXPECT_THROW(runFrames({surface, imgui, *ui}, source, sink, FrameClock{}, rules), RuntimeError);
    EXPECT_EQ(sink.frames.size(), 2u);
}

TEST_F(FrameLoop, WithoutADisplayVsyncTicksAt60AFrameSoonerOnInput) {
    for (const bool vsync : {true, false}) {
        options.vsync = vsync;
        const std::unique_ptr<LectureUi> ui = lecture();
        ScriptedSource source(surface, {});
        CountingSink sink;
        FrameRules rules;
        rules.tickWithVsync = true;
        rules.mostFrames = 3;
        runFrames({surface, imgui, *ui}, source, sink, FrameClock{}, rules);
        ASSERT_EQ(source.waits.size(), 3u);
        EXPECT_EQ(source.waits[0].latest, 0.0);  // the first frame at once
        for (std::size_t i = 1; i < source.waits.size(); ++i) {
            const FrameWait& wait = source.waits[i];
            if (!vsync) {
                EXPECT_EQ(wait.latest, 0.0);
                continue;
            }
            EXPECT_NEAR(wait.latest - wait.soonest, 1.0 / 120.0, 1e-4);
        }
    }
}

TEST_F(FrameLoop, ASimulatedClockMovesAFrameATimeAndTheLectureReadsIt) {
    // One step a second of lecture time, 7 s a frame: 7 steps in each frame
    // after the first, however long the frames take to draw.
    options.pace = Pace::StepsPerSecond;
    options.stepsPerSecond = 1.0;
    const std::unique_ptr<LectureUi> ui = lecture();
    ScriptedSource source(surface, {});
    CountingSink sink;
    FrameRules rules;
    rules.mostFrames = 6;
    runFrames({surface, imgui, *ui}, source, sink, FrameClock{&surface, 7.0}, rules);
    EXPECT_DOUBLE_EQ(surface.seconds(), 5.0 + 6 * 7.0);
    EXPECT_EQ(ui->simulation().stepCount(), 5 * 7);
}

}  // namespace
}  // namespace heatlab
