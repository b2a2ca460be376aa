// Cue lists without GL: the shipped lecture parses; every cue action edits
// LectureSettings or asks the lecture for it (CueRequests); "until" ends a
// cue on its step, its max |u| or the pause, and the cue waits or goes on;
// going back applies the cue before again; r ramps in the clock's time;
// every kind of bad file is refused in one line naming the file, the cue and
// the field, and a player is only made from a list that parsed whole.

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "app/io/input_file.h"
#include "app/lecture/files/cue_list.h"
#include "app/lecture/files/json_fields.h"
#include "app/lecture/input/key_commands.h"
#include "kernels/backend_factory.h"
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

// An empty folder of the test's own: its process's, as ctest runs the
// tests of one fixture in processes side by side.
std::string freshFolder(const std::string& name) {
    const std::string folder =
        ::testing::TempDir() + "heatlab-cues-" + name + "-" + std::to_string(::getpid());
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    return folder;
}

void writeText(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
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
        EXPECT_FALSE(cue.caption.cpu.empty());
        EXPECT_FALSE(cue.caption.cuda.empty());
        if (cue.scene) {
            EXPECT_NO_THROW(cueScene(*cue.scene, LectureSettings{})) << cue.scene->name;
        }
        explosion =
            explosion || (cue.settings.sets("explosion_pace") &&
                          cue.settings.over(LectureSettings{}).explosionDecadesPerSecond < 1.5);
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

// Scenes write r as a string, cues as a number; one reader reads either in
// both, by the same rule, so neither kind of file is refused for the form
// the other writes.
TEST(CueList, RIsReadAlikeAsANumberOrAStringInACueAndInAScene) {
    for (const char* r : {"0.26", "\"0.26\""}) {
        const CueList list = parseCues(listOf(std::string("{\"r\": ") + r + "}"), kFile);
        LectureSettings s;
        applyCueSettings(list.cues.at(0), s);
        EXPECT_EQ(s.params.r, 0.26f) << r;
        std::string text = sceneText(Scene{});
        const std::string written = "\"r\": \"0.24\"";
        ASSERT_NE(text.find(written), std::string::npos);
        text.replace(text.find(written), written.size(), std::string("\"r\": ") + r);
        EXPECT_EQ(parseScene(text, "s.json").settings.params.r, 0.26f) << r;
    }
    for (const char* r : {"1.5", "\"1.5\""}) {
        EXPECT_THROW(parseCues(listOf(std::string("{\"r\": ") + r + "}"), kFile), UsageError) << r;
    }
}

// Played through on paper as the list is read: the kernel each cue would
// run, and pane B's, is one its backend has, the backend a cue chose
// included.
TEST(CueList, EveryCuesKernelIsCheckedAgainstTheBackendItWouldPlayOn) {
    LectureSettings start;
    start.backend = BackendChoice::Cpu;
    const auto refusal = [&start](const std::string& cues) -> std::string {
        try {
            checkKernelsPlayable(parseCues(listOf(cues), kFile), start);
        } catch (const UsageError& e) {
            return e.what();
        }
        return "";
    };
    EXPECT_EQ(refusal(R"({"kernel": "global"}, {"kernel": "temporal"})"), "");
    EXPECT_EQ(refusal(R"({"r": 0.2}, {"kernel": "tiled"})"),
              std::string("cues ") + kFile +
                  ": cue 2 would run kernel tiled on the cpu backend, which has global, "
                  "three-pass, optimised, temporal");
    EXPECT_NE(refusal(R"({"comparison": {"split": true, "b": {"kernel": "tiled"}}})")
                  .find("cue 1: pane B would run kernel tiled"),
              std::string::npos);
    if (!builtWithCuda() || !backendUnavailable(BackendChoice::Cuda).empty()) {
        return;  // no second backend to move to here
    }
    EXPECT_EQ(refusal(R"({"backend": "cuda"}, {"kernel": "tiled"})"), "");
    EXPECT_NE(
        refusal(R"({"backend": "cuda", "kernel": "tiled"}, {"backend": "cpu"})").find("cue 2"),
        std::string::npos);
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
    ASSERT_TRUE(start.scene);
    EXPECT_EQ(start.scene->name, "stable_diffusion");
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

// "panel" names what of the panel the cue is about; without it a cue that
// sets the display path shows the Display section, and one that sets
// neither leaves the panel as it is.
// Where what is true differs (no bus on the CPU), a cue gives a caption a
// backend, and the backend the cue runs on says its own.
TEST(CuePlayer, SaysTheCaptionOfTheBackendTheCueRunsOn) {
    const std::string text = R"({"heatlab_cues": 2, "cues": [
        {"caption": {"cpu": "no bus here", "cuda": "the bus"}},
        {"caption": "either", "backend": "cpu"}]})";
    CuePlayer player(parseCues(text, "dir/cues.json"));
    Lecture l;
    EXPECT_EQ(player.frame(l.settings, l.simulation, 0.0f, 0.0).caption.value_or(""),
              "cue 1 of 2: no bus here");
    player.advance();
    EXPECT_EQ(player.frame(l.settings, l.simulation, 0.0f, 0.1).caption.value_or(""),
              "cue 2 of 2: either");
    const CueList list = parseCues(text, "dir/cues.json");
    const Cue& both = list.cues.at(0);
    EXPECT_EQ(both.caption.on(BackendChoice::Cuda), "the bus");
    EXPECT_EQ(both.caption.on(BackendChoice::Cpu), "no bus here");
}

