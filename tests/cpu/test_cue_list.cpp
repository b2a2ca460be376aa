// Cue lists without GL: the shipped lecture parses; every cue action edits
// LectureSettings or asks the lecture for it (CueRequests); "until" ends a
// cue on its step, its max |u| or the pause, and the cue waits or goes on;
// going back applies the cue before again; r ramps in the clock's time;
// every kind of bad file is refused in one line naming the file, the cue and
// the field, and a player is only made from a list that parsed whole.

#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "app/lecture/cue_list.h"
#include "app/lecture/key_commands.h"
#include "kernels/base/errors.h"
#include "kernels/cpu/cpu_backend.h"

namespace heatlab {
namespace {

const char* const kFile = "cues/lecture-4.json";

std::string listOf(const std::string& cues) {
    return "{\"heatlab_cues\": 1, \"cues\": [" + cues + "]}";
}

// The one line a bad file is refused with.
std::string refusal(const std::string& text) {
    try {
        parseCues(text, kFile);
    } catch (const UsageError& e) {
        return e.what();
    }
    return "(parsed)";
}

// A small grid on the CPU, for the player's step counts.
struct Lecture {
    Lecture() : simulation(std::make_unique<CpuBackend>(), settings.params) {}
    LectureSettings settings = small();
    Simulation simulation;

    static LectureSettings small() {
        LectureSettings s;
        s.params.grid = {41, 23};
        return s;
    }
};

TEST(CueList, TheShippedLectureParsesAndItsScenesAreShipped) {
    ASSERT_FALSE(shippedCues().empty());
    const CueList list = readCues("lecture");
    EXPECT_GE(list.cues.size(), 8u);
    EXPECT_FALSE(list.title.empty());
    bool explosion = false;
    bool screenshot = false;
    for (const Cue& cue : list.cues) {
        EXPECT_FALSE(cue.caption.empty());
        if (cue.scene) {
            EXPECT_NO_THROW(cueScene(*cue.scene, LectureSettings{})) << *cue.scene;
        }
        explosion = explosion || (cue.explosionPace && *cue.explosionPace < 1.5);
        screenshot = screenshot || cue.screenshot;
    }
    EXPECT_TRUE(explosion);
    EXPECT_TRUE(screenshot);
}

TEST(CueList, EverySettingACueNamesIsApplied) {
    const CueList list =
        parseCues(listOf(R"({"r": 0.25, "kernel": "global", "backend": "cpu", "running": false,
                   "steps_per_frame": 7, "pace": "steps-per-second", "steps_per_second": 33,
                   "explosion_pace": 0.5, "copy_every": 3, "pinned": true,
                   "display_path": "via-host", "colormap": "grey", "scale": "signed-log",
                   "surface": true})"),
                  kFile);
    LectureSettings s;
    applyCueSettings(list.cues.at(0), s);
    EXPECT_FLOAT_EQ(s.params.r, 0.25f);
    EXPECT_EQ(s.params.kernel, Kernel::Global);
    EXPECT_EQ(s.backend, BackendChoice::Cpu);
    EXPECT_FALSE(s.running);
    EXPECT_EQ(s.stepsPerFrame, 7);
    EXPECT_EQ(s.pace, Pace::StepsPerSecond);
    EXPECT_DOUBLE_EQ(s.stepsPerSecond, 33.0);
    EXPECT_DOUBLE_EQ(s.explosionDecadesPerSecond, 0.5);
    EXPECT_EQ(s.copyEvery, 3);
    EXPECT_TRUE(s.pinned);
    EXPECT_EQ(s.picture.path, DisplayPath::ViaHost);
    EXPECT_EQ(s.picture.map, ColourMap::Grey);
    EXPECT_EQ(s.picture.scale, ColourScale::SignedLog);
    EXPECT_TRUE(s.picture.surface);
}

TEST(CueList, ACueChangesOnlyWhatItNames) {
    const CueList list = parseCues(listOf(R"({"copy_every": 1})"), kFile);
    LectureSettings s;
    s.params.r = 0.2f;
    s.picture.map = ColourMap::Grey;
    applyCueSettings(list.cues.at(0), s);
    EXPECT_EQ(s.copyEvery, 1);
    EXPECT_FLOAT_EQ(s.params.r, 0.2f);
    EXPECT_EQ(s.picture.map, ColourMap::Grey);
}

TEST(CuePlayer, AsksForTheSceneResetScreenshotAndCaptionAsACueStarts) {
    CuePlayer player(
        parseCues(listOf(R"({"caption": "first", "scene": "stable_diffusion", "reset": true,
                   "screenshot": true}, {"r": 0.2})"),
                  "dir/cues.json"));
    Lecture l;
    const CueRequests start = player.frame(l.settings, l.simulation, 0.0f, 0.0);
    EXPECT_EQ(start.scene.value_or(""), "stable_diffusion");
    EXPECT_TRUE(start.reset);
    EXPECT_TRUE(start.screenshot);
    EXPECT_EQ(start.caption.value_or(""), "cue 1 of 2: first");
    // Asked once, not every frame.
    const CueRequests next = player.frame(l.settings, l.simulation, 0.0f, 0.1);
    EXPECT_FALSE(next.scene || next.reset || next.screenshot || next.caption);
    player.advance();
    EXPECT_EQ(player.frame(l.settings, l.simulation, 0.0f, 0.2).caption.value_or(""), "cue 2 of 2");
    EXPECT_FLOAT_EQ(l.settings.params.r, 0.2f);
    // Past the last cue it stays there.
    player.advance();
    EXPECT_EQ(player.index(), 1);
}

