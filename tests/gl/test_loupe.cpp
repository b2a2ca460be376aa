// The loupe and the colour bar in the lecture's frame (CPU backend, Mesa):
// the inset's cells alternate on an unstable field at 8 or more pixels a
// cell; the bar sits beside the grid, not the rectangle's edge; a field
// with non-finite cells gets the legend naming their colour; a slide with
// the loupe has it too.

#include <cmath>
#include <cstdlib>
#include <limits>
#include <memory>

#include <gtest/gtest.h>

#include "app/render/slide_picture.h"
#include "kernels/cpu/cpu_backend.h"
#include "tests/gl/lecture_fixture.h"
#include "tests/support/picture_checks.h"

namespace heatlab {
namespace {

class Loupe : public LectureFixture {
protected:
    Loupe() {
        options.params.grid = GridSize{151, 151};
        options.params.r = 0.26f;
        options.picture.map = ColourMap::Diverging;
        options.panelVisible = false;
        options.stepsPerFrame = 40;
        options.explosionDecadesPerSecond = 0.0;  // the fixed steps, also past the bound
    }
};

// Whether the diverging map drew red (> 0) or blue (< 0) at a pixel: +1, -1,
// or 0 when it is near white or grey.
int signAt(const RgbImage& image, int x, int y) {
    const std::uint8_t* p = image.at(x, y);
    const int redOverBlue = static_cast<int>(p[0]) - static_cast<int>(p[2]);
    return redOverBlue > 40 ? 1 : (redOverBlue < -40 ? -1 : 0);
}

// The cells along the inset's middle row, each sampled at its centre.
std::vector<int> signsAcrossTheInset(const RgbImage& image, const LoupeLayout& l) {
    std::vector<int> signs;
    const int y = image.height - 1 - (l.bottom + l.side / 2);
    for (int k = 0; k < kLoupeCellsAcross; ++k) {
        signs.push_back(signAt(image, l.left + k * l.pixelsPerCell + l.pixelsPerCell / 2, y));
    }
    return signs;
}

TEST_F(Loupe, ItShowsByItselfPastTheBoundAndItsCellsAlternate) {
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    run(ui, 5);  // 200 steps at x1.08: the checkerboard is the field's largest part
    const std::optional<LoupeLayout>& l = ui.lastFrame().loupe;
    ASSERT_TRUE(l) << "auto shows the loupe past the grid's bound";
    EXPECT_GE(l->pixelsPerCell, 8);
    const std::vector<int> signs = signsAcrossTheInset(target.read(), *l);
    // The middle cells, around the spot: red and blue in turn.
    for (int k = kLoupeCellsAcross / 2 - 3; k < kLoupeCellsAcross / 2 + 3; ++k) {
        EXPECT_NE(signs[k], 0) << "cell " << k;
        EXPECT_EQ(signs[k], -signs[k + 1]) << "cells " << k << " and " << k + 1;
    }
    // What it looks at is the measured spot, the strongest checkerboard cell.
    const std::vector<float> field = ui.simulation().fieldOnHost();
    const CellSpot spot = strongestCheckerboardSpot(field.data(), options.params.grid);
    EXPECT_NEAR(l->view.centre.x, static_cast<float>(spot.col) + 0.5f, 2.0f);
    EXPECT_NEAR(l->view.centre.y, static_cast<float>(spot.row) + 0.5f, 2.0f);
}

TEST_F(Loupe, AStableRunShowsNoneUntilMAsksForIt) {
    options.params.r = 0.24f;
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    run(ui, 2);
    EXPECT_FALSE(ui.lastFrame().loupe);
    ui.onKey(Key::M, false);
    run(ui, 1);
    EXPECT_TRUE(ui.lastFrame().loupe);
    EXPECT_EQ(ui.settings().loupe, LoupeMode::On);
    ui.onKey(Key::M, false);
    run(ui, 1);
    EXPECT_FALSE(ui.lastFrame().loupe);
}

TEST_F(Loupe, HoldingZTheLoupeFollowsTheCursor) {
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    run(ui, 2);
    // The fitted grid: 151 cells over the field's 400 rows, centred.
    ui.onCursor(120.0, 60.0);
    ui.onKey(Key::Z, false);
    run(ui, 1);
    const std::optional<LoupeLayout> followed = ui.lastFrame().loupe;
    ui.onKeyReleased(Key::Z);
    run(ui, 1);
    const std::optional<LoupeLayout> pinned = ui.lastFrame().loupe;
    ASSERT_TRUE(followed && pinned);
    EXPECT_NE(followed->view.centre, pinned->view.centre);
    EXPECT_LT(followed->view.centre.y, 40.0f) << "the cursor is near the top";
}

TEST_F(Loupe, TheColourBarSitsBesideTheGridWithThePanelHidden) {
    options.params.r = 0.24f;
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    run(ui, 2);
    const RgbImage image = target.read();
    // The square grid fills the 400 rows, centred in the field's width: its
    // right edge is the first background column right of the middle.
    const int y = image.height / 2;
    int gridRight = image.width / 3;
    while (gridRight < image.width && pixelsOfColour(image, y, gridRight + 1, kBackground) ==
                                          pixelsOfColour(image, y, gridRight, kBackground)) {
        ++gridRight;
    }
    ASSERT_LT(gridRight, image.width - 100) << "the grid leaves background right of it";
    int bar = gridRight;
    while (bar < image.width && std::abs(image.at(bar, y)[0] - kBackground.r) <= 2) {
        ++bar;
    }
    EXPECT_LT(bar - gridRight, 30) << "the bar starts " << bar - gridRight << " px from the grid";
}

TEST_F(Loupe, NonFiniteCellsGetALegendNamingTheirColour) {
    options.params.r = 0.24f;
    options.running = false;
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    run(ui, 2);
    const auto legendPixels = [&] {
        const RgbImage image = target.read();
        int count = 0;
        // Right of the grid (which may show the colour itself).
        for (int y = 0; y < image.height; ++y) {
            count += pixelsOfColour(image, y, image.width, kNanColour) -
                     pixelsOfColour(image, y, image.width * 3 / 4, kNanColour);
        }
        return count;
    };
    EXPECT_EQ(legendPixels(), 0) << "a finite field has no legend";
    ui.simulation().backend().paint(75.0f, 75.0f, 3.0f, std::numeric_limits<float>::quiet_NaN());
    run(ui, 3);  // the range is read back a frame or two late
    EXPECT_GT(legendPixels(), 20);
}

TEST_F(Loupe, ASlideWithTheLoupeHasItsAlternatingCells) {
    Simulation simulation(std::make_unique<CpuBackend>(), options.params);
    GlField view;
    FieldRenderer renderer;
    FrameSettings settings = frameSettingsOf(options, 200, std::nullopt);
    settings.loupe.shown = true;
    const Picture slide = slidePicture(simulation, view, renderer, settings, 1280, 720);
    ASSERT_TRUE(slide.frame.loupe);
    TextOverlay text(slideLineHeight(720));
    const SlideLayout layout = slideLayout(options.params.grid, 1280, 720, text);
    LoupeLayout inPicture = *slide.frame.loupe;
    inPicture.left += layout.fieldLeft;
    inPicture.bottom += layout.fieldBottom;
    const std::vector<int> signs = signsAcrossTheInset(slide.image, inPicture);
    for (int k = kLoupeCellsAcross / 2 - 3; k < kLoupeCellsAcross / 2 + 3; ++k) {
        EXPECT_NE(signs[k], 0) << "cell " << k;
        EXPECT_EQ(signs[k], -signs[k + 1]) << "cells " << k << " and " << k + 1;
    }
}

}  // namespace
}  // namespace heatlab