TEST(CuePlayer, AsksForThePanelSectionItsCaptionNames) {
    CuePlayer player(parseCues(listOf(R"({"caption": "copy back", "copy_every": 1,
                   "panel": "copy_back"}, {"display_path": "via-host"}, {"r": 0.2},
                   {"display_path": "interop", "panel": "lesson"})"),
                               "dir/cues.json"));
    Lecture l;
    EXPECT_EQ(player.frame(l.settings, l.simulation, 0.0f, 0.0).panel, PanelFocus::CopyBack);
    player.advance();
    EXPECT_EQ(player.frame(l.settings, l.simulation, 0.0f, 0.1).panel, PanelFocus::Display);
    player.advance();
    EXPECT_FALSE(player.frame(l.settings, l.simulation, 0.0f, 0.2).panel);
    player.advance();
    EXPECT_EQ(player.frame(l.settings, l.simulation, 0.0f, 0.3).panel, PanelFocus::Lesson);
    // Of two asked at once, the bandwidth table over the display path.
    LectureReadouts shown;
    shown.bringIntoView(PanelFocus::Bandwidth);
    shown.bringIntoView(PanelFocus::Display);
    EXPECT_EQ(shown.focus, PanelFocus::Bandwidth);
}

// The roofline over the field while the cue about it plays (and the panel's
// box turned off by hand is turned on again by going back to it); every
// other cue shows the field.
TEST(CuePlayer, TheRooflineCoversTheFieldWhileItsCuePlays) {
    CuePlayer player(parseCues(listOf(R"({"r": 0.2}, {"roofline": true, "bandwidth": true},
                                          {"r": 0.21})"),
                               "dir/cues.json"));
    Lecture l;
    player.frame(l.settings, l.simulation, 0.0f, 0.0);
    EXPECT_FALSE(l.settings.rooflineOnField);
    player.advance();
    player.frame(l.settings, l.simulation, 0.0f, 0.1);
    EXPECT_TRUE(l.settings.rooflineOnField);
    l.settings.rooflineOnField = false;  // the presenter's box
    player.frame(l.settings, l.simulation, 0.0f, 0.2);
    EXPECT_FALSE(l.settings.rooflineOnField);
    player.advance();
    player.frame(l.settings, l.simulation, 0.0f, 0.3);
    EXPECT_FALSE(l.settings.rooflineOnField);
    player.back();
    player.frame(l.settings, l.simulation, 0.0f, 0.4);
    EXPECT_TRUE(l.settings.rooflineOnField);
    EXPECT_THROW(parseCues(listOf(R"({"roofline": "yes"})"), "dir/cues.json"), UsageError);
}