TEST(CuePlayer, ASceneFileIsFoundBesideTheCueFile) {
    const CueList list = parseCues(listOf(R"({"scene": "mine.json"})"), "talks/cues.json");
    EXPECT_EQ(list.cues.at(0).scene.value_or(""), "talks/mine.json");
}

TEST(CuePlayer, GoingBackAppliesTheCueBeforeAgainWithoutItsScreenshot) {
    CuePlayer player(parseCues(listOf(R"({"r": 0.2, "copy_every": 1, "screenshot": true},
                                          {"r": 0.25, "copy_every": 0})"),
                               kFile));
    Lecture l;
    player.frame(l.settings, l.simulation, 0.0f, 0.0);
    player.advance();
    player.frame(l.settings, l.simulation, 0.0f, 0.1);
    EXPECT_FLOAT_EQ(l.settings.params.r, 0.25f);
    l.settings.params.r = 0.1f;  // edited in the panel meanwhile
    player.back();
    const CueRequests again = player.frame(l.settings, l.simulation, 0.0f, 0.2);
    EXPECT_FLOAT_EQ(l.settings.params.r, 0.2f);
    EXPECT_EQ(l.settings.copyEvery, 1);
    EXPECT_FALSE(again.screenshot);
    EXPECT_EQ(player.index(), 0);
}

TEST(CuePlayer, RampsRInTheClocksTimeAndHoldsItAtTheEnd) {
    CuePlayer player(
        parseCues(listOf(R"({"r": 0.24, "ramp_r": {"to": 0.26, "seconds": 4}})"), kFile));
    Lecture l;
    player.frame(l.settings, l.simulation, 0.0f, 10.0);
    EXPECT_FLOAT_EQ(l.settings.params.r, 0.24f);
    player.frame(l.settings, l.simulation, 0.0f, 11.0);
    EXPECT_NEAR(l.settings.params.r, 0.245f, 1e-6);
    player.frame(l.settings, l.simulation, 0.0f, 13.0);
    EXPECT_NEAR(l.settings.params.r, 0.255f, 1e-6);
    player.frame(l.settings, l.simulation, 0.0f, 30.0);
    EXPECT_FLOAT_EQ(l.settings.params.r, 0.26f);
    EXPECT_FLOAT_EQ(rampedR(0.2f, RampR{0.3f, 2.0}, 1.0), 0.25f);
    EXPECT_FLOAT_EQ(rampedR(0.2f, RampR{0.3f, 2.0}, -1.0), 0.2f);
}

TEST(CuePlayer, RunsUntilItsStepThenPausesAndWaits) {
    CuePlayer player(parseCues(listOf(R"({"until": {"step": 25}, "screenshot": true},
                                          {"r": 0.2})"),
                               kFile));
    Lecture l;
    l.settings.running = false;
    CueRequests r = player.frame(l.settings, l.simulation, 0.0f, 0.0);
    EXPECT_TRUE(l.settings.running);
    EXPECT_FALSE(r.screenshot);  // at the end of its run, not its start
    EXPECT_EQ(r.stepsLeft.value_or(-1), 25);
    l.simulation.advance(20);
    r = player.frame(l.settings, l.simulation, 0.0f, 0.1);
    EXPECT_EQ(r.stepsLeft.value_or(-1), 5);
    l.simulation.advance(5);
    r = player.frame(l.settings, l.simulation, 0.0f, 0.2);
    EXPECT_TRUE(r.screenshot);
    EXPECT_FALSE(l.settings.running);
    EXPECT_TRUE(player.waiting());
    EXPECT_EQ(player.index(), 0);
}

TEST(CuePlayer, GoesOnByItselfWhenToldAndEndsOnMaxAbsOrThePause) {
    CuePlayer player(parseCues(listOf(R"({"until": {"max_abs_above": 10}, "then": "next"},
                                          {"until": "pause"}, {"caption": "end"})"),
                               kFile));
    Lecture l;
    player.frame(l.settings, l.simulation, 50.0f, 0.0);  // the last cue's measure
    EXPECT_EQ(player.index(), 0);
    player.frame(l.settings, l.simulation, 5.0f, 0.1);
    EXPECT_EQ(player.index(), 0);
    player.frame(l.settings, l.simulation, 11.0f, 0.2);
    EXPECT_EQ(player.index(), 1);
    player.frame(l.settings, l.simulation, 0.0f, 0.3);
    EXPECT_TRUE(l.settings.running);
    l.settings.running = false;  // the pause before overflow, or Space
    player.frame(l.settings, l.simulation, 0.0f, 0.4);
    EXPECT_TRUE(player.waiting());
    EXPECT_EQ(player.index(), 1);  // "then" is "wait" unless told
}

