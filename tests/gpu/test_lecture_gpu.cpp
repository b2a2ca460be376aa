// The directed lecture on a real GPU: past the bound at 2048 on the resident
// kernel, with "fit 30 fps" asking for thousands of steps a frame and the
// measures arriving a frame or two late, the run still pauses on a finite
// field; and the loupe looks where the device found the checkerboard. Skips,
// visibly, without a CUDA device.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/platform/headless_context.h"
#include "app/render/offscreen_target.h"
#include "app/ui/imgui/imgui_layer.h"
#include "app/ui/lecture/lecture_ui.h"
#include "kernels/cuda/cuda_backend.h"
#include "kernels/numerics/field_measures.h"

namespace heatlab {
namespace {

TEST(LectureGpu, FitThirtyFpsAndTenThousandStepsAFrameOnTheResidentKernelPauseFiniteAt2048) {
    const std::string reason = cudaUnavailableReason();
    if (!reason.empty()) {
        GTEST_SKIP() << reason;
    }
    HeadlessContext context;
    ImGuiLayer imgui(1.0f);
    OffscreenTarget target(1280, 800);
    const SurfaceSize surface{{1280, 800}, {1280, 800}};
    for (const Pace pace : {Pace::FrameBudget, Pace::FixedSteps}) {
        LectureSettings options;
        options.params.grid = GridSize{2048, 2048};
        options.params.r = 0.26f;
        options.pace = pace;
        options.stepsPerFrame = kMaxStepsPerFrame;  // FixedSteps: the panel's largest
        options.explosionDecadesPerSecond = 0.0;    // the pace as chosen, also past the bound
        auto backend = std::make_unique<CudaBackend>();
        ASSERT_EQ(backend->manySteps(Kernel::Optimised, options.params.grid, Boundary::Dirichlet)
                      .submission,
                  ManySteps::Submission::OnChip)
            << "the resident kernel holds a 2048 grid on chip";
        LectureUi ui(options, std::move(backend), imgui, context.description());
        // Frames a 60th of a second apart on a simulated clock: "fit 30 fps"
        // grows to its largest frames whatever this device's speed today.
        double now = 0.0;
        ui.setClock([&now] { return now; });
        const auto bound = target.bind();
        int largestFrame = 0;
        for (int frame = 0; frame < 2000 && ui.settings().running; ++frame) {
            now += 1.0 / 60.0;
            ui.frame(surface);
            largestFrame = std::max(largestFrame, ui.lectureReadouts().stepsThisFrame);
        }
        ASSERT_FALSE(ui.settings().running) << name(pace) << ": no pause within 2000 frames";
        const std::vector<float> field = ui.simulation().fieldOnHost();
        EXPECT_TRUE(allFinite(field.data(), field.size())) << name(pace);
        EXPECT_EQ(ui.lectureReadouts().message.rfind("paused at step ", 0), 0u)
            << ui.lectureReadouts().message;
        std::printf("%s: paused at step %lld, largest frame %d steps: %s\n", name(pace),
                    ui.simulation().stepCount(), largestFrame,
                    ui.lectureReadouts().message.c_str());
        // The frames drawn paused show the finite field, the loupe on the
        // spot the device found.
        ui.frame(surface);
        ui.frame(surface);
        const std::optional<LoupeLayout>& loupe = ui.lastFrame().loupe;
        ASSERT_TRUE(loupe) << name(pace);
        const CellSpot spot = strongestCheckerboardSpot(field.data(), options.params.grid);
        EXPECT_EQ(loupe->view.centre.x, static_cast<float>(spot.col) + 0.5f) << name(pace);
        EXPECT_EQ(loupe->view.centre.y, static_cast<float>(spot.row) + 0.5f) << name(pace);
    }
}

// The shipped lecture at the backend's scale: the cue that loads "the bus"
// runs its CUDA grid (4096 x 4096) here, where the kernels part from launch
// latency and copying back costs milliseconds.
TEST(LectureGpu, TheBusSceneRunsItsCudaGrid) {
    const std::string reason = cudaUnavailableReason();
    if (!reason.empty()) {
        GTEST_SKIP() << reason;
    }
    HeadlessContext context;
    ImGuiLayer imgui(1.0f);
    OffscreenTarget target(1280, 800);
    const auto bound = target.bind();
    const SurfaceSize surface{{1280, 800}, {1280, 800}};
    std::string text;
    for (const ShippedScene& shipped : shippedScenes()) {
        if (std::string(shipped.file).find("the_bus") != std::string::npos) {
            text = shipped.text;
        }
    }
    ASSERT_FALSE(text.empty()) << "the bus is shipped";
    const Scene scene = parseScene(text, "the_bus.json");
    LectureSettings options;
    options.params.grid = GridSize{512, 512};
    LectureUi lecture(options, std::make_unique<CudaBackend>(), imgui, context.description(),
                      scene);
    lecture.frame(surface);
    EXPECT_EQ(lecture.simulation().params().grid.nx, 4096);
    EXPECT_EQ(lecture.simulation().params().grid.ny, 4096);
}

}  // namespace
}  // namespace heatlab