TEST(CuePlayer, ASceneFileIsFoundBesideTheCueFileAndPlayedAsItWasRead) {
    const std::string folder = freshFolder("beside");
    std::filesystem::create_directories(folder + "/talk");
    writeText(folder + "/talk/mine.json", shippedScenes().at(0).text);
    const CueList list =
        parseCues(listOf(R"({"scene": "mine.json"}, {"scene": "./x/../mine.json"})"),
                  folder + "/talk/cues.json");
    // Read with the list: gone from the disk, it still plays as it was.
    std::filesystem::remove_all(folder);
    ASSERT_TRUE(list.cues.at(0).scene);
    EXPECT_EQ(list.cues.at(0).scene->file, folder + "/talk/mine.json");
    const Scene scene = cueScene(*list.cues.at(1).scene, LectureSettings{});
    EXPECT_EQ(scene.title, parseScene(shippedScenes().at(0).text, "x").title);
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

// A frame of the cues as the lecture plays them (LectureUi::cueFrame): the
// scene a starting cue asks for loaded over the lecture's settings, then
// the cue settled over it.
CueRequests playFrame(CuePlayer& player, Lecture& l, double now) {
    const CueRequests asked = player.frame(l.settings, l.simulation, 0.0f, now);
    if (asked.scene) {
        static_cast<LessonSettings&>(l.settings) = cueScene(*asked.scene, l.settings).settings;
        player.settle(l.settings);
    }
    return asked;
}

// A cue with a scene has its settings applied once, over its scene's, when
// the lecture has loaded the scene: not as it starts too, so the scene is
// loaded over the lecture's own settings. Its ramp starts from the scene's r.
TEST(CuePlayer, ASceneCuesSettingsGoOnOnceOverItsScene) {
    CuePlayer player(parseCues(listOf(R"({"scene": "stable_diffusion", "copy_every": 3,
                   "steps_per_frame": 4, "ramp_r": {"to": 0.26, "seconds": 4}})"),
                               kFile));
    Lecture l;
    l.settings.copyEvery = 7;
    l.settings.params.r = 0.1f;
    const CueRequests asked = player.frame(l.settings, l.simulation, 0.0f, 10.0);
    ASSERT_TRUE(asked.scene);
    EXPECT_EQ(l.settings.copyEvery, 7) << "the cue's settings went on before its scene";
    EXPECT_EQ(l.settings.stepsPerFrame, LectureSettings{}.stepsPerFrame);
    static_cast<LessonSettings&>(l.settings) = cueScene(*asked.scene, l.settings).settings;
    EXPECT_EQ(l.settings.copyEvery, 7) << "the scene names no copy_every";
    EXPECT_EQ(l.settings.stepsPerFrame, 10) << "the scene's";
    player.settle(l.settings);
    EXPECT_EQ(l.settings.copyEvery, 3);
    EXPECT_EQ(l.settings.stepsPerFrame, 4);
    EXPECT_FLOAT_EQ(l.settings.params.r, 0.24f);
    player.frame(l.settings, l.simulation, 0.0f, 12.0);
    EXPECT_NEAR(l.settings.params.r, 0.25f, 1e-6) << "ramped from the scene's r";
}

