// Issue 46: every grid the backend holds, on screen. The display's GL
// memory follows the view, not the grid (kernels/display_layout.h: the
// cells in view, or a minified view's image, and the loupe's cells), so a
// grid past the GL's buffer texture limit is drawn. The test hook of
// app/render/gl_limits.h lowers the limit below a test grid's cells on
// Mesa: every view (minified under either rule, one cell a pixel,
// magnified, the loupe, the surface, a split and its difference view) is
// then the very picture drawn under the GL's own limit, pixel for pixel; a
// picture at one pixel a cell past a lowered target side comes in tiles,
// the same pixels; and the GL buffers and textures the display holds are
// the same bytes for two grids four times apart.

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/picture/display_plan.h"
#include "app/platform/headless_context.h"
#include "app/render/field_picture.h"
#include "app/render/frame.h"
#include "app/render/gl_limits.h"
#include "app/render/offscreen_target.h"
#include "kernels/cpu/cpu_backend.h"
#include "tests/support/scoped_env.h"

namespace heatlab {
namespace {

constexpr int kWidth = 160;
constexpr int kHeight = 120;
const GridSize kGrid{400, 300};
// Texels a third of the grid's cells: room for a 160 x 120 view's buffer
// (about 21 000 values), not for the grid.
const std::string kLowered = "40000";

// An unstable field: a checkerboard at the hot square's corners, the
// extremes rule's case and the loupe's.
std::unique_ptr<Simulation> unstable(const GridSize& grid, int steps) {
    Params p;
    p.grid = grid;
    p.r = 0.26f;
    auto simulation = std::make_unique<Simulation>(std::make_unique<CpuBackend>(), p);
    simulation->advance(steps);
    return simulation;
}

struct View {
    std::string name;
    FrameSettings settings;
};

// The views a lecture draws, at no steps: the field as it is.
std::vector<View> views() {
    std::vector<View> all;
    const auto add = [&all](const std::string& name, const std::function<void(FrameSettings&)>& f) {
        FrameSettings s;
        s.path = DisplayPath::ViaHost;
        f(s);
        all.push_back({name, s});
    };
    add("minified, extremes", [](FrameSettings&) {});
    add("minified, nearest", [](FrameSettings& s) { s.sampling = Sampling::Nearest; });
    add("one cell a pixel", [](FrameSettings& s) {
        s.view = ViewTransform{{150.5f, 102.0f}, 1.0f};
    });
    add("magnified at the corner", [](FrameSettings& s) {
        s.view = ViewTransform{{12.3f, 290.8f}, 0.2f};
    });
    add("a locked range, signed-log", [](FrameSettings& s) {
        s.view = ViewTransform{{200.0f, 150.0f}, 0.6f};
        s.scale = ColourScale::SignedLog;
        s.range = ColourRange{false, -2.0f, 2.0f};
    });
    add("the loupe, told where", [](FrameSettings& s) {
        s.loupe.shown = true;
        s.loupe.centre = glm::vec2(151.5f, 100.5f);
    });
    add("the loupe at the spot", [](FrameSettings& s) { s.loupe.shown = true; });
    add("the surface, minified", [](FrameSettings& s) { s.surface = true; });
    add("the surface of cells", [](FrameSettings& s) {
        s.surface = true;
        s.view = ViewTransform{{150.0f, 100.0f}, 0.2f};
    });
    return all;
}

class WindowedDisplay : public ::testing::Test {
protected:
    RgbImage draw(Simulation& simulation, GlField& view, const FrameSettings& settings) {
        OffscreenTarget picture(kWidth, kHeight);
        const auto bound = picture.bind();
        runFrame(simulation, view, renderer, settings, 0, 0, kWidth, kHeight, false);
        return picture.read();
    }

