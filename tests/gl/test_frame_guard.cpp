// A frame that throws under a running lecture (LectureUi, offscreen, its
// frames run through FrameGuard as the window's and the served loops run
// them), made to throw by the lecture's test hook (app/lecture/
// run/frame_fault.h): the lecture goes on from where the frame found it, with a
// notice saying why and the next frame drawn whole; a device lost moves it
// to the CPU; three failing frames in a row end it with one line.

#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <glad/gl.h>

#include <gtest/gtest.h>

#include "app/lecture/files/scene.h"
#include "app/lecture/run/frame_fault.h"
#include "app/ui/lecture/frame_guard.h"
#include "app/ui/lecture/lecture_ui.h"
#include "kernels/base/errors.h"
#include "kernels/cpu/cpu_backend.h"
#include "tests/cpu/fifo_reader.h"
#include "tests/gl/lecture_fixture.h"
#include "tests/support/file_text.h"

namespace heatlab {
namespace {

class GuardedFrames : public LectureFixture {
protected:
    std::unique_ptr<Backend> faulting(const std::string& fault) {
        return std::make_unique<FaultingBackend>(std::make_unique<CpuBackend>(),
                                                 parseFrameFault(fault));
    }
    // One guarded frame; `inFrame` runs inside it first, as the frame's
    // input does: once, as input is taken once (a frame drawn again after
    // one that failed has none).
    bool guarded(FrameGuard& guard, LectureUi& ui, std::function<void()> inFrame = {}) {
        const auto bound = target.bind();
        return guard.frame([&] {
            if (const std::function<void()> input = std::exchange(inFrame, nullptr)) {
                input();
            }
            return ui.frame(surface);
        });
    }
    void guarded(FrameGuard& guard, LectureUi& ui, int frames) {
        for (int i = 0; i < frames; ++i) {
            guarded(guard, ui);
        }
    }
    // The field a lecture that never failed has after `frames` frames.
    std::vector<float> fieldAfter(int frames) {
        LectureUi clean(options, std::make_unique<CpuBackend>(), imgui, context.description());
        run(clean, frames);
        return clean.simulation().fieldOnHost();
    }
};

TEST_F(GuardedFrames, AnErrorInAFrameIsANoticeAndTheLectureGoesOnAsItWas) {
    LectureUi ui(options, faulting("step@4"), imgui, context.description());
    FrameGuard guard(ui, "heatlab");
    guarded(guard, ui, 3);
    ASSERT_EQ(ui.simulation().stepCount(), 9);
    const float r = ui.settings().params.r;

    // The frame's own input changed r (a key) before its steps failed.
    testing::internal::CaptureStderr();
    bool quit = true;
    ASSERT_NO_THROW(quit = guarded(guard, ui, [&] { ui.onKey(Key::Up, false); }));
    const std::string said = testing::internal::GetCapturedStderr();
    EXPECT_FALSE(quit);
    const std::string message = ui.lectureReadouts().message;
    EXPECT_EQ(
        message,
        "a frame failed (the steps failed: a test's fault (HEATLAB_TEST_FRAME_FAULT=step@4)): "
        "the lecture goes on as it was, at step 9");
    EXPECT_EQ(said, "heatlab: " + message + "\n") << "one line on the terminal";
    EXPECT_EQ(ui.settings().params.r, r) << "the frame's edit undone with it";
    EXPECT_EQ(ui.simulation().params().r, r);
    // The frame after it drawn whole: it stepped, and its notice is on the field.
    EXPECT_EQ(ui.simulation().stepCount(), 12);
    EXPECT_EQ(ui.simulation().fieldOnHost(), fieldAfter(4)) << "the field was not kept";
    EXPECT_FALSE(ui.overlays().leadNotice.empty());
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));

    // And the lecture goes on; nothing more is said.
    testing::internal::CaptureStderr();
    guarded(guard, ui, 3);
    EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
    EXPECT_EQ(ui.simulation().stepCount(), 21);
}