// A cue list's scenes (and its settings) are parsed once, as it is read:
// playing its cues, going back among them and checking them parse nothing.
TEST(CuePlayer, ACueListsScenesAreParsedAsItIsReadNeverAsItPlays) {
    const CueList list = parseCues(listOf(R"({"scene": "stable_diffusion", "r": 0.2},
                   {"scene": "the_bus", "kernel": "global"}, {"copy_every": 1})"),
                                   kFile);
    Lecture l;
    const std::size_t read = jsonTextsParsed();
    checkKernelsPlayable(list, l.settings);
    CuePlayer player(list);
    double now = 0.0;
    for (int i = 0; i < 3; ++i) {
        playFrame(player, l, now += 0.1);
        player.advance();
    }
    player.back();
    playFrame(player, l, now += 0.1);
    EXPECT_EQ(l.settings.params.kernel, Kernel::Global);
    EXPECT_EQ(jsonTextsParsed(), read);
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

// A cue that started a run for a result (halve h to its time, a run whose
// end takes a screenshot, the bandwidth table) says it is still running at
// the first press of next and goes on at the second; one that only runs
// (until a step, no screenshot) goes on at once.
TEST(CuePlayer, ACueRunningForItsResultSaysSoAtTheFirstPressOfNext) {
    CuePlayer player(parseCues(listOf(R"({"until": {"step": 25}, "screenshot": true},
                                          {"until": {"step": 25}},
                                          {"bandwidth": true}, {"caption": "end"})"),
                               kFile));
    Lecture l;
    player.frame(l.settings, l.simulation, 0.0f, 0.0);
    l.simulation.advance(10);
    player.frame(l.settings, l.simulation, 0.0f, 0.1);
    PanelActions next;
    next.nextCue = true;
    const std::optional<Notice> told = player.move(next, CueProgress{10, 25, false});
    ASSERT_TRUE(told);
    EXPECT_EQ(told->text,
              "cue 1 is still running, at step 10 of 25: Page Down again goes on without its "
              "result");
    EXPECT_EQ(player.index(), 0);
    EXPECT_TRUE(player.toldStillRunning());
    EXPECT_FALSE(player.move(next, CueProgress{10, 25, false}));
    EXPECT_EQ(player.index(), 1) << "the second press goes on";
    player.frame(l.settings, l.simulation, 0.0f, 0.2);
    EXPECT_FALSE(player.move(next, CueProgress{10, 25, false}));
    EXPECT_EQ(player.index(), 2) << "a run for no result goes on at once";
    player.frame(l.settings, l.simulation, 0.0f, 0.3);
    EXPECT_TRUE(player.awaitsResult(CueProgress{0, 0, true}));
    EXPECT_FALSE(player.awaitsResult(CueProgress{0, 0, false}));
    const std::optional<Notice> measuring = player.move(next, CueProgress{0, 0, true});
    ASSERT_TRUE(measuring);
    EXPECT_NE(measuring->text.find("still measuring the bandwidth table"), std::string::npos);
    EXPECT_EQ(player.index(), 2);
    player.move(next, CueProgress{0, 0, true});
    EXPECT_EQ(player.index(), 3);
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
        {"{\"heatlab_cues\": 3, \"cues\": [{}]}", "unsupported cue list version 3"},
        {"{\"heatlab_cues\": \"1\", \"cues\": [{}]}",
         "\"heatlab_cues\" must be the number 1 to 2 (the versions this heatlab reads), got a "
         "string"},
        {listOf("{\"caption\": {\"cpu\": \"a\", \"cuda\": \"b\"}}"),
         "cue 1.caption per backend needs \"heatlab_cues\": 2"},
        {"{\"heatlab_cues\": 2, \"cues\": [{\"caption\": {\"cpu\": \"a\"}}]}",
         "missing field cue 1.caption.cuda"},
        {"{\"heatlab_cues\": 2, \"cues\": [{\"caption\": {\"cpu\": \"a\", \"gpu\": \"b\"}}]}",
         "unknown field cue 1.caption.gpu"},
        {"{\"heatlab_cues\": 1, \"cues\": []}", "at least one cue, got none"},
        {"{\"heatlab_cues\": 1, \"cues\": [{}], \"extra\": 1}", "unknown field extra"},
        {listOf("{}, 3"), "cue 2 must be an object"},
        {listOf("{}, {\"rr\": 0.2}"), "unknown field cue 2.rr"},
        {listOf("{\"r\": [0.2]}"),
         "cue 1.r must be a number (or a string holding one), got an array"},
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
        {listOf("{\"panel\": \"table\"}"),
         "cue 1.panel: 'table' is not one of: lesson, copy_back, display, comparison, accuracy, "
         "bandwidth"},
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

// Issue 29: a version nested 100 000 arrays deep crashed both readers
// (nlohmann's dump() recursed printing it). Refused as it is parsed, in a
// short line, wherever the nesting is.
TEST(CueList, NestingPastTheLimitIsRefusedInAShortLine) {
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    for (const std::string& text :
         {"{\"heatlab_cues\":" + deep + ",\"cues\":[{}]}", listOf("{\"until\": " + deep + "}"),
          listOf("{}, {\"comparison\": {\"b\": {\"r\": " + deep + "}}}")}) {
        const std::string message = refusal(text);
        EXPECT_NE(message.find("nested deeper than 16 levels"), std::string::npos) << message;
        EXPECT_LT(message.size(), 200u) << message.substr(0, 300);
    }
    EXPECT_NE(refusal(listOf("{}, {\"comparison\": {\"b\": {\"r\": " + deep + "}}}"))
                  .find("in cue 2.comparison.b.r"),
              std::string::npos);
    // Sixteen levels are still read (and then refused for what they are):
    // the top, "cues", the cue and 13 arrays.
    const std::string sixteen = std::string(13, '[') + std::string(13, ']');
    EXPECT_NE(refusal(listOf("{\"until\": " + sixteen + "}")).find("cue 1.until must be"),
              std::string::npos);
}

TEST(CueList, AKeyTwiceIsRefusedNamingItAndWhere) {
    const std::string prefix = std::string("cues ") + kFile + ": ";
    EXPECT_EQ(refusal("{\"heatlab_cues\": 1, \"heatlab_cues\": 2, \"cues\": [{}]}"),
              prefix +
                  "the key \"heatlab_cues\" appears twice (each key once: which one counts "
                  "would be a guess)");
    EXPECT_EQ(refusal(listOf("{}, {\"r\": 0.2, \"r\": 0.3}")),
              prefix +
                  "the key \"r\" appears twice in cue 2 (each key once: which one counts "
                  "would be a guess)");
    EXPECT_NE(refusal(listOf("{\"comparison\": {\"split\": true, \"b\": {\"r\": \"0.2\", "
                             "\"r\": \"0.3\"}}}"))
                  .find("\"r\" appears twice in cue 1.comparison.b"),
              std::string::npos);
    // The same key in two objects is two keys.
    EXPECT_EQ(refusal(listOf("{\"r\": 0.2}, {\"r\": 0.3}")), "(parsed)");
}

// Issue 44: a caption is a line or three on the field, at most 500
// characters in any script (a longer one made every frame slow, wrapping
// it): refused as the list is read, naming the cue and the limit. A max |u|
// past any float makes a cue that never ends, and a NUL (\u0000) would cut
// the text it is in: both refused, the NUL in any string of the file.
TEST(CueList, ACaptionPastFiveHundredCharactersANulOrAMaxAbsPastAFloatIsRefused) {
    const std::string prefix = std::string("cues ") + kFile + ": ";
    const auto caption = [](const std::string& text) {
        return "{\"heatlab_cues\": 2, \"cues\": [{}, {\"caption\": " + text + "}]}";
    };
    std::string japanese;
    for (int i = 0; i < 500; ++i) {
        japanese += "熱";  // 500 characters, 1500 bytes
    }
    EXPECT_EQ(refusal(caption("\"" + japanese + "\"")), "(parsed)");
    EXPECT_EQ(refusal(caption("\"" + std::string(500, 'w') + "\"")), "(parsed)");
    EXPECT_EQ(refusal(caption("\"" + std::string(900000, 'w') + "\"")),
              prefix + "cue 2.caption is 900000 characters long: a caption is at most 500");
    EXPECT_EQ(refusal(caption("\"" + japanese + "熱\"")),
              prefix + "cue 2.caption is 501 characters long: a caption is at most 500");
    std::string lineBreaks;
    for (int i = 0; i < 501; ++i) {
        lineBreaks += "\\n";  // escaped in the file: one character each
    }
    EXPECT_EQ(refusal(caption("{\"cpu\": \"a\", \"cuda\": \"" + lineBreaks + "\"}")),
              prefix + "cue 2.caption.cuda is 501 characters long: a caption is at most 500");
    EXPECT_EQ(refusal(caption("\"" + std::string(501, 'w') + "\"")).find('\n'), std::string::npos);

    EXPECT_EQ(refusal(listOf("{\"caption\": \"one\\u0000two\"}")),
              prefix + "cue 1.caption holds a NUL character (\\u0000): the text would end there");
    EXPECT_NE(refusal(listOf("{}, {\"scene\": \"stable_diffusion\\u0000.json\"}"))
                  .find("cue 2.scene holds a NUL character (\\u0000)"),
              std::string::npos);
    EXPECT_NE(refusal("{\"heatlab_cues\": 1, \"title\": \"\\u0000\", \"cues\": [{}]}")
                  .find("title holds a NUL character (\\u0000)"),
              std::string::npos);
    EXPECT_NE(refusal(listOf("{\"c\\u0000aption\": \"a\"}")).find("a key of cue 1 holds a NUL"),
              std::string::npos);

    EXPECT_NE(refusal(listOf("{\"until\": {\"max_abs_above\": 1e39}}"))
                  .find("cue 1.until.max_abs_above must be a number a float holds"),
              std::string::npos);
    EXPECT_EQ(refusal(listOf("{\"until\": {\"max_abs_above\": 3e38}}")), "(parsed)");
}

// Issue 29 item 9: said in the file's own words, numbers as written.
TEST(CueList, RefusalsQuoteTheValueAsWrittenAndShort) {
    const struct {
        std::string text;
        std::string says;
        std::string never;
    } cases[] = {
        {listOf("{\"copy_every\": 18446744073709551615}"),
         "cue 1.copy_every must be 0 (never) or a whole number of steps up to 2147483647, got "
         "18446744073709551615 (too large)",
         "-1"},
        {listOf("{\"copy_every\": 2147483648}"), "got 2147483648 (too large)", "-2147483648"},
        {listOf("{\"until\": {\"step\": 9223372036854775808}}"),
         "cue 1.until.step must be 1 or more (a step count), got 9223372036854775808 (too large)",
         "-9"},
        {listOf("{\"until\": {\"step\": -5}}"), "got -5", "too large"},
        {listOf("{\"ramp_r\": {\"to\": 0.26, \"seconds\": 1e-300}}"),
         "cue 1.ramp_r.seconds must be from 0.000001 to 31536000 (a year), got 1e-300", "got 0"},
        {listOf("{\"r\": 1e-300}"), "got '1e-300'", "got '0'"},
        {listOf("{\"explosion_pace\": 20}"), "got 20", "2e+01"},
        {listOf("{\"steps_per_frame\": 20000}"), "must be from 1 to 10000, got 20000", "2e+04"},
        {listOf("{\"steps_per_second\": 1e-300}"), "got 1e-300", "got 0"},
        {"{\"heatlab_cues\": \"" + std::string(1000000, '1') + "\", \"cues\": [{}]}",
         "got a string \"1111111111", std::string(70, '1')},
        {listOf("{\"kernel\": \"" + std::string(100000, 'k') + "\"}"),
         "cue 1.kernel:", std::string(100, 'k')},
        {listOf("{\"then\": \"" + std::string(100000, 't') + "\"}"), "cue 1.then must be",
         std::string(100, 't')},
        {listOf("{\"" + std::string(100000, 'x') + "\": 1}"), "unknown field cue 1.xxx",
         std::string(100, 'x')},
    };
    for (const auto& c : cases) {
        const std::string message = refusal(c.text);
        EXPECT_NE(message.find(c.says), std::string::npos) << message.substr(0, 400);
        EXPECT_EQ(message.find(c.never), std::string::npos) << message.substr(0, 400);
        EXPECT_LT(message.size(), 400u) << message.substr(0, 400);
    }
}

// Issue 29 items 2 and 3: every scene a cue names is read and checked with
// the list, so a bad one refuses the list in one line naming the file, the
// cue and the field, before anything plays; none is a FIFO that hangs it, a
// device, or a file outside the list's folder.
class CueScenes : public ::testing::Test {
protected:
    void SetUp() override {
        folder_ = freshFolder("scenes");
        std::filesystem::create_directories(folder_ + "/sub");
        writeText(folder_ + "/good.json", shippedScenes().at(0).text);
        writeText(folder_ + "/not_a_scene.json", "{\"a\": 1}");
        std::string stringR = shippedScenes().at(0).text;
        stringR.replace(stringR.find("\"0.24\""), 6, "\"2\"");
        writeText(folder_ + "/r2.json", stringR);
        ASSERT_EQ(::mkfifo((folder_ + "/fifo.json").c_str(), 0600), 0);
        std::filesystem::create_symlink("/dev/zero", folder_ + "/zero.json");
        std::filesystem::create_symlink("/etc/hostname", folder_ + "/hostname.json");
        std::filesystem::create_symlink("good.json", folder_ + "/link_to_good.json");
    }
    void TearDown() override { std::filesystem::remove_all(folder_); }

    // The line the list with `scene` as its second cue's is refused with.
    std::string refusedFor(const std::string& cue) {
        try {
            parseCues(listOf("{\"scene\": \"good.json\"}, " + cue), folder_ + "/c.json");
        } catch (const UsageError& e) {
            return e.what();
        }
        return "(parsed)";
    }

    std::string folder_;
};

TEST_F(CueScenes, EveryKindOfBadSceneRefusesTheListAsItIsRead) {
    const std::string prefix = "cues " + folder_ + "/c.json: cue 2.";
    const struct {
        std::string cue;
        std::string says;
    } cases[] = {
        {R"({"scene": "missing.json"})",
         "scene: \"missing.json\" is not a shipped scene and there is no file"},
        {R"({"scene": "../../../../etc/hostname"})",
         "scene: \"../../../../etc/hostname\" leads out of the cue list's folder"},
        {R"({"scene": "sub/../../c.json"})", "leads out of the cue list's folder"},
        {R"({"scene": "/etc/hostname"})", "scene: \"/etc/hostname\" is an absolute path"},
        {R"({"scene": "/dev/zero"})", "scene: \"/dev/zero\" is an absolute path"},
        {R"({"scene": ""})", "scene is empty (a scene is a shipped one's name, "},
        {R"({"scene": "not_a_scene.json"})", "no \"heatlab_scene\" version field"},
        {R"({"scene": "r2.json"})", "params.r: r must be"},
        {R"({"scene": "fifo.json"})", "fifo.json: is a FIFO, not a regular file"},
        {R"({"scene": "sub"})", "sub: is a folder, not a file"},
        {R"({"scene": "zero.json"})", "leads out of the cue list's folder (through a link)"},
        {R"({"scene": "hostname.json"})", "leads out of the cue list's folder (through a link)"},
        {R"({"scene": 3})", "scene must be a string, got a whole number"},
    };
    for (const auto& c : cases) {
        const std::string message = refusedFor(c.cue);
        EXPECT_EQ(message.rfind(prefix + "scene", 0), 0u) << message;
        EXPECT_NE(message.find(c.says), std::string::npos) << c.cue << " -> " << message;
        EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
    // A link that stays inside the folder is a file of the folder.
    EXPECT_EQ(refusedFor(R"({"scene": "link_to_good.json"})"), "(parsed)");
    EXPECT_EQ(refusedFor(R"({"scene": "./sub/../good.json"})"), "(parsed)");
}

TEST_F(CueScenes, AFifoIsRefusedWithoutWaitingForAWriter) {
    try {
        readRegularFile(folder_ + "/fifo.json", kMaxSceneBytes);
        FAIL() << "read a FIFO";
    } catch (const RuntimeError& e) {
        EXPECT_NE(std::string(e.what()).find("is a FIFO"), std::string::npos) << e.what();
    }
    try {
        readRegularFile("/dev/zero", kMaxSceneBytes);
        FAIL() << "read a device";
    } catch (const RuntimeError& e) {
        EXPECT_NE(std::string(e.what()).find("is a device"), std::string::npos) << e.what();
    }
}

TEST_F(CueScenes, ABackendThisMachineLacksIsRefusedAsTheListIsRead) {
    if (backendUnavailable(BackendChoice::Cuda).empty()) {
        GTEST_SKIP() << "CUDA is available here";
    }
    EXPECT_NE(refusedFor(R"({"backend": "cuda"})").find("cue 2.backend: cuda cannot run here: "),
              std::string::npos);
    EXPECT_NE(refusedFor(R"({"comparison": {"split": true, "b": {"backend": "cuda"}}})")
                  .find("cue 2.comparison.b.backend: cuda cannot run here"),
              std::string::npos);
    std::string cudaB = shippedScenes().at(0).text;
    cudaB.replace(
        cudaB.find("\"vsync\": true"), 13,
        "\"vsync\": true, \"comparison\": {\"split\": true, \"b\": {\"backend\": \"cuda\"}}");
    writeText(folder_ + "/cuda_b.json", cudaB);
    EXPECT_NE(refusedFor(R"({"scene": "cuda_b.json"})")
                  .find("window.comparison.b.backend: cuda cannot run here"),
              std::string::npos);
    EXPECT_EQ(refusedFor(R"({"backend": "cpu"}, {"backend": "auto"})"), "(parsed)");
}

TEST(CueList, AShippedListNamesOnlyShippedScenes) {
    for (const ShippedCues& shipped : shippedCues()) {
        const CueList list = readCues(std::filesystem::path(shipped.file).stem().string());
        for (const Cue& cue : list.cues) {
            if (cue.scene) {
                EXPECT_EQ(std::string(cue.scene->file).rfind("app/lecture/scenes/", 0), 0u);
            }
        }
    }
}

}  // namespace
}  // namespace heatlab
