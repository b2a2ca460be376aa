// `heatlab shot --ui`: the lecture window's frames, panel included, drawn
// with no window and no display (Mesa's surfaceless EGL here and in CI).

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/io/png_file.h"
#include "app/picture/colour_map.h"
#include "app/render/gl_limits.h"
#include "app/ui/panel/panel.h"
#include "tests/support/picture_checks.h"
#include "tests/support/run_command.h"
#include "tests/support/scoped_env.h"

namespace heatlab {
namespace {

std::string tempPath(const std::string& name) { return ::testing::TempDir() + name; }

TEST(ShotUi, DrawsTheWindowAtTheAskedSizeWithTheFieldLeftOfThePanel) {
    const std::string path = tempPath("heatlab-shot-ui.png");
    std::filesystem::remove(path);
    const CommandResult result = runHeatlab(
        "shot --ui --backend cpu --grid 96x64 --steps 6 --steps-per-frame 4 --size 900x600 "
        "--out " +
        path);
    ASSERT_EQ(result.status, 0) << result.err;
    const DecodedPng png = readPng(path);
    ASSERT_EQ(png.image.width, 900);
    ASSERT_EQ(png.image.height, 600);
    const std::map<std::string, std::string> text(png.text.begin(), png.text.end());
    EXPECT_EQ(text.at("heatlab.steps"), "6");  // 4 + 2: the last frame ran what was left
    EXPECT_EQ(text.at("heatlab.display-path"), "via-host");
    EXPECT_NE(text.at("heatlab.picture").find("panel"), std::string::npos);

    // The field is fitted into the pixels left of the panel and its colour
    // bar, so the middle row crosses the hot square (17 cells, n/4 + 1 of
    // the shorter side), whose middle six steps leave at the hot value (the
    // top of the automatic range), drawn at about 4 pixels a cell.
    const int leftOfPanel = 900 - static_cast<int>(kPanelWidth);
    const Rgb8 hot = colourOfValue(ColourMap::Heat, 1.0f, 0.0f, 1.0f);
    const int hotPixels = pixelsOfColour(png.image, 300, leftOfPanel, hot);
    EXPECT_GT(hotPixels, 12);
    EXPECT_LT(hotPixels, 17 * 5);
    // The panel is not the field: most of its pixels are ImGui's dark window
    // (the rest its text and widgets).
    int dark = 0;
    int all = 0;
    for (int y = 0; y < 600; ++y) {
        for (int x = leftOfPanel + 10; x < 900; ++x, ++all) {
            const std::uint8_t* p = png.image.at(x, y);
            dark += p[0] + p[1] + p[2] < 3 * 60;
        }
    }
    EXPECT_GT(dark, all / 2);
    std::filesystem::remove(path);
}

TEST(ShotUi, StatsMeasureTheWindowsFramesWithThePanel) {
    const std::string path = tempPath("heatlab-shot-ui-stats.json");
    const CommandResult result = runHeatlab(
        "shot --ui --backend cpu --grid 64 --size 640x400 --frames 4 --steps-per-frame 3 "
        "--copy-every 1 --stats " +
        path);
    ASSERT_EQ(result.status, 0) << result.err;
    EXPECT_NE(result.out.find("panel"), std::string::npos) << result.out;
    std::ifstream file(path);
    const nlohmann::json json = nlohmann::json::parse(file);
    EXPECT_EQ(json["picture"], "the window with its panel");
    EXPECT_EQ(json["view_pixels"]["width"], 640);
    EXPECT_GT(json["median_ms"]["panel"].get<double>(), 0.0);
    EXPECT_GT(json["median_ms"]["copy_back"].get<double>(), 0.0);
    EXPECT_GT(json["steps_per_second_displayed"].get<double>(), 0.0);
    std::filesystem::remove(path);
}

// --frame-budget runs its frames on the shot's own display and reports
// them per path (via host alone on the CPU backend). How many steps fill a
// frame is this machine's speed; that they are the steps that fit beside the
// measured overhead is held on a simulated machine (tests/cpu/test_frame_budget.cpp).
TEST(ShotUi, AFrameBudgetIsFilledWithTheStepsThatFitBesideTheDisplay) {
    const std::string path = tempPath("heatlab-shot-budget.json");
    // One thread: the frame is filled with the steps an unloaded probe
    // fitted, and on a machine busy with other tests each of two threads'
    // barriers (a hundred thousand a frame at 64^2) could wait a time slice.
    // The mechanism is the same with one; the speed is the bench's.
    const ScopedEnv oneThread("OMP_NUM_THREADS", "1");
    const CommandResult result = runHeatlab(
        "shot --backend cpu --grid 64 --frames 4 --steps-per-frame 2 --frame-budget 50 "
        "--stats " +
        path);
    ASSERT_EQ(result.status, 0) << result.err;
    EXPECT_NE(result.out.find("frames of 50.0 ms"), std::string::npos) << result.out;
    std::ifstream file(path);
    const nlohmann::json json = nlohmann::json::parse(file);
    EXPECT_EQ(json["frame_budget"]["ms"].get<double>(), 50.0);
    const nlohmann::json& runs = json["frame_budget"]["runs"];
    ASSERT_EQ(runs.size(), 1u);
    EXPECT_EQ(runs[0]["display_path"], "via-host");
    EXPECT_GE(runs[0]["steps_per_frame"].get<int>(), 1);
    EXPECT_GT(runs[0]["overhead_ms"].get<double>(), 0.0) << "the display's frames were timed";
    // The share is the two rates of the same run, not a figure of its own.
    const double displayed = runs[0]["steps_per_second_displayed"].get<double>();
    const double undisplayed = runs[0]["steps_per_second_undisplayed"].get<double>();
    ASSERT_GT(undisplayed, 0.0);
    EXPECT_DOUBLE_EQ(runs[0]["share_of_undrawn_rate"].get<double>(), displayed / undisplayed);
    std::filesystem::remove(path);
}

TEST(ShotUi, MeasuresTheBandwidthTableAfterTheStepsWithoutTouchingTheField) {
    const std::string plain = tempPath("heatlab-shot-ui-plain.png");
    const std::string measured = tempPath("heatlab-shot-ui-bandwidth.png");
    const std::string common =
        "shot --ui --backend cpu --grid 67x45 --steps 5 --size 900x700 --colormap grey --out ";
    ASSERT_EQ(runHeatlab(common + plain).status, 0);
    const CommandResult result = runHeatlab(common + measured + " --bandwidth");
    ASSERT_EQ(result.status, 0) << result.err;
    const DecodedPng a = readPng(plain);
    const DecodedPng b = readPng(measured);
    const std::map<std::string, std::string> text(b.text.begin(), b.text.end());
    EXPECT_EQ(text.at("heatlab.steps"), "5");  // the table ran on a backend of its own
    // The field is the same picture; the panel is not (the table is on it).
    const int fieldWidth = 900 - static_cast<int>(kPanelWidth);
    int fieldDiffers = 0;
    int panelDiffers = 0;
    for (int y = 0; y < 700; ++y) {
        for (int x = 0; x < 900; ++x) {
            const bool differs = std::memcmp(a.image.at(x, y), b.image.at(x, y), 3) != 0;
            (x < fieldWidth - 8 ? fieldDiffers : panelDiffers) += differs ? 1 : 0;
        }
    }
    EXPECT_EQ(fieldDiffers, 0);
    EXPECT_GT(panelDiffers, 1000);
    std::filesystem::remove(plain);
    std::filesystem::remove(measured);
}

TEST(ShotUi, PlaysACueListHeadlessWithTheWindowAtEachCuesEnd) {
    const std::string dir = ::testing::TempDir() + "heatlab-shot-cues";
    std::filesystem::remove_all(dir);
    const std::string cues = ::testing::TempDir() + "heatlab-shot-cues.json";
    std::ofstream(cues) << R"({"heatlab_cues": 1, "cues": [
        {"caption": "ten steps", "r": 0.24, "reset": true, "until": {"step": 10}},
        {"caption": "past the bound", "r": 0.26, "colormap": "diverging"}]})";
    const std::string out = ::testing::TempDir() + "heatlab-shot-cues-end.png";
    const CommandResult result =
        runHeatlab("shot --ui --backend cpu --grid 32 --steps-per-frame 3 --size 640x400 --cues " +
                   cues + " --record " + dir + " --frames 20 --out " + out);
    ASSERT_EQ(result.status, 0) << result.err;
    EXPECT_TRUE(std::filesystem::exists(dir + "/cue_01.png")) << result.out;
    EXPECT_TRUE(std::filesystem::exists(dir + "/cue_02.png")) << result.out;
    // The first cue ended on its step, exactly; the last ran its 20 frames.
    using Text = std::map<std::string, std::string>;
    const DecodedPng first = readPng(dir + "/cue_01.png");
    EXPECT_EQ(Text(first.text.begin(), first.text.end()).at("heatlab.steps"), "10");
    const DecodedPng end = readPng(out);
    EXPECT_EQ(Text(end.text.begin(), end.text.end()).at("heatlab.r"), "0.26");
    std::filesystem::remove_all(dir);
    std::filesystem::remove(cues);
    std::filesystem::remove(out);
}

