// The A/B split in the lecture's frame (CPU backend, Mesa): B splits and
// joins; both panes are drawn, alike for equal settings; the difference view
// of equal panes is zero's white; a pane B past the bound pauses both panes
// before its floats overflow, at the same step; each pane has its own
// loupe; `shot --ui --split` draws
// both panes into its PNG.

#include <array>
#include <cmath>
#include <memory>

#include <gtest/gtest.h>

#include "app/io/png_file.h"
#include "kernels/cpu/cpu_backend.h"
#include "tests/gl/lecture_fixture.h"
#include "tests/support/run_command.h"

namespace heatlab {
namespace {

class Split : public LectureFixture {
protected:
    Split() {
        options.panelVisible = false;
        options.params.grid = GridSize{61, 61};
    }
    // A clock a minute a frame: the notice the split says has faded before
    // the picture is read, and the panes' middles are clear of it.
    void quickClock(LectureUi& ui) {
        ui.setClock([t = 0.0]() mutable { return t += 60.0; });
    }
};

// The pixel at the middle of pane `pane` (0: A, 1: B): RGB.
std::array<int, 3> paneMiddle(const RgbImage& image, LectureUi& ui, int pane) {
    const PaneRect r = ui.pane(static_cast<std::size_t>(pane)).rect();
    const std::uint8_t* p = image.at(r.x + r.width / 2, image.height / 2);
    return {p[0], p[1], p[2]};
}

TEST_F(Split, BSplitsAndJoins) {
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    run(ui, 2);
    ui.onKey(Key::B, false);
    run(ui, 3);
    ASSERT_EQ(ui.paneCount(), 2u) << ui.lectureReadouts().message;
    EXPECT_FALSE(ui.pane(1).run().readouts().backend.empty()) << "pane B shows its backend";
    EXPECT_EQ(ui.pane(1).run().simulation().stepCount(), ui.simulation().stepCount())
        << "both panes run the same steps";
    ui.onKey(Key::B, false);
    run(ui, 1);
    EXPECT_EQ(ui.paneCount(), 1u);
}

// Each pane keeps its own readouts: pane B's backend, kernels, max |u| and
// timed frame are in pane B's (where the panel's A/B section reads them),
// measured of pane B, not copied into pane A's.
TEST_F(Split, EachPaneKeepsItsOwnReadouts) {
    options.panelVisible = true;
    options.comparison.split = true;
    options.comparison.b.r = 0.3f;  // past the bound: B's max |u| grows, A's falls
    options.stepsPerFrame = 50;
    options.explosionDecadesPerSecond = 0.0;
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    quickClock(ui);  // every frame timed
    run(ui, 4);
    ASSERT_EQ(ui.paneCount(), 2u) << ui.lectureReadouts().message;
    const PaneReadouts& a = ui.readouts();
    PaneRun& runB = ui.pane(1).run();
    const PaneReadouts& b = runB.readouts();
    EXPECT_EQ(b.backend, runB.control().backendText());
    EXPECT_EQ(b.kernels, runB.simulation().backend().stencilKernels());
    ASSERT_TRUE(a.breakdown);
    ASSERT_TRUE(b.breakdown) << "pane B's timed frame, in pane B's readouts";
    EXPECT_GT(b.breakdown->stepsTimed, 0);
    EXPECT_GT(b.maxAbs, 10.0f * a.maxAbs) << "B's own max |u|, past the bound";
    EXPECT_TRUE(ui.panelLayout().comparison.drawn) << "the A/B section, from B's readouts";
}

TEST_F(Split, BothPanesAreDrawnAlikeForEqualSettings) {
    options.comparison.split = true;
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    quickClock(ui);
    run(ui, 4);
    const RgbImage image = target.read();
    const std::array<int, 3> a = paneMiddle(image, ui, 0);
    const std::array<int, 3> b = paneMiddle(image, ui, 1);
    EXPECT_EQ(a, b);
    EXPECT_GT(a[0] + a[1] + a[2], 3 * 60) << "the hot square, not the background";
    EXPECT_EQ(ui.lectureReadouts().comparison.difference.maxAbs, 0.0);
}

TEST_F(Split, TheDifferenceOfEqualPanesIsZerosWhite) {
    options.comparison.split = true;
    options.comparison.difference = true;
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    quickClock(ui);
    run(ui, 4);
    const RgbImage image = target.read();
    const std::array<int, 3> b = paneMiddle(image, ui, 1);
    const Rgb8 zero = colourAt(ColourMap::Diverging, 0.5f);
    EXPECT_NEAR(b[0], zero.r, 2);
    EXPECT_NEAR(b[1], zero.g, 2);
    EXPECT_NEAR(b[2], zero.b, 2);
}

TEST_F(Split, PaneBPastTheBoundPausesBothBeforeOverflow) {
    options.params.r = 0.24f;
    options.comparison.split = true;
    options.comparison.b.r = 0.26f;
    options.stepsPerFrame = 400;
    options.explosionDecadesPerSecond = 0.0;  // the fixed steps past the bound too
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    for (int frame = 0; frame < 40 && ui.settings().running; ++frame) {
        run(ui, 1);
    }
    EXPECT_FALSE(ui.settings().running) << "x1.08 a step overflows in about 1100 steps";
    Simulation& b = ui.pane(1).run().simulation();
    EXPECT_EQ(b.stepCount(), ui.simulation().stepCount());
    const float maxAbs = b.backend().maxAbs();
    EXPECT_TRUE(std::isfinite(maxAbs));
    EXPECT_GT(maxAbs, 1e20f);
    EXPECT_NE(ui.lectureReadouts().message.find("pane B"), std::string::npos)
        << ui.lectureReadouts().message;
}

// Each pane has its own loupe, on its own field: pane B past the bound
// shows its checkerboard at its own spot while pane A below it shows none
// (the loupe's auto mode), and both when M turns it on.
TEST_F(Split, EachPaneHasItsOwnLoupe) {
    options.params.r = 0.24f;
    options.comparison.split = true;
    options.comparison.b.r = 0.26f;
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    run(ui, 4);
    ASSERT_EQ(ui.paneCount(), 2u) << ui.lectureReadouts().message;
    EXPECT_FALSE(ui.pane(0).lastFrame().loupe) << "pane A is stable";
    ASSERT_TRUE(ui.pane(1).lastFrame().loupe) << "pane B is past the bound";
    const LoupeLayout& b = *ui.pane(1).lastFrame().loupe;
    EXPECT_LE(b.left + b.side, ui.pane(1).rect().width) << "inside pane B";
    ui.onKey(Key::M, false);
    run(ui, 2);
    EXPECT_TRUE(ui.pane(0).lastFrame().loupe);
    EXPECT_TRUE(ui.pane(1).lastFrame().loupe);
}

TEST(SplitShot, TheUiShotDrawsBothPanes) {
    const std::string out = ::testing::TempDir() + "heatlab_split_shot.png";
    const CommandResult result = runHeatlab(
        "shot --ui --backend cpu --grid 96 --r 0.25 --split r=0.26,kernel=temporal --steps 60 "
        "--out " +
        out);
    ASSERT_EQ(result.status, 0) << result.err;
    const DecodedPng picture = readPng(out);
    EXPECT_EQ(picture.image.width, 1280);
    EXPECT_EQ(picture.image.height, 800);
    bool paneB = false;
    for (const auto& [key, value] : picture.text) {
        if (key == "Pane B") {
            paneB = true;
            EXPECT_NE(value.find("temporal, r = 0.2600"), std::string::npos) << value;
        }
    }
    EXPECT_TRUE(paneB) << "the PNG says what pane B ran";
}

}  // namespace
}  // namespace heatlab

