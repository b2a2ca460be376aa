// The lecture's parts that need no GL, driven without a window: the rates
// the panel shows, and the watch that pauses an overflowed run.

#include <cmath>
#include <limits>
#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "app/lecture/field_notice.h"
#include "app/lecture/field_watch.h"
#include "app/lecture/rate_meter.h"
#include "kernels/cpu/cpu_backend.h"

namespace heatlab {
namespace {

TEST(RateMeter, ShowsTheFirstFramesThenEveryHalfSecond) {
    RateMeter meter(10.0);
    Rates rates;
    EXPECT_FALSE(meter.frame(10.1, 5, 0.0, rates));  // one frame: nothing to average yet
    EXPECT_TRUE(meter.frame(10.2, 5, 2e8, rates));   // from the second frame on
    EXPECT_NEAR(rates.frameMs, 100.0, 1e-9);
    EXPECT_NEAR(rates.stepsPerSecond, 50.0, 1e-9);
    EXPECT_NEAR(rates.copyGBs, 1.0, 1e-9);
    EXPECT_TRUE(meter.frame(10.5, 5, 5e8, rates));  // the half second ends
    EXPECT_NEAR(rates.stepsPerSecond, 30.0, 1e-9);
    // Inside the next half second nothing changes until it ends.
    EXPECT_FALSE(meter.frame(10.6, 10, 5e8, rates));
    EXPECT_FALSE(meter.frame(10.7, 10, 5e8, rates));
    EXPECT_TRUE(meter.frame(11.0, 10, 5e8, rates));
    EXPECT_NEAR(rates.stepsPerSecond, 60.0, 1e-9);
    EXPECT_NEAR(rates.copyGBs, 0.0, 1e-9);
}

// Past the bound the field overflows; the watch pauses the run and says at
// which step and why, and a stable run is left running.
TEST(FieldWatch, PausesAnOverflowedRunSayingWhy) {
    Params params;
    params.grid = GridSize{34, 34};
    params.r = 0.3f;
    Simulation simulation(std::make_unique<CpuBackend>(), params);
    LectureSettings settings;
    settings.running = true;
    PanelReadouts readouts;
    FieldWatch watch;
    for (int frame = 0; frame < 400 && settings.running; ++frame) {
        simulation.advance(10);
        watch.frame(simulation, settings, readouts, false);
    }
    EXPECT_FALSE(settings.running);
    EXPECT_FALSE(std::isfinite(readouts.maxAbs));
    EXPECT_NE(readouts.message.find("paused at step"), std::string::npos) << readouts.message;
    EXPECT_NE(readouts.message.find("is negative"), std::string::npos) << readouts.message;
    // Why, from the grid's own bound (34 x 34: r = 0.2506), not |1 - 8r|'s.
    EXPECT_NE(
        readouts.message.find("Past this grid's bound r = 0.2506 its checkerboard grew x1.3946"),
        std::string::npos)
        << readouts.message;

    params.r = 0.24f;
    Simulation stable(std::make_unique<CpuBackend>(), params);
    LectureSettings running;
    PanelReadouts calm;
    FieldWatch quiet;
    for (int frame = 0; frame < 20; ++frame) {
        stable.advance(10);
        quiet.frame(stable, running, calm, false);
    }
    EXPECT_TRUE(running.running);
    EXPECT_TRUE(calm.message.empty());
    EXPECT_FALSE(calm.stability.steps().empty());
}

TEST(FieldNotice, AMessageShowsForSecondsThenFades) {
    FieldNotice notice;
    notice.frame("", true, 0.0);
    EXPECT_EQ(notice.strength(0.0), 0.0);
    notice.frame("saved shot.png", true, 10.0);
    EXPECT_EQ(notice.text(), "saved shot.png");
    EXPECT_EQ(notice.strength(10.0 + kNoticeSeconds), 1.0);
    EXPECT_NEAR(notice.strength(10.0 + kNoticeSeconds + kNoticeFadeSeconds / 2), 0.5, 1e-9);
    EXPECT_EQ(notice.strength(10.0 + kNoticeSeconds + kNoticeFadeSeconds), 0.0);
    notice.frame("saved shot.png", true, 11.0);  // the same line again is no new notice
    EXPECT_EQ(notice.strength(10.0 + kNoticeSeconds + kNoticeFadeSeconds), 0.0);
}

TEST(FieldNotice, APauseStaysUntilTheRunGoesOnThenFades) {
    FieldNotice notice;
    notice.frame("", true, 0.0);
    notice.frame("paused at step 9", false, 1.0);
    EXPECT_EQ(notice.strength(1000.0), 1.0);
    notice.frame("paused at step 9", false, 1000.0);
    EXPECT_EQ(notice.strength(1000.0), 1.0);
    notice.frame("paused at step 9", true, 1001.0);  // Run
    EXPECT_LT(notice.strength(1001.0 + kNoticeFadeSeconds / 2), 1.0);
    EXPECT_EQ(notice.strength(1001.0 + kNoticeFadeSeconds), 0.0);
}

TEST(FieldNotice, AMessageWhilePausedByHandFades) {
    FieldNotice notice;
    notice.frame("", false, 0.0);
    notice.frame("saved shot.png", false, 1.0);
    EXPECT_EQ(notice.strength(1.0 + kNoticeSeconds + kNoticeFadeSeconds), 0.0);
}

}  // namespace
}  // namespace heatlab
