// The explosion on cue, in simulated time (the lecture's clock advanced a
// frame's worth each frame): past the grid's own bound it lasts 10 to 30 s
// from the first visible checkerboard to the pause, at the defaults, and
// under every pace it pauses with a finite field and says why.

#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/lecture/run/explosion_pace.h"
#include "kernels/cpu/cpu_backend.h"
#include "kernels/numerics/grid_modes.h"
#include "tests/gl/lecture_fixture.h"

namespace heatlab {
namespace {

// Five frames a second of simulated time: the steps a second are the pace's
// whatever the frame rate, and fewer frames keep the test short.
constexpr double kFrameSeconds = 1.0 / 5.0;
// The checkerboard is visible when its amplitude is a hundredth of the
// initial field's largest value (1).
constexpr double kVisibleAmplitude = 1e-2;

struct ExplosionRun {
    bool paused = false;
    double visibleAt = -1.0;  // simulated seconds
    double pausedAt = -1.0;
    std::string message;
    std::vector<float> field;
};

class Explosion : public LectureFixture {
protected:
    // Frames a frame's worth of simulated time apart.
    void frame(LectureUi& ui) {
        now_ += kFrameSeconds;
        ui.frame(surface);
    }

    ExplosionRun runUntilPaused(LectureUi& ui, int maxFrames) {
        now_ = 0.0;
        ui.setClock([this] { return now_; });
        ExplosionRun result;
        const auto bound = target.bind();
        for (int frame = 0; frame < maxFrames && ui.settings().running; ++frame) {
            this->frame(ui);
            const std::vector<double>& amplitude = ui.readouts().stability.amplitude();
            if (result.visibleAt < 0.0 && !amplitude.empty() &&
                std::fabs(amplitude.back()) >= kVisibleAmplitude) {
                result.visibleAt = now_;
            }
        }
        result.paused = !ui.settings().running;
        result.pausedAt = now_;
        result.message = ui.lectureReadouts().message;
        result.field = ui.simulation().fieldOnHost();
        return result;
    }