namespace heatlab {
namespace {

TEST(SplitShot, TheSlideHoldsBothPanesSideBySide) {
    const std::string out = ::testing::TempDir() + "heatlab_split_slide.png";
    const CommandResult result = runHeatlab(
        "shot --slide 960x540 --backend cpu --grid 80 --r 0.25 --split r=0.26 "
        "--colormap diverging --steps 300 --out " +
        out);
    ASSERT_EQ(result.status, 0) << result.err;
    const DecodedPng picture = readPng(out);
    EXPECT_EQ(picture.image.width, 960);
    EXPECT_EQ(picture.image.height, 540);
    std::string paneB;
    for (const auto& [key, value] : picture.text) {
        if (key.rfind("Pane B ", 0) == 0) {
            paneB += key + ": " + value + "\n";
        }
    }
    EXPECT_NE(paneB.find("0.26"), std::string::npos) << "pane B's chunks name its r:\n" << paneB;
    // Pane B's half is past the bound: red and blue cells side by side in
    // its middle row; pane A's half is smooth there.
    const auto turns = [&](int from, int to) {
        int count = 0;
        int last = 0;
        const int y = picture.image.height / 2;
        for (int x = from; x < to; ++x) {
            const std::uint8_t* p = picture.image.at(x, y);
            const int sign = p[0] > p[2] + 40 ? 1 : (p[2] > p[0] + 40 ? -1 : 0);
            if (sign != 0 && last != 0 && sign != last) {
                ++count;
            }
            last = sign != 0 ? sign : last;
        }
        return count;
    };
    EXPECT_LE(turns(0, 480), 2);
    EXPECT_GE(turns(480, 960), 6);
}

}  // namespace
}  // namespace heatlab
