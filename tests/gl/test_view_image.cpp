// The minified view's image, made where the field lives (here by the CPU
// backend's threads; on the GPU tier by CUDA), and the draw that reads it:
// the picture is the exact formula (kernels/numerics/view_image.h) pixel
// by pixel, under either sampling rule, narrow footprints and wide.

#include <cmath>
#include <cstdlib>
#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "app/platform/headless_context.h"
#include "app/render/frame.h"
#include "app/render/offscreen_target.h"
#include "kernels/cpu/cpu_backend.h"

namespace heatlab {
namespace {

class ViewImage : public ::testing::Test {
protected:
    // The unstable field of `grid` after `steps` steps at r = 0.26: a
    // checkerboard at the hot square's corners, the extremes rule's case.
    Simulation unstable(const GridSize& grid, int steps) {
        Params p;
        p.grid = grid;
        p.r = 0.26f;
        Simulation simulation(std::make_unique<CpuBackend>(), p);
        simulation.advance(steps);
        return simulation;
    }

    HeadlessContext context;
    FieldRenderer renderer;
    GlField view;
};

FrameSettings lockedDiverging(const ViewTransform& transform) {
    FrameSettings s;
    s.path = DisplayPath::ViaHost;
    s.map = ColourMap::Diverging;
    s.range = ColourRange{false, -1.0f, 1.0f};
    s.view = transform;
    return s;
}

// Every pixel against the formula's value, within one level a channel.
void expectFormula(const RgbImage& picture, const std::vector<float>& field, const GridSize& grid,
                   const ViewSampling& sampling) {
    int off = 0;
    for (int py = 0; py < sampling.height; ++py) {
        for (int px = 0; px < sampling.width; ++px) {
            const float v = viewPixel(field.data(), grid.nx, grid.ny, sampling, px, py);
            const Rgb8 want = colourOfValue(ColourMap::Diverging, v, -1.0f, 1.0f);
            const std::uint8_t* got = picture.at(px, py);
            const bool outside = v == 0.0f && got[0] == kBackground.r && got[1] == kBackground.g &&
                                 got[2] == kBackground.b;
            if (!outside && (std::abs(got[0] - want.r) > 1 || std::abs(got[1] - want.g) > 1 ||
                             std::abs(got[2] - want.b) > 1)) {
                ++off;
            }
        }
    }
    EXPECT_EQ(off, 0) << sampling.cellsPerPixel << " cells a pixel"
                      << (sampling.nearest ? ", nearest" : ", extremes");
}

TEST_F(ViewImage, TheMinifiedPictureIsTheFormulaUnderEitherRule) {
    const GridSize grid{301, 203};
    Simulation simulation = unstable(grid, 60);
    const std::vector<float> field = simulation.fieldOnHost();
    for (const ViewTransform transform :
         {fitView(grid.nx, grid.ny, 121, 82), ViewTransform{{140.3f, 90.7f}, 1.37f},
          ViewTransform{{150.0f, 100.0f}, 11.0f}}) {
        for (const Sampling rule : {Sampling::Extremes, Sampling::Nearest}) {
            OffscreenTarget target(121, 82);
            const auto bound = target.bind();
            FrameSettings settings = lockedDiverging(transform);
            settings.sampling = rule;
            runFrame(simulation, view, renderer, settings, 0, 0, 121, 82, false);
            ASSERT_TRUE(view.drawn() && view.drawn()->image) << "minified: the image was made";
            ViewSampling sampling = viewSamplingOf(transform, 121, 82);
            sampling.nearest = rule == Sampling::Nearest;
            EXPECT_TRUE(*view.drawn()->image == sampling);
            expectFormula(target.read(), field, grid, sampling);
        }
    }
}

TEST_F(ViewImage, WideFootprintsAreTheExactFormulaPixelByPixel) {
    // 20 cells a pixel: the shader alone read these at a stride of 3.
    const GridSize grid{1000, 1000};
    Simulation simulation = unstable(grid, 40);
    const ViewTransform transform = fitView(grid.nx, grid.ny, 50, 50);
    OffscreenTarget target(50, 50);
    const auto bound = target.bind();
    const FrameSettings settings = lockedDiverging(transform);
    runFrame(simulation, view, renderer, settings, 0, 0, 50, 50, false);
    const RgbImage picture = target.read();
    const std::vector<float> field = simulation.fieldOnHost();
    const ViewSampling sampling = viewSamplingOf(transform, 50, 50);
    int checked = 0;
    for (int py = 0; py < 50; ++py) {
        for (int px = 0; px < 50; ++px) {
            const float v = viewPixel(field.data(), grid.nx, grid.ny, sampling, px, py);
            const Rgb8 want = colourOfValue(ColourMap::Diverging, v, -1.0f, 1.0f);
            const std::uint8_t* got = picture.at(px, py);
            ASSERT_LE(std::abs(got[0] - want.r), 1) << px << ", " << py << " value " << v;
            ASSERT_LE(std::abs(got[1] - want.g), 1) << px << ", " << py;
            ASSERT_LE(std::abs(got[2] - want.b), 1) << px << ", " << py;
            ++checked;
        }
    }
    EXPECT_EQ(checked, 2500);
}

TEST_F(ViewImage, OneBufferAViewSizeNotAFrame) {
    const GridSize grid{301, 203};
    Simulation simulation = unstable(grid, 10);
    OffscreenTarget target(121, 82);
    const auto bound = target.bind();
    const FrameSettings settings = lockedDiverging(fitView(grid.nx, grid.ny, 121, 82));
    runFrame(simulation, view, renderer, settings, 0, 0, 121, 82, false);
    const GLuint first = view.texture();
    for (int i = 0; i < 5; ++i) {
        runFrame(simulation, view, renderer, settings, 0, 0, 121, 82, false);
    }
    EXPECT_EQ(view.texture(), first) << "the same view size keeps its buffer";
    runFrame(simulation, view, renderer, settings, 0, 0, 100, 82, false);
    EXPECT_TRUE(view.layout() == (DisplayLayout{100, 82}));
}

}  // namespace
}  // namespace heatlab
