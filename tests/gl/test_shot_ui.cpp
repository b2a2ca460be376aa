// `heatlab shot --ui`: the lecture window's frames, panel included, drawn
// with no window and no display (Mesa's surfaceless EGL here and in CI).

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include <sys/wait.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/io/png_file.h"
#include "app/picture/colour_map.h"
#include "app/platform/headless_context.h"
#include "app/ui/panel/panel.h"
#include "kernels/grid_memory.h"
#include "tests/support/file_text.h"
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

// The smallest grid 16384 cells wide this machine's GL cannot draw (its
// buffer texture limit: 16384 x 8192 on Mesa's llvmpipe).
std::string gridOverTheDisplay() {
    const HeadlessContext context;  // says its limit (kernels/grid_memory.h)
    const std::size_t cells = displayFloatLimit() - kDisplayRangeFloats;
    return "16384x" + std::to_string(cells / 16384 + 1);
}

// heatlab run as runHeatlab() does, under a limit of 6 GB of address space
// (not under AddressSanitizer, whose shadow memory takes more): a grid
// refused too late fails to allocate instead of taking the machine's memory.
CommandResult runHeatlabInSixGigabytes(const std::string& args) {
#if defined(__SANITIZE_ADDRESS__)
    return runHeatlab(args);
#else
    const std::string base = tempPath("heatlab-limited");
    const int raw = std::system(("ulimit -v 6000000 && exec " + heatlabBinary() + " " + args +
                                 " >" + base + ".out 2>" + base + ".err")
                                    .c_str());
    CommandResult result;
    result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    result.out = fileText(base + ".out");
    result.err = fileText(base + ".err");
    std::filesystem::remove(base + ".out");
    std::filesystem::remove(base + ".err");
    return result;
#endif
}

// Issue 44: a cue scene whose grid the display cannot draw passed the
// list's check; when its cue came, `shot --ui --cues` allocated it, said
// one line and went on (exit 0), and a served lecture ended. The list is
// checked whole, grids included, once the GL has said its limit and before
// anything runs: one line, exit 2, no picture and no folder. The grid on
// the command line is refused the same way, with no line before it.
TEST(ShotUi, AGridTheDisplayCannotDrawIsOneLineAndExitTwoBeforeAnythingRuns) {
    const std::string big = gridOverTheDisplay();
    const std::string folder = tempPath("heatlab-big-cue");
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    std::string scene = R"({"heatlab_scene": 1, "params": {"grid": "GRID", "kernel": "optimised",
        "r": "0.24", "boundary": "dirichlet", "initial": "hot-square"}, "window": {"running": true,
        "steps_per_frame": 1, "display_path": "via-host", "colormap": "heat", "range":
        {"automatic": true, "lo": 0, "hi": 1}, "sampling": "extremes", "vsync": true}})";
    scene.replace(scene.find("GRID"), 4, big);
    std::ofstream(folder + "/big.json") << scene;
    std::ofstream(folder + "/cues.json") << R"({"heatlab_cues": 2, "cues": [
        {"caption": "small"}, {"caption": "too large to draw", "scene": "big.json"}]})";
    const std::string out = folder + "/o.png";
    const std::string record = folder + "/record";
    const CommandResult cues = runHeatlabInSixGigabytes(
        "shot --ui --backend cpu --grid 32 --size 320x200 --frames 4 "
        "--cues " +
        folder + "/cues.json --record " + record + " --out " + out);
    EXPECT_EQ(cues.status, 2) << cues.err;
    EXPECT_EQ(std::count(cues.err.begin(), cues.err.end(), '\n'), 1) << cues.err;
    EXPECT_NE(cues.err.find("cue 2: scene big.json: a " + big.substr(0, 5) + " x " + big.substr(6) +
                            " grid has"),
              std::string::npos)
        << cues.err;
    EXPECT_NE(cues.err.find("more than this display can draw"), std::string::npos) << cues.err;
    EXPECT_FALSE(std::filesystem::exists(out));
    EXPECT_FALSE(std::filesystem::exists(record));

    for (const std::string command : {"shot --ui --size 320x200", "shot"}) {
        const CommandResult grid = runHeatlabInSixGigabytes(
            command + " --backend cpu --frames 1 --steps 1 --grid " + big + " --out " + out);
        EXPECT_EQ(grid.status, 2) << command << ": " << grid.err;
        EXPECT_EQ(std::count(grid.err.begin(), grid.err.end(), '\n'), 1) << grid.err;
        EXPECT_NE(grid.err.find("more than this display can draw"), std::string::npos) << grid.err;
        EXPECT_FALSE(std::filesystem::exists(out));
    }
    std::filesystem::remove_all(folder);
}

}  // namespace
}  // namespace heatlab