    // The share of the notice band's pixels that are near black: the band's
    // own colour, which no colour map gives the field.
    double darkShareOfBand(const LectureUi& ui) {
        const OverlayBand& band = ui.overlays().leadNotice;
        if (band.width <= 0.0f || band.height <= 0.0f) {
            return 0.0;
        }
        const RgbImage image = target.read();
        long long dark = 0;
        long long all = 0;
        for (int y = static_cast<int>(band.y); y < static_cast<int>(band.y + band.height); ++y) {
            for (int x = static_cast<int>(band.x); x < static_cast<int>(band.x + band.width); ++x) {
                const std::uint8_t* p = image.at(x, y);
                dark += (p[0] < 48 && p[1] < 48 && p[2] < 56) ? 1 : 0;
                ++all;
            }
        }
        return static_cast<double>(dark) / static_cast<double>(all);
    }
};

bool allFinite(const std::vector<float>& field) {
    for (float v : field) {
        if (!std::isfinite(v)) {
            return false;
        }
    }
    return true;
}

TEST_F(Explosion, AtTheDefaultsItLastsTenToThirtySecondsAndEndsFinite) {
    for (const GridSize grid : {GridSize{256, 256}, GridSize{301, 203}}) {
        options = LectureSettings{};
        options.params.grid = grid;
        options.params.r = 0.26f;
        LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
        const ExplosionRun run = runUntilPaused(ui, static_cast<int>(60.0 / kFrameSeconds));
        ASSERT_TRUE(run.paused) << "no pause within a minute";
        ASSERT_GE(run.visibleAt, 0.0) << "the checkerboard never showed";
        const double span = run.pausedAt - run.visibleAt;
        std::printf("%d x %d: visible at %.1f s, paused at %.1f s: %.1f s\n", grid.nx, grid.ny,
                    run.visibleAt, run.pausedAt, span);
        EXPECT_GE(span, 10.0) << grid.nx << " x " << grid.ny;
        EXPECT_LE(span, 30.0) << grid.nx << " x " << grid.ny;
        EXPECT_TRUE(allFinite(run.field));
        EXPECT_EQ(run.message.rfind("paused at step ", 0), 0u) << run.message;
        EXPECT_NE(run.message.find("before the floats overflow"), std::string::npos) << run.message;
    }
}

TEST_F(Explosion, EveryPaceEvenTheLargestStepCountPausesOnAFiniteField) {
    struct Case {
        Pace pace;
        int stepsPerFrame;
        float r;
    };
    for (const Case c :
         {Case{Pace::FixedSteps, kMaxStepsPerFrame, 0.26f},
          Case{Pace::FixedSteps, kMaxStepsPerFrame, 1.0f}, Case{Pace::FrameBudget, 10, 0.3f},
          Case{Pace::StepsPerSecond, 10, 0.26f}}) {
        options.params.r = c.r;
        options.pace = c.pace;
        options.stepsPerFrame = c.stepsPerFrame;
        options.stepsPerSecond = kMaxStepsPerSecond;
        options.explosionDecadesPerSecond = 0.0;  // the pace as chosen, also past the bound
        LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
        const ExplosionRun paused = runUntilPaused(ui, 3000);
        ASSERT_TRUE(paused.paused) << name(c.pace) << " at r " << c.r;
        EXPECT_TRUE(allFinite(paused.field)) << name(c.pace) << " at r " << c.r;
        EXPECT_EQ(paused.message.rfind("paused at step ", 0), 0u) << paused.message;
        // Run again: it stays paused, the field untouched.
        ui.settings().running = true;
        const auto bound = target.bind();
        frame(ui);
        EXPECT_FALSE(ui.settings().running);
        EXPECT_EQ(ui.simulation().fieldOnHost(), paused.field);
    }
}

// The pause's reason stays on the field while paused, a screenshot's notice
// below it, not in its place; Run there says why it cannot go on and what
// will, in one line, and the reason is still there; so does N.
TEST_F(Explosion, ThePauseExplainsItselfThroughAScreenshotAndARun) {
    options.params.r = 0.26f;
    options.stepsPerFrame = 50;
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    ui.pictures().panel().folder = ::testing::TempDir();
    const ExplosionRun paused = runUntilPaused(ui, 3000);
    ASSERT_TRUE(paused.paused);
    const auto bound = target.bind();
    ui.pictures().take(PixelSize{640, 400});
    frame(ui);
    std::vector<FieldNotice::Line> shown = ui.notice().shown(now_ + 60.0);
    ASSERT_FALSE(shown.empty());
    EXPECT_EQ(shown.front().text.rfind("paused at step ", 0), 0u) << shown.front().text;
    EXPECT_NE(shown.front().text.find("R resets, or lower r"), std::string::npos)
        << "the field says what to do: " << shown.front().text;
    shown = ui.notice().shown(now_);
    ASSERT_EQ(shown.size(), 2u);
    EXPECT_EQ(shown[1].text.rfind("saved heatlab_", 0), 0u)
        << "the file's name, not its path: " << shown[1].text;
    EXPECT_EQ(ui.lectureReadouts().message.rfind("saved " + ::testing::TempDir(), 0), 0u)
        << "the panel has the whole path: " << ui.lectureReadouts().message;

    ui.settings().running = true;  // Run
    frame(ui);
    EXPECT_FALSE(ui.settings().running);
    EXPECT_EQ(ui.simulation().fieldOnHost(), paused.field);
    const std::string& said = ui.lectureReadouts().message;
    EXPECT_EQ(said.rfind("cannot go on: ", 0), 0u) << said;
    EXPECT_NE(said.find("R resets the field, or lower r"), std::string::npos) << said;
    EXPECT_EQ(said.find('\n'), std::string::npos) << said;
    shown = ui.notice().shown(now_);
    ASSERT_EQ(shown.size(), 2u);
    EXPECT_EQ(shown[0].text.rfind("paused at step ", 0), 0u) << "still the reason on top";
    EXPECT_EQ(shown[1].text, said);

    // N there says the same: one step would pass where the floats overflow.
    now_ += kNoticeSeconds + kNoticeFadeSeconds;  // the Run's line gone
    frame(ui);
    ASSERT_EQ(ui.notice().shown(now_).size(), 1u);
    ui.onKey(Key::N, false);
    frame(ui);
    EXPECT_EQ(ui.simulation().fieldOnHost(), paused.field);
    shown = ui.notice().shown(now_);
    ASSERT_EQ(shown.size(), 2u) << "N said nothing";
    EXPECT_EQ(shown[1].text.rfind("cannot go on: ", 0), 0u) << shown[1].text;
}

TEST_F(Explosion, AStableGridKeepsTheChosenPace) {
    options.params.r = 0.25f;  // below a finite grid's own bound
    options.stepsPerFrame = 7;
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    run(ui, 3);
    EXPECT_EQ(ui.simulation().stepCount(), 21);
    EXPECT_TRUE(ui.settings().running);
}

TEST(ExplosionPace, StepsASecondGrowTheModeByTheDecadesAsked) {
    const double factor = -1.08;
    const double rate = explosionStepsPerSecond(factor, 1.5);
    EXPECT_NEAR(rate * std::log10(1.08), 1.5, 1e-12);
    EXPECT_EQ(explosionStepsPerSecond(0.99, 1.5), 0.0);
    EXPECT_EQ(explosionStepsPerSecond(-1.0, 1.5), 0.0);
    EXPECT_EQ(explosionStepsPerSecond(-1.5, 0.0), 0.0);
}

TEST(ExplosionPace, TheStepsBeforeThePauseCountTheStepsSinceTheMeasure) {
    const AmplitudeSample measured{100, 1.0};
    const long long all = *stepsBeforePause(-10.0, measured, 100);
    EXPECT_EQ(all, 29);  // 10^29 < 1e30, 10^30 is not below it
    EXPECT_EQ(*stepsBeforePause(-10.0, measured, 110), 19);
    EXPECT_EQ(*stepsBeforePause(-10.0, measured, 200), 0);
    EXPECT_EQ(*stepsBeforePause(-10.0, AmplitudeSample{0, INFINITY}, 0), 0);
    EXPECT_EQ(*stepsBeforePause(-10.0, AmplitudeSample{0, NAN}, 0), 0);
    EXPECT_FALSE(stepsBeforePause(0.5, measured, 100).has_value());
}

}  // namespace
}  // namespace heatlab
