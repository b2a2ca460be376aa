// The surface view (V) under Mesa's software GL, no display: it draws
// without a GL error from the field's cells and from the backend's view
// image, leaves the caller's GL state as it was, and on an unstable field
// the picture's pixels alternate light and dark along a row through the
// checkerboard (spikes up and down), where a stable field's row is smooth.

#include <cmath>
#include <cstdio>
#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "app/picture/surface_mesh.h"
#include "app/platform/headless_context.h"
#include "app/render/field_picture.h"
#include "app/render/frame.h"
#include "app/render/offscreen_target.h"
#include "kernels/cpu/cpu_backend.h"
#include "tests/support/picture_checks.h"

namespace heatlab {
namespace {

constexpr int kSide = 512;

class Surface : public ::testing::Test {
protected:
    Simulation run(const GridSize& grid, float r, int steps,
                   InitialCondition initial = InitialCondition::HotSquare) {
        Params p;
        p.grid = grid;
        p.r = r;
        p.initial = initial;
        Simulation simulation(std::make_unique<CpuBackend>(), p);
        simulation.advance(steps);
        return simulation;
    }

    // One frame of the surface into a kSide square, read back.
    RgbImage picture(Simulation& simulation, ColourScale scale = ColourScale::Linear) {
        OffscreenTarget target(kSide, kSide);
        const auto bound = target.bind();
        FrameSettings settings;
        settings.path = DisplayPath::ViaHost;
        settings.surface = true;
        settings.scale = scale;
        runFrame(simulation, view, renderer, settings, 0, 0, kSide, kSide, false);
        EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
        return target.read();
    }

    HeadlessContext context;
    FieldRenderer renderer;
    GlField view;
};

TEST_F(Surface, DrawsFromTheCellsAndFromTheViewImageWithoutAGlError) {
    // 64 cells into 512 pixels: a vertex a cell, read from the field.
    // 1024 cells: a vertex every 4 pixels, each a pixel of the view image.
    for (const int side : {64, 1024}) {
        Simulation simulation = run(GridSize{side, side}, 0.24f, 20);
        const SurfaceMesh mesh =
            surfaceMesh(fitView(side, side, kSide, kSide), kSide, kSide, simulation.params().grid);
        EXPECT_EQ(mesh.fromField, side == 64);
        const RgbImage image = picture(simulation);
        // Something besides the background was drawn, in the middle.
        const std::uint8_t* middle = image.at(kSide / 2, kSide / 2);
        EXPECT_FALSE(middle[0] == kBackground.r && middle[1] == kBackground.g &&
                     middle[2] == kBackground.b)
            << side;
        // The corners are the background: the fitted camera leaves a margin.
        const std::uint8_t* corner = image.at(2, 2);
        EXPECT_EQ(corner[0], kBackground.r);
        EXPECT_EQ(corner[1], kBackground.g);
        EXPECT_EQ(corner[2], kBackground.b);
    }
}

TEST_F(Surface, LeavesTheCallersStateAsItWas) {
    Simulation simulation = run(GridSize{64, 64}, 0.24f, 5);
    OffscreenTarget target(200, 100);
    const auto bound = target.bind();
    GLint framebuffer = 0;
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &framebuffer);
    glEnable(GL_SCISSOR_TEST);
    glScissor(1, 2, 3, 4);
    glViewport(5, 6, 7, 8);
    FrameSettings settings;
    settings.path = DisplayPath::ViaHost;
    settings.surface = true;
    runFrame(simulation, view, renderer, settings, 10, 10, 180, 80, false);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    GLint after = 0;
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &after);
    EXPECT_EQ(after, framebuffer);
    EXPECT_TRUE(glIsEnabled(GL_SCISSOR_TEST));
    EXPECT_FALSE(glIsEnabled(GL_DEPTH_TEST));
    GLint viewport[4] = {0, 0, 0, 0};
    glGetIntegerv(GL_VIEWPORT, viewport);
    EXPECT_EQ(viewport[0], 5);
    EXPECT_EQ(viewport[3], 8);
    glDisable(GL_SCISSOR_TEST);
}

TEST_F(Surface, AnUnstableFieldsSpikesAlternateLightAndDarkAlongARow) {
    // r = 0.26 (x1.08 a step) against the same field at r = 0.24, along the
    // picture's middle row. From the cells: the hot square's checkerboard
    // on 128 cells after 300 steps (a vertex a cell), the row across the
    // square where it grows. From the view image: the sine field's on 1024
    // cells after 400 steps, grown from float round-off everywhere (8 cells
    // a vertex, each its footprint's max or min by the pixel's parity).
    struct Case {
        int side;
        InitialCondition initial;
        int steps;
    };
    for (const Case c :
         {Case{128, InitialCondition::HotSquare, 300}, Case{1024, InitialCondition::Sine, 400}}) {
        Simulation unstable = run(GridSize{c.side, c.side}, 0.26f, c.steps, c.initial);
        Simulation stable = run(GridSize{c.side, c.side}, 0.24f, c.steps, c.initial);
        // Signed-log from the cells only: its steep decades about zero make
        // the extremes rule's staircase (a pixel's max beside its
        // neighbour's min, on any slope) show on the stable sine's nodal
        // lines when minified (33 turns there, 185 unstable, measured).
        std::vector<ColourScale> scales{ColourScale::Linear};
        if (c.side == 128) {
            scales.push_back(ColourScale::SignedLog);
        }
        for (const ColourScale scale : scales) {
            const int spiky = turnsAlongRow(picture(unstable, scale), kSide / 2, 12.0);
            const int smooth = turnsAlongRow(picture(stable, scale), kSide / 2, 12.0);
            std::printf("grid %d, %s: %d turns unstable, %d stable\n", c.side, name(scale), spiky,
                        smooth);
            // A vertex every 4 of the row's 512 pixels: a turn at most
            // spikes crossed.
            EXPECT_GE(spiky, 20) << c.side << " " << name(scale);
            EXPECT_LE(smooth, 4) << c.side << " " << name(scale);
        }
    }
}

TEST_F(Surface, APictureOfTheSurfaceHasTheGridsShapeAndSaysItsCamera) {
    Simulation simulation = run(GridSize{96, 48}, 0.24f, 5);
    FrameSettings settings;
    settings.path = DisplayPath::ViaHost;
    settings.surface = true;
    settings.camera = OrbitCamera{15.0f, 60.0f, 0.8f};
    const Picture shot = pictureOfField(simulation, view, renderer, settings);
    EXPECT_EQ(shot.image.width, kMinSurfacePictureSide);
    EXPECT_EQ(shot.image.height, kMinSurfacePictureSide / 2);
    bool said = false;
    for (const auto& [key, value] : shot.text) {
        if (key == "heatlab.surface") {
            said = true;
            EXPECT_EQ(value, "yaw 15 pitch 60 distance 0.8");
        }
    }
    EXPECT_TRUE(said);
}

}  // namespace
}  // namespace heatlab