    HeadlessContext context;  // first: made first, gone last
    FieldRenderer renderer;
};

TEST_F(WindowedDisplay, EveryViewPastTheLimitIsThePictureUnderTheGlsOwn) {
    const std::unique_ptr<Simulation> simulation = unstable(kGrid, 60);
    for (const View& v : views()) {
        GlField real;
        const RgbImage own = draw(*simulation, real, v.settings);
        const ScopedEnv lowered(kGlTexelsVariable, kLowered);
        ASSERT_LT(glLimits().bufferTexels, static_cast<long long>(kGrid.cells()));
        GlField past;
        const RgbImage drawn = draw(*simulation, past, v.settings);
        EXPECT_TRUE(drawn.pixels == own.pixels) << v.name;
    }
}

// A/B side by side, as the lecture's panes draw them (each its own
// simulation and display, runFrame() into its rectangle of one
// framebuffer: pane A at r = 0.26 with the loupe, pane B at r = 0.25), and
// A - B as the difference view draws it (uploaded from the host's
// difference, display_plan.h's contents): the picture under the GL's own
// limit, pixel for pixel.
TEST_F(WindowedDisplay, ASplitPastTheLimitIsThePictureUnderTheGlsOwn) {
    const std::unique_ptr<Simulation> a = unstable(kGrid, 60);
    std::unique_ptr<Simulation> b = unstable(kGrid, 0);
    Params params = b->params();
    params.r = 0.25f;
    b->setParams(params);
    b->advance(60);
    const auto split = [&] {
        GlField paneA;
        GlField paneB;
        GlField difference;
        OffscreenTarget picture(3 * kWidth, kHeight);
        const auto bound = picture.bind();
        FrameSettings settings;
        settings.path = DisplayPath::ViaHost;
        settings.loupe.shown = true;
        runFrame(*a, paneA, renderer, settings, 0, 0, kWidth, kHeight, false);
        settings.loupe.shown = false;
        runFrame(*b, paneB, renderer, settings, kWidth, 0, kWidth, kHeight, false);
        std::vector<float> aMinusB = a->fieldOnHost();
        const std::vector<float>& fieldB = b->fieldOnHost();
        for (std::size_t i = 0; i < aMinusB.size(); ++i) {
            aMinusB[i] -= fieldB[i];
        }
        const ViewTransform view = fitView(kGrid.nx, kGrid.ny, kWidth, kHeight);
        const DisplayContents contents =
            displayContentsOf(kGrid, DisplayLayout{kWidth, kHeight}, view, kWidth, kHeight,
                              Sampling::Extremes, std::nullopt, std::nullopt);
        difference.prepare(contents.layout, DisplayPath::ViaHost, b->backend());
        difference.uploadFromHost(aMinusB.data(), contents,
                                  rangeOf(aMinusB.data(), aMinusB.size()));
        DrawSettings draw;
        draw.map = ColourMap::Diverging;
        draw.rangeFromField = true;
        renderer.draw(difference.viewValues(), view, draw, 2 * kWidth, 0, kWidth, kHeight);
        return picture.read();
    };
    const RgbImage own = split();
    const ScopedEnv lowered(kGlTexelsVariable, kLowered);
    const RgbImage past = split();
    EXPECT_TRUE(past.pixels == own.pixels);
}

// One pixel a cell past a target side lowered to 128: the picture comes in
// tiles, each holding its own window of cells, the pixels of the GL's own.
TEST_F(WindowedDisplay, AGridResolutionPicturePastTheLimitsComesInTiles) {
    const std::unique_ptr<Simulation> simulation = unstable(kGrid, 60);
    FrameSettings settings;
    settings.path = DisplayPath::ViaHost;
    GlField real;
    const Picture own = pictureOfField(*simulation, real, renderer, settings);
    const ScopedEnv side(kGlSideVariable, "128");
    const ScopedEnv texels(kGlTexelsVariable, kLowered);
    ASSERT_EQ(glLimits().targetSide, 128);
    GlField past;
    const Picture tiled = pictureOfField(*simulation, past, renderer, settings);
    ASSERT_EQ(tiled.image.width, kGrid.nx);
    EXPECT_TRUE(tiled.image.pixels == own.image.pixels);
    EXPECT_TRUE(past.layout() == (DisplayLayout{128, 128})) << "one buffer for every tile";
}

// The bytes of GL buffers and textures the display holds after each view
// (its buffers, the surface's targets): the same for a grid four times
// another's, and a view's worth, not a grid's.
TEST_F(WindowedDisplay, TheDisplaysGlBytesAreTheSameForAGridFourTimesAsLarge) {
    std::vector<std::vector<std::size_t>> held;
    for (const GridSize grid : {kGrid, GridSize{2 * kGrid.nx, 2 * kGrid.ny}}) {
        const std::unique_ptr<Simulation> simulation = unstable(grid, 10);
        FieldRenderer own;
        GlField view;
        std::vector<std::size_t> bytes;
        for (View v : views()) {
            OffscreenTarget picture(kWidth, kHeight);
            const auto bound = picture.bind();
            runFrame(*simulation, view, own, v.settings, 0, 0, kWidth, kHeight, false);
            bytes.push_back(view.glBytes() + own.surface().targetBytes());
            EXPECT_LT(bytes.back(), std::size_t{2} << 20) << v.name << ", " << gridText(grid);
        }
        held.push_back(bytes);
    }
    EXPECT_EQ(held[0], held[1]);
    EXPECT_GT(held[0].front(), 0u);
}

}  // namespace
}  // namespace heatlab