TEST(ShotUi, OptionsThatDoNotGoTogetherAreOneLineAndExitTwo) {
    for (const char* args :
         {"shot --ui --slide 320x180", "shot --ui --record . --every 2", "shot --ui --field f.f32",
          "shot --size 320x200", "shot --presenter", "shot --bandwidth", "shot --ui --size 10x10",
          "shot --ui --size 640", "shot --cues lecture", "shot --ui --cues lecture --every 2",
          "shot --ui --cues nothere.json", "shot --loupe", "shot --frame-budget 16.7",
          "shot --stats s.json --frame-budget 0", "shot --stats s.json --frame-budget 2000",
          "shot --stats s.json --frame-budget 16ms"}) {
        const CommandResult result = runHeatlab(std::string(args) + " --backend cpu --grid 16");
        EXPECT_EQ(result.status, 2) << args << ": " << result.err;
        EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1)
            << args << ": " << result.err;
    }
}

// Issue 46: a grid past the GL's buffer texture limit was refused ("more
// cells than this GL's buffer texture may hold", or "more than this
// display can draw"), from the command line and a cue scene alike. The
// display's buffers follow the view, not the grid: under a limit lowered by
// the test hook (app/render/gl_limits.h) to half the grid's cells, the cue
// list plays its scene, `shot --ui` draws the grid, and `shot` writes it at
// one pixel a cell in tiles the lowered limit allows, the very pixels it
// writes under the GL's own limit.
TEST(ShotUi, AGridPastTheGlsLimitIsDrawnByEveryCommand) {
    const std::string folder = tempPath("heatlab-big-cue");
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    std::string scene = R"({"heatlab_scene": 1, "params": {"grid": "512", "kernel": "optimised",
        "r": "0.24", "boundary": "dirichlet", "initial": "hot-square"}, "window": {"running": true,
        "steps_per_frame": 1, "display_path": "via-host", "colormap": "heat", "range":
        {"automatic": true, "lo": 0, "hi": 1}, "sampling": "extremes", "vsync": true}})";
    std::ofstream(folder + "/big.json") << scene;
    std::ofstream(folder + "/cues.json") << R"({"heatlab_cues": 2, "cues": [
        {"caption": "small"}, {"caption": "past the GL's limit", "scene": "big.json"}]})";
    const std::string out = folder + "/o.png";
    const std::string record = folder + "/record";
    const std::string plain = folder + "/plain.png";
    ASSERT_EQ(runHeatlab("shot --backend cpu --steps 7 --grid 512 --out " + plain).status, 0);

    const ScopedEnv lowered(kGlTexelsVariable, std::to_string(512 * 512 / 2));
    const CommandResult cues =
        runHeatlab("shot --ui --backend cpu --grid 32 --size 320x200 --frames 4 --cues " + folder +
                   "/cues.json --record " + record + " --out " + out);
    ASSERT_EQ(cues.status, 0) << cues.err;
    using Text = std::map<std::string, std::string>;
    const DecodedPng second = readPng(record + "/cue_02.png");
    EXPECT_EQ(Text(second.text.begin(), second.text.end()).at("heatlab.grid"), "512");

    const CommandResult ui = runHeatlab(
        "shot --ui --size 320x200 --backend cpu --frames 1 --steps 1 --grid 512 --out " + out);
    ASSERT_EQ(ui.status, 0) << ui.err;
    EXPECT_EQ(readPng(out).image.width, 320);

    const CommandResult shot = runHeatlab("shot --backend cpu --steps 7 --grid 512 --out " + out);
    ASSERT_EQ(shot.status, 0) << shot.err;
    const DecodedPng tiled = readPng(out);
    const DecodedPng whole = readPng(plain);
    ASSERT_EQ(tiled.image.width, 512);
    EXPECT_TRUE(tiled.image.pixels == whole.image.pixels)
        << "the picture under the lowered limit differs from the GL's own";
    std::filesystem::remove_all(folder);
}

}  // namespace
}  // namespace heatlab