TEST(CueKeys, TheClickersKeysMoveThroughTheCuesAndAHeldKeySkipsNone) {
    LectureSettings s;
    for (const Key key : {Key::PageDown, Key::Right}) {
        PanelActions actions;
        applyKey(key, false, s, actions);
        EXPECT_TRUE(actions.nextCue);
        EXPECT_FALSE(actions.previousCue);
        PanelActions held;
        applyKey(key, true, s, held);
        EXPECT_FALSE(held.nextCue);
    }
    for (const Key key : {Key::PageUp, Key::Left}) {
        PanelActions actions;
        applyKey(key, false, s, actions);
        EXPECT_TRUE(actions.previousCue);
        PanelActions merged;
        merged.merge(actions);
        EXPECT_TRUE(merged.previousCue);
    }
}

TEST(CueList, BadFilesAreRefusedInOneLineNamingTheFileTheCueAndTheField) {
    const std::string prefix = std::string("cues ") + kFile + ": ";
    const struct {
        std::string text;
        std::string says;
    } cases[] = {
        {"{\"heatlab_cues\": 1, \"cues\": [{\"r\": 0.2}", "not valid JSON"},
        {"", "not valid JSON"},
        {"[1]", "expected a JSON object"},
        {"{\"cues\": []}", "no \"heatlab_cues\" version"},
        {"{\"heatlab_cues\": 2, \"cues\": [{}]}", "unsupported cue list version 2"},
        {"{\"heatlab_cues\": \"1\", \"cues\": [{}]}", "unsupported cue list version \"1\""},
        {"{\"heatlab_cues\": 1, \"cues\": []}", "at least one cue"},
        {"{\"heatlab_cues\": 1, \"cues\": [{}], \"extra\": 1}", "unknown field extra"},
        {listOf("{}, 3"), "cue 2 must be an object"},
        {listOf("{}, {\"rr\": 0.2}"), "unknown field cue 2.rr"},
        {listOf("{\"r\": \"0.2\"}"), "cue 1.r must be a number, got a string"},
        {listOf("{\"r\": 1.5}"), "cue 1.r: r must be"},
        {listOf("{\"kernel\": \"fast\"}"), "cue 1.kernel:"},
        {listOf("{\"backend\": \"gpu\"}"), "cue 1.backend:"},
        {listOf("{\"steps_per_frame\": 0}"), "cue 1.steps_per_frame must be from 1"},
        {listOf("{\"explosion_pace\": 20}"), "cue 1.explosion_pace must be"},
        {listOf("{\"copy_every\": -1}"), "cue 1.copy_every must be 0"},
        {listOf("{\"pinned\": 1}"), "cue 1.pinned must be true or false"},
        {listOf("{\"ramp_r\": {\"to\": 0.26}}"), "missing field cue 1.ramp_r.seconds"},
        {listOf("{\"ramp_r\": {\"to\": 0.26, \"seconds\": 0}}"), "cue 1.ramp_r.seconds must be"},
        {listOf("{\"until\": \"forever\"}"), "cue 1.until must be \"pause\""},
        {listOf("{\"until\": {\"step\": 1, \"max_abs_above\": 2}}"), "cue 1.until must hold one"},
        {listOf("{\"until\": {\"step\": 0}}"), "cue 1.until.step must be 1 or more"},
        {listOf("{\"then\": \"later\"}"), "cue 1.then must be"},
        {listOf("{\"screenshot\": \"yes\"}"), "cue 1.screenshot must be true or false"},
    };
    for (const auto& c : cases) {
        const std::string message = refusal(c.text);
        EXPECT_EQ(message.rfind(prefix, 0), 0u) << message;
        EXPECT_NE(message.find(c.says), std::string::npos) << c.text << " -> " << message;
        EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
}

TEST(CueList, EveryCutOfTheShippedLectureIsRefusedOrParses) {
    const std::string text = shippedCues().at(0).text;
    // Every cut before the last brace: from there on the text is whole.
    for (std::size_t cut = 0; cut <= text.find_last_of('}'); cut += 7) {
        const std::string message = refusal(text.substr(0, cut));
        EXPECT_EQ(message.rfind(std::string("cues ") + kFile + ": ", 0), 0u) << message;
    }
}

TEST(CueList, AFileThatCannotBeReadIsAUsageErrorNamingIt) {
    try {
        readCues("/nonexistent/cues.json");
        FAIL();
    } catch (const UsageError& e) {
        EXPECT_NE(std::string(e.what()).find("/nonexistent/cues.json"), std::string::npos);
    }
}

}  // namespace
}  // namespace heatlab