TEST_F(GuardedFrames, ASceneLoadedInTheFailingFrameIsUndoneAndTheFieldMadeAnewFromTheOldScene) {
    const ScratchFolder folder;
    Scene other;
    other.title = "another lesson";
    other.settings.params.grid = GridSize{130, 301};
    other.settings.stepsPerFrame = 7;
    const std::string path = folder / "other.json";
    writeScene(path, other);

    LectureUi ui(options, faulting("step@3"), imgui, context.description());
    FrameGuard guard(ui, "heatlab");
    guarded(guard, ui, 2);
    testing::internal::CaptureStderr();
    guarded(guard, ui, [&] {
        std::snprintf(ui.scenes().path, sizeof ui.scenes().path, "%s", path.c_str());
        ui.scenes().load = true;
    });
    testing::internal::GetCapturedStderr();
    EXPECT_EQ(
        ui.lectureReadouts().message,
        "a frame failed (the steps failed: a test's fault (HEATLAB_TEST_FRAME_FAULT=step@3)): "
        "the lecture goes on from its scene, made anew at step 0");
    EXPECT_EQ(ui.simulation().params().grid.nx, 67);
    EXPECT_EQ(ui.settings().params.grid.nx, 67);
    EXPECT_EQ(ui.settings().stepsPerFrame, 3);
    EXPECT_EQ(ui.scenes().loadedTitle, "");
    EXPECT_EQ(ui.simulation().stepCount(), 3) << "made anew, then the frame after it";
    EXPECT_EQ(ui.simulation().fieldOnHost(), fieldAfter(1));
}

TEST_F(GuardedFrames, ALostDeviceMovesTheLectureToTheCpuWithANotice) {
    LectureUi ui(options, faulting("lost@3"), imgui, context.description());
    FrameGuard guard(ui, "heatlab serve");
    guarded(guard, ui, 2);
    EXPECT_FALSE(guard.deviceLost());
    testing::internal::CaptureStderr();
    ASSERT_NO_THROW(guarded(guard, ui));
    const std::string said = testing::internal::GetCapturedStderr();
    EXPECT_TRUE(guard.deviceLost());
    const std::string message = ui.lectureReadouts().message;
    EXPECT_EQ(
        message,
        "the CUDA device failed and cannot be used again in this run (the device is lost: a "
        "test's fault (HEATLAB_TEST_FRAME_FAULT=lost@3)): the lecture goes on on the CPU, its "
        "field made anew from the scene at step 0");
    EXPECT_EQ(said, "heatlab serve: " + message + "\n");
    EXPECT_EQ(dynamic_cast<FaultingBackend*>(&ui.simulation().backend()), nullptr)
        << "still on the lost backend";
    EXPECT_EQ(ui.simulation().backend().facts().name, "cpu");
    EXPECT_EQ(ui.settings().backend, BackendChoice::Cpu);
    EXPECT_EQ(ui.simulation().stepCount(), 3);
    EXPECT_EQ(ui.simulation().fieldOnHost(), fieldAfter(1));
    guarded(guard, ui, 3);
    EXPECT_EQ(ui.simulation().stepCount(), 12);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST_F(GuardedFrames, ThreeFailingFramesInARowEndTheLectureWithOneLine) {
    LectureUi ui(options, faulting("always@2"), imgui, context.description());
    FrameGuard guard(ui, "heatlab");
    guarded(guard, ui, 1);
    testing::internal::CaptureStderr();
    std::string ended;
    try {
        guarded(guard, ui);
    } catch (const RuntimeError& e) {
        ended = e.what();
    }
    EXPECT_EQ(testing::internal::GetCapturedStderr(), "")
        << "the two recoveries before it are not said: the end is the one line";
    EXPECT_EQ(ended,
              "the lecture ended: 3 frames in a row failed, the last with: the steps failed: a "
              "test's fault (HEATLAB_TEST_FRAME_FAULT=always@2)");
}

}  // namespace
}  // namespace heatlab
