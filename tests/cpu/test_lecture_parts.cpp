// The lecture's parts that need no GL, driven without a window: the rates
// the panel shows, and the watch that pauses an overflowed run.

#include <cmath>
#include <limits>
#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "app/i18n/translation.h"
#include "app/lecture/measures/field_watch.h"
#include "app/lecture/measures/rate_meter.h"
#include "app/lecture/panel/field_notice.h"
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
    PaneReadouts readouts;
    FieldWatch watch;
    std::optional<Notice> paused;
    for (int frame = 0; frame < 400 && settings.running; ++frame) {
        simulation.advance(10);
        paused = watch.frame(simulation, settings, readouts, false);
    }
    EXPECT_FALSE(settings.running);
    EXPECT_FALSE(std::isfinite(readouts.maxAbs));
    ASSERT_TRUE(paused);
    EXPECT_EQ(paused->kind, Notice::Kind::Pause);
    const std::string& said = paused->text;
    EXPECT_NE(said.find("paused at step"), std::string::npos) << said;
    EXPECT_NE(said.find("is negative"), std::string::npos) << said;
    // Why, from the grid's own bound (34 x 34: r = 0.2506), not |1 - 8r|'s.
    EXPECT_NE(said.find("Past this grid's bound r = 0.2506 its checkerboard grew x1.3946"),
              std::string::npos)
        << said;
    EXPECT_EQ(paused->onField().find("Past this grid's bound"), std::string::npos)
        << "the field has the short form: " << paused->onField();

    params.r = 0.24f;
    Simulation stable(std::make_unique<CpuBackend>(), params);
    LectureSettings running;
    PaneReadouts calm;
    FieldWatch quiet;
    for (int frame = 0; frame < 20; ++frame) {
        stable.advance(10);
        EXPECT_FALSE(quiet.frame(stable, running, calm, false));
    }
    EXPECT_TRUE(running.running);
    EXPECT_FALSE(calm.stability.steps().empty());
}

double strengthOf(const FieldNotice& notice, const std::string& text, double now) {
    for (const FieldNotice::Line& line : notice.shown(now)) {
        if (line.text == text) {
            return line.strength;
        }
    }
    return 0.0;
}

TEST(FieldNotice, ANoticeShowsForSecondsThenFadesInBrief) {
    FieldNotice notice;
    EXPECT_TRUE(notice.shown(0.0).empty());
    notice.say(Notice::info("saved /a/long/path/shot.png", "saved shot.png"), 10.0);
    ASSERT_EQ(notice.shown(10.0).size(), 1u);
    EXPECT_EQ(notice.shown(10.0)[0].text, "saved shot.png");
    EXPECT_EQ(strengthOf(notice, "saved shot.png", 10.0 + kNoticeSeconds), 1.0);
    EXPECT_NEAR(
        strengthOf(notice, "saved shot.png", 10.0 + kNoticeSeconds + kNoticeFadeSeconds / 2), 0.5,
        1e-9);
    EXPECT_TRUE(notice.shown(10.0 + kNoticeSeconds + kNoticeFadeSeconds).empty());
    // The same line said again is a new notice: it shows again.
    notice.say(Notice::info("saved /a/long/path/shot.png", "saved shot.png"), 20.0);
    EXPECT_EQ(strengthOf(notice, "saved shot.png", 20.0), 1.0);
}

TEST(FieldNotice, APauseStaysWhilePausedWithTheNewestNoticeBesideItThenFades) {
    FieldNotice notice;
    notice.frame(true, 0.0);
    notice.say(Notice::pause("paused at step 9"), 1.0);
    notice.frame(false, 1.0);
    notice.say(Notice::info("saved shot.png"), 2.0);  // the cue's screenshot at the pause
    std::vector<FieldNotice::Line> shown = notice.shown(3.0);
    ASSERT_EQ(shown.size(), 2u);
    EXPECT_EQ(shown[0].text, "paused at step 9") << "the reason stays on top";
    EXPECT_EQ(shown[1].text, "saved shot.png");
    EXPECT_EQ(strengthOf(notice, "paused at step 9", 1000.0), 1.0);
    EXPECT_EQ(strengthOf(notice, "saved shot.png", 1000.0), 0.0);
    notice.frame(true, 1001.0);  // Run
    EXPECT_LT(strengthOf(notice, "paused at step 9", 1001.0 + kNoticeFadeSeconds / 2), 1.0);
    EXPECT_TRUE(notice.shown(1001.0 + kNoticeFadeSeconds).empty());
}

// A cue's caption has a place of its own: the screenshot the cue takes
// as it starts shows below it, not in its place (the shipped lecture's
// last cue once lost its caption so).
TEST(FieldNotice, ACaptionKeepsItsPlaceBesideTheNoticeItsCueBrings) {
    FieldNotice notice;
    notice.say(Notice::caption("cue 15 of 15: a screenshot of the end"), 1.0);
    notice.say(Notice::info("saved shot.png"), 1.0);
    std::vector<FieldNotice::Line> shown = notice.shown(2.0);
    ASSERT_EQ(shown.size(), 2u);
    EXPECT_EQ(shown[0].text, "cue 15 of 15: a screenshot of the end");
    EXPECT_EQ(shown[1].text, "saved shot.png");
    notice.say(Notice::pause("paused at step 9"), 2.0);
    shown = notice.shown(2.0);
    ASSERT_EQ(shown.size(), 3u);
    EXPECT_EQ(shown[1].text, "paused at step 9");
    notice.say(Notice::caption("cue 16"), 3.0);
    EXPECT_EQ(strengthOf(notice, "cue 15 of 15: a screenshot of the end", 3.0), 0.0)
        << "a new caption replaces the last";
    EXPECT_EQ(strengthOf(notice, "cue 16", 3.0 + kNoticeSeconds), 1.0);
    EXPECT_EQ(strengthOf(notice, "cue 16", 3.0 + kNoticeSeconds + kNoticeFadeSeconds), 0.0);
}

// A pane's notice is named after the pane in the words' language.
TEST(FieldNotice, APanesNoticeIsNamedInTheWordsLanguage) {
    const Notice said = Notice::pause("paused at step 9", "paused (x1.08)").ofPane("B");
    EXPECT_EQ(said.text, "pane B paused at step 9");
    EXPECT_EQ(said.brief, "pane B paused (x1.08)");
    EXPECT_EQ(said.pane, "B");
    setLanguage(Language::Japanese);
    const Notice japanese = Notice::info("x").ofPane("B");
    setLanguage(Language::English);
    EXPECT_EQ(japanese.text, "ペイン B: x");
}

TEST(FieldNotice, ANewFieldClearsWhatWasSaidOfTheOld) {
    FieldNotice notice;
    notice.say(Notice::pause("paused at step 9"), 1.0);
    notice.say(Notice::info("saved shot.png"), 1.0);
    notice.clear();
    EXPECT_TRUE(notice.shown(1.0).empty());
}

}  // namespace
}  // namespace heatlab
