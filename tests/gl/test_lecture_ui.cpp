// The lecture's frame (LectureUi) driven directly, offscreen (Mesa's
// surfaceless EGL): the panel's backend choice moves the running lecture
// onto another backend with its field, or says why not and keeps it.

#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <glad/gl.h>

#include <gtest/gtest.h>

#include "app/io/png_file.h"
#include "app/platform/headless_context.h"
#include "app/render/offscreen_target.h"
#include "app/ui/imgui/imgui_layer.h"
#include "app/ui/lecture/lecture_ui.h"
#include "kernels/backend_factory.h"
#include "kernels/base/errors.h"
#include "kernels/cpu/cpu_backend.h"
#include "tests/gl/lecture_fixture.h"

namespace heatlab {
namespace {

using LectureUiTest = LectureFixture;

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
    EXPECT_EQ(ui.simulation().backend().facts().name, "cpu");
    EXPECT_EQ(ui.settings().backend, BackendChoice::Cpu) << "the panel shows what runs";
    EXPECT_NE(ui.lectureReadouts().message.find("backend not switched"), std::string::npos)
        << ui.lectureReadouts().message;
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
    EXPECT_TRUE(ui.lectureReadouts().message.empty()) << ui.lectureReadouts().message;
}

TEST_F(LectureUiTest, F12WritesTheChosenKindOfPictureIntoTheChosenFolder) {
    const std::string folder = ::testing::TempDir() + "heatlab-lecture-shots";
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    run(ui, 2);
    ui.settings().running = false;
    ui.pictures().panel().folder = folder;
    const std::string stem = folder + "/heatlab_optimised_r0.24_step000006";
    const struct {
        ScreenshotKind kind;
        std::string file;
        int width;
        int height;
    } expected[] = {{ScreenshotKind::Field, stem + ".png", 67, 45},
                    {ScreenshotKind::Window, stem + "_window.png", 640, 400},
                    {ScreenshotKind::Slide, stem + "_slide.png", kSlideWidth, kSlideHeight}};
    for (const auto& shot : expected) {
        ui.pictures().panel().kind = shot.kind;
        ui.onKey(Key::F12, false);
        run(ui, 1);
        EXPECT_EQ(ui.lectureReadouts().message, "saved " + shot.file);
        const DecodedPng png = readPng(shot.file);
        EXPECT_EQ(png.image.width, shot.width) << name(shot.kind);
        EXPECT_EQ(png.image.height, shot.height) << name(shot.kind);
        const std::map<std::string, std::string> text(png.text.begin(), png.text.end());
        EXPECT_EQ(text.at("heatlab.steps"), "6") << name(shot.kind);
    }
    // A folder that is not there: the panel says so, nothing is written.
    ui.pictures().panel().folder = (folder + "/missing");
    ui.onKey(Key::F12, false);
    run(ui, 1);
    EXPECT_EQ(ui.lectureReadouts().message.rfind("screenshot not saved", 0), 0u)
        << ui.lectureReadouts().message;
    std::filesystem::remove_all(folder);
}

TEST_F(LectureUiTest, AThousandResizesIncludingToOnePixelDrawWithoutAnError) {
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    std::mt19937 random(7);
    const auto bound = target.bind();
    for (int i = 0; i < 1000; ++i) {
        // Every size from one pixel up to the target's, drawn into its corner,
        // as a window being dragged would be.
        const int width = 1 + static_cast<int>(random() % 640);
        const int height = 1 + static_cast<int>(random() % 400);
        ASSERT_NO_THROW(ui.frame(SurfaceSize{{width, height}, {width, height}}))
            << width << " x " << height;
    }
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    EXPECT_EQ(ui.simulation().stepCount(), 3000);
}

TEST_F(LectureUiTest, GridsOfThreeCellsASideAreDrawnWithoutAnError) {
    for (const GridSize& grid : {GridSize{3, 3}, GridSize{3, 65536}, GridSize{65536, 3}}) {
        options.params.grid = grid;
        LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
        ASSERT_NO_THROW(run(ui, 3)) << gridText(grid);
        EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR)) << gridText(grid);
        EXPECT_TRUE(ui.lectureReadouts().message.empty()) << ui.lectureReadouts().message;
        EXPECT_EQ(ui.simulation().stepCount(), 9);
    }
}

}  // namespace
}  // namespace heatlab

namespace heatlab {
namespace {

// V turns the field into its surface and back; in the surface view the
// right drag orbits the camera, the wheel dollies it and F fits it, the
// brush paints nothing, and the frame draws with no GL error.
TEST_F(LectureUiTest, VTogglesTheSurfaceWhoseCameraTheMouseMovesAndFFits) {
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    ui.settings().running = false;
    run(ui, 1);
    const RgbImage flat = target.read();
    ui.onKey(Key::V, false);
    run(ui, 1);
    EXPECT_TRUE(ui.settings().picture.surface);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    EXPECT_NE(target.read().pixels, flat.pixels) << "the surface looks like the flat field";

    const std::vector<float> before = ui.simulation().fieldOnHost();
    // Left of the panel: the field is about 160 units wide here.
    ui.onCursor(40.0, 200.0);
    ui.onMouseButton(1, true);  // the right button
    ui.onCursor(100.0, 230.0);
    ui.onMouseButton(1, false);
    ui.onScroll(2.0);
    const OrbitCamera moved = ui.settings().picture.camera;
    EXPECT_NE(moved.yawDegrees, OrbitCamera{}.yawDegrees);
    EXPECT_GT(moved.pitchDegrees, OrbitCamera{}.pitchDegrees);
    EXPECT_NEAR(moved.distance, 0.81f, 1e-5f);
    ui.onMouseButton(0, true);  // the left button: no paint in 3D
    ui.onCursor(60.0, 210.0);
    ui.onMouseButton(0, false);
    run(ui, 1);
    EXPECT_EQ(ui.simulation().fieldOnHost(), before);

    ui.onKey(Key::F, false);
    run(ui, 1);
    EXPECT_TRUE(ui.settings().picture.camera == OrbitCamera{});
    ui.onKey(Key::V, false);
    run(ui, 1);
    EXPECT_FALSE(ui.settings().picture.surface);
    // The field's part of the picture as it was (the panel's readouts move on).
    const RgbImage again = target.read();
    for (int y = 0; y < again.height; y += 7) {
        for (int x = 0; x < 100; x += 3) {
            ASSERT_EQ(again.at(x, y)[0], flat.at(x, y)[0]) << x << ", " << y;
            ASSERT_EQ(again.at(x, y)[1], flat.at(x, y)[1]) << x << ", " << y;
        }
    }
}

}  // namespace
}  // namespace heatlab
