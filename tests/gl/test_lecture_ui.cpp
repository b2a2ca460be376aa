// The lecture's frame (LectureUi) driven directly, offscreen (Mesa's
// surfaceless EGL): the panel's backend choice moves the running lecture
// onto another backend with its field, or says why not and keeps it.

#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/platform/headless_context.h"
#include "app/render/offscreen_target.h"
#include "app/ui/imgui_layer.h"
#include "app/ui/lecture_ui.h"
#include "kernels/backend_factory.h"
#include "kernels/cpu/cpu_backend.h"
#include "kernels/errors.h"

namespace heatlab {
namespace {

class LectureUiTest : public ::testing::Test {
protected:
    LectureUiTest() {
        options.params.grid = GridSize{67, 45};
        options.params.r = 0.24f;
        options.stepsPerFrame = 3;
    }

    // Runs `frames` frames into the offscreen target.
    void run(LectureUi& ui, int frames) {
        const auto bound = target.bind();
        for (int i = 0; i < frames; ++i) {
            ui.frame(surface);
        }
    }

    HeadlessContext context;
    ImGuiLayer imgui{1.0f};
    OffscreenTarget target{640, 400};
    UiSurface surface{{640, 400}, {640, 400}};
    LectureOptions options;
};

TEST_F(LectureUiTest, ABackendThatCannotStartKeepsTheLectureWhereItWas) {
    try {
        makeBackend(BackendChoice::Cuda);
        GTEST_SKIP() << "a CUDA device is present: the switch would succeed";
    } catch (const UsageError&) {
        // no device: what this test is about
    }
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    run(ui, 2);
    const std::vector<float> before = ui.simulation().fieldOnHost();
    const long long steps = ui.simulation().stepCount();
    ui.settings().running = false;
    ui.settings().backend = BackendChoice::Cuda;
    run(ui, 1);
    EXPECT_EQ(ui.simulation().backend().name(), "cpu");
    EXPECT_EQ(ui.settings().backend, BackendChoice::Cpu) << "the panel shows what runs";
    EXPECT_NE(ui.readouts().message.find("backend not switched"), std::string::npos)
        << ui.readouts().message;
    EXPECT_EQ(ui.simulation().stepCount(), steps);
    EXPECT_EQ(ui.simulation().fieldOnHost(), before);
}

TEST_F(LectureUiTest, TheSameBackendChosenAgainChangesNothing) {
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    const Backend* running = &ui.simulation().backend();
    ui.settings().backend = BackendChoice::Cpu;
    run(ui, 2);
    EXPECT_EQ(&ui.simulation().backend(), running);
    EXPECT_EQ(ui.simulation().stepCount(), 6);
    EXPECT_TRUE(ui.readouts().message.empty()) << ui.readouts().message;
}

}  // namespace
}  // namespace heatlab
