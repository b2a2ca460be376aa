// Issue 46: every grid the backend holds, on screen. The display's GL
// memory follows the view, not the grid (kernels/display_layout.h: the
// cells in view, or a minified view's image, and the loupe's cells), so a
// grid past the GL's buffer texture limit is drawn. The test hook of
// app/render/gl_limits.h lowers the limit below a test grid's cells on
// Mesa: every view (minified under either rule, one cell a pixel,
// magnified, the loupe, the surface, a split with its difference view) is
// then the very picture drawn under the GL's own limit, pixel for pixel; a
// picture at one pixel a cell past a lowered target side comes in tiles,
// the same pixels; and the GL buffers and textures the display holds are
// the same bytes for two grids four times apart.

#include <array>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/render/field_picture.h"
#include "app/render/frame.h"
#include "app/render/gl_limits.h"
#include "kernels/cpu/cpu_backend.h"
#include "tests/gl/lecture_fixture.h"
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

class WindowedDisplay : public LectureFixture {
protected:
    RgbImage draw(Simulation& simulation, GlField& view, const FrameSettings& settings) {
        OffscreenTarget picture(kWidth, kHeight);
        const auto bound = picture.bind();
        runFrame(simulation, view, renderer, settings, 0, 0, kWidth, kHeight, false);
        return picture.read();
    }

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

// A/B side by side (pane B r = 0.25) and with the difference view, as the
// lecture draws them: the panes' fields below their labels (which show
// times) are the pictures under the GL's own limit.
TEST_F(WindowedDisplay, ASplitPastTheLimitIsThePictureUnderTheGlsOwn) {
    options.panelVisible = false;
    options.params.grid = kGrid;
    options.params.r = 0.26f;
    options.comparison.split = true;
    options.comparison.b.r = 0.25f;
    for (const bool difference : {false, true}) {
        options.comparison.difference = difference;
        std::array<RgbImage, 2> pictures;
        std::vector<PaneRect> rects;
        for (int lowered = 0; lowered < 2; ++lowered) {
            // Panes of 200 x 400 pixels: a limit under the grid's 120 000
            // cells with room for a pane's view.
            std::optional<ScopedEnv> hook;
            if (lowered == 1) {
                hook.emplace(kGlTexelsVariable, "100000");
            }
            LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
            ui.setClock([t = 0.0]() mutable { return t += 60.0; });
            run(ui, 6);
            pictures[lowered] = target.read();
            rects = {ui.pane(0).rect(), ui.pane(1).rect()};
        }
        for (const PaneRect& r : rects) {
            int differ = 0;
            for (int y = r.top + r.height / 2; y < r.top + r.height; ++y) {
                for (int x = r.x; x < r.x + r.width; ++x) {
                    differ += std::memcmp(pictures[0].at(x, y), pictures[1].at(x, y), 3) != 0;
                }
            }
            EXPECT_EQ(differ, 0) << (difference ? "A - B" : "A and B") << ", the pane at " << r.x;
        }
    }
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
