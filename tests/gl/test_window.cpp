// The lecture window (`heatlab` with no command): run for a few frames under
// Xvfb it writes the field at grid resolution as `heatlab shot` would; it
// starts from a scene file (--scene) and in presenter mode (--presenter);
// plays a cue list (--cues), a bad one refused before any window;
// with no display it says so in one line; a frame that fails (the test hook
// HEATLAB_TEST_FRAME_FAULT) is one line and the window goes on, three in a
// row end it with one line and exit 1. The panel's model and the keys are
// checked without a window in tests/cpu/test_panel_model.cpp.

#include <stdlib.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include <gtest/gtest.h>
#include <imgui.h>

#include "app/io/png_file.h"
#include "app/lecture/panel/lecture_settings.h"
#include "app/platform/headless_context.h"
#include "app/ui/imgui/imgui_layer.h"
#include "app/ui/panel/frame_breakdown.h"
#include "app/ui/panel/panel.h"
#include "kernels/cpu/cpu_backend.h"
#include "tests/support/file_text.h"
#include "tests/support/run_command.h"
#include "tests/support/scoped_env.h"

namespace heatlab {
namespace {

std::string tempPath(const std::string& name) { return ::testing::TempDir() + name; }

std::map<std::string, std::string> textOf(const DecodedPng& png) {
    return std::map<std::string, std::string>(png.text.begin(), png.text.end());
}

TEST(Window, RunsTheFramesAndWritesTheFieldAtGridResolution) {
    const std::string path = tempPath("heatlab-window-w.png");
    const std::string whole = tempPath("heatlab-window-whole.png");
    std::filesystem::remove(path);
    std::filesystem::remove(whole);
    const CommandResult result =
        runHeatlab("--backend cpu --grid 96x64 --frames 20 --steps-per-frame 3 --screenshot " +
                   path + " --screenshot-window " + whole);
    ASSERT_EQ(result.status, 0) << result.err;
    const DecodedPng png = readPng(path);
    EXPECT_EQ(png.image.width, 96);
    EXPECT_EQ(png.image.height, 64);
    auto text = textOf(png);
    EXPECT_EQ(text["heatlab.steps"], "60");  // 20 frames of 3 steps
    EXPECT_EQ(text["heatlab.grid"], "96x64");
    EXPECT_EQ(text["heatlab.display-path"], "via-host");
    // The whole window: larger than the field, the panel beside it.
    const DecodedPng window = readPng(whole);
    EXPECT_GT(window.image.width, 96);
    EXPECT_GT(window.image.height, 64);
    std::filesystem::remove(path);
    std::filesystem::remove(whole);
}

TEST(Window, TheDefaultStepsPerFrameAreCountedToo) {
    const std::string path = tempPath("heatlab-window-default.png");
    const CommandResult result =
        runHeatlab("--backend cpu --grid 96x64 --frames 20 --screenshot " + path);
    ASSERT_EQ(result.status, 0) << result.err;
    auto text = textOf(readPng(path));
    EXPECT_EQ(text["heatlab.steps"], std::to_string(20 * kDefaultStepsPerFrame));
    std::filesystem::remove(path);
}

// Every picture option of heatlab shot, and the copy-back policy, can be
// set at start with the same names.
TEST(Window, ThePictureAndCopyBackOptionsApplyFromTheStart) {
    const std::string path = tempPath("heatlab-window-options.png");
    const CommandResult result = runHeatlab(
        "--backend cpu --grid 40x30 --frames 4 --colormap grey --range -1 1 --sampling nearest "
        "--display-path via-host --copy-every 1 --pinned --scale signed-log --screenshot " +
        path);
    ASSERT_EQ(result.status, 0) << result.err;
    auto text = textOf(readPng(path));
    EXPECT_EQ(text["heatlab.colormap"], "grey");
    EXPECT_EQ(text["heatlab.range"], "locked -1 1");
    EXPECT_EQ(text["heatlab.display-path"], "via-host");
    EXPECT_EQ(text["heatlab.scale"], "signed-log");
    std::filesystem::remove(path);
    for (const char* bad :
         {"--copy-every -1", "--colormap rainbow", "--scale log", "--scale-reference 0",
          "--range 1 0", "--pace warp", "--steps-per-second 0", "--steps-per-second 100001",
          "--steps-per-second 2.5"}) {
        const CommandResult refused = runHeatlab(std::string("--frames 1 ") + bad);
        EXPECT_EQ(refused.status, 2) << bad << ": " << refused.err;
        EXPECT_EQ(std::count(refused.err.begin(), refused.err.end(), '\n'), 1) << refused.err;
    }
}

// At r = 1 the checkerboard grows sevenfold a step and overflows within
// about fifty: the run must pause itself there instead of stepping on.
TEST(Window, ThePaceAndVsyncApplyFromTheStart) {
    const std::string path = tempPath("heatlab-window-pace.png");
    // Five steps a second over frames that take far less than a second each:
    // the count stays far below one a frame.
    const CommandResult result = runHeatlab(
        "--backend cpu --grid 40x30 --frames 6 --pace steps-per-second "
        "--steps-per-second 5 --no-vsync --screenshot " +
        path);
    ASSERT_EQ(result.status, 0) << result.err;
    EXPECT_LT(std::stoi(textOf(readPng(path))["heatlab.steps"]), 6);
    std::filesystem::remove(path);
}

// Past the bound, at 10 steps a frame (the explosion's own pace turned
// off), the run pauses before the floats overflow: the last picture is
// finite, its max |u| near the pause amplitude (1e30).
TEST(Window, AnUnstableRunPausesBeforeTheFloatsOverflow) {
    const std::string path = tempPath("heatlab-window-overflow.png");
    const CommandResult result = runHeatlab(
        "--backend cpu --grid 33 --r 1 --frames 100 --steps-per-frame 10 "
        "--explosion-pace 0 --screenshot " +
        path);
    ASSERT_EQ(result.status, 0) << result.err;
    auto text = textOf(readPng(path));
    const long long steps = std::stoll(text["heatlab.steps"]);
    EXPECT_GT(steps, 0);
    EXPECT_LT(steps, 200) << "kept stepping past the pause";
    const double maxAbs = std::stod(text["heatlab.max-abs"]);
    EXPECT_TRUE(std::isfinite(maxAbs)) << text["heatlab.max-abs"];
    EXPECT_GT(maxAbs, 1e25);
    EXPECT_LT(maxAbs, 1e30);
    std::filesystem::remove(path);
}

TEST(Window, StartsFromASceneFile) {
    const std::string scene = tempPath("heatlab-window-scene.json");
    const std::string path = tempPath("heatlab-window-scene.png");
    writeFileText(scene, R"({"heatlab_scene": 1,
        "params": {"grid": "64x48", "kernel": "global", "r": "0.26", "boundary": "periodic",
                   "initial": "sine"},
        "window": {"running": true, "steps_per_frame": 2, "display_path": "via-host",
                   "colormap": "diverging", "range": {"automatic": true, "lo": 0, "hi": 1},
                   "sampling": "extremes", "vsync": false, "explosion_pace": 0}})");
    const CommandResult result =
        runHeatlab("--backend cpu --scene " + scene + " --frames 3 --screenshot " + path);
    ASSERT_EQ(result.status, 0) << result.err;
    const DecodedPng png = readPng(path);
    EXPECT_EQ(png.image.width, 64);
    EXPECT_EQ(png.image.height, 48);
    auto text = textOf(png);
    EXPECT_EQ(text["heatlab.r"], "0.26");
    EXPECT_EQ(text["heatlab.grid"], "64x48");
    EXPECT_EQ(text["heatlab.kernel"], "global");
    EXPECT_EQ(text["heatlab.boundary"], "periodic");
    EXPECT_EQ(text["heatlab.colormap"], "diverging");
    EXPECT_EQ(text["heatlab.steps"], "6");  // 3 frames of the scene's 2 steps
    std::filesystem::remove(scene);
    std::filesystem::remove(path);
}

TEST(Window, ABadSceneIsOneLineAndExit2BeforeAnyWindow) {
    const std::string scene = tempPath("heatlab-window-bad-scene.json");
    writeFileText(scene, R"({"heatlab_scene": 1, "params": {"grid": "64x4)");
    const CommandResult result = runHeatlab("--backend cpu --frames 2 --scene " + scene);
    EXPECT_EQ(result.status, 2) << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
    EXPECT_NE(result.err.find(scene), std::string::npos) << result.err;
    const CommandResult both = runHeatlab("--backend cpu --frames 2 --r 0.2 --scene " + scene);
    EXPECT_EQ(both.status, 2) << both.err;
    std::filesystem::remove(scene);
}

// Lines of `text` that hold `part`.
long linesWith(const std::string& text, const std::string& part) {
    long count = 0;
    for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) {
        ++count;
    }
    return count;
}

TEST(Window, AFrameThatFailsIsOneLineAndTheWindowGoesOn) {
    const std::string path = tempPath("heatlab-window-fault.png");
    const ScopedEnv fault("HEATLAB_TEST_FRAME_FAULT", "step@4");
    const CommandResult result = runHeatlab(
        "--backend cpu --grid 96x64 --frames 10 --steps-per-frame 3 --screenshot " + path);
    EXPECT_EQ(result.status, 0) << result.err;
    EXPECT_NE(result.err.find("\nheatlab: a frame failed (the steps failed: a test's fault "
                              "(HEATLAB_TEST_FRAME_FAULT=step@4)): the lecture goes on as it was, "
                              "at step 9\n"),
              std::string::npos)
        << result.err;
    EXPECT_EQ(linesWith(result.err, "test's fault"), 1) << result.err;
    // Ten frames drawn, each stepped: the failed one's steps ran in the
    // frame drawn again.
    EXPECT_EQ(textOf(readPng(path))["heatlab.steps"], "30");
    std::filesystem::remove(path);
}

TEST(Window, ThreeFramesFailingInARowEndItWithOneLineAndExit1) {
    const ScopedEnv fault("HEATLAB_TEST_FRAME_FAULT", "always@3");
    const CommandResult result = runHeatlab("--backend cpu --grid 96x64 --frames 10");
    EXPECT_EQ(result.status, 1) << result.err;
    const std::string last =
        "heatlab: error: the lecture ended: 3 frames in a row failed, the last "
        "with: the steps failed: a test's fault "
        "(HEATLAB_TEST_FRAME_FAULT=always@3)\n";
    ASSERT_GE(result.err.size(), last.size()) << result.err;
    EXPECT_EQ(result.err.substr(result.err.size() - last.size()), last) << result.err;
    EXPECT_EQ(linesWith(result.err, "test's fault"), 1) << result.err;
}

TEST(Window, AFrameFaultItCannotReadIsOneLineAndExit2BeforeAnyWindow) {
    const ScopedEnv fault("HEATLAB_TEST_FRAME_FAULT", "sometimes");
    const CommandResult result = runHeatlab("--backend cpu --frames 2");
    EXPECT_EQ(result.status, 2) << result.err;
    EXPECT_EQ(result.err,
              "heatlab: HEATLAB_TEST_FRAME_FAULT=sometimes: give step, always or lost, each "
              "optionally with @N (N >= 1)\n");
}

TEST(Window, ABadCueListIsOneLineNamingTheCueAndExit2BeforeAnyWindow) {
    const std::string cues = tempPath("heatlab-window-bad-cues.json");
    writeFileText(cues, R"({"heatlab_cues": 1, "cues": [{"r": 0.24}, {"ramp_r": 0.26}]})");
    const CommandResult result = runHeatlab("--backend cpu --frames 2 --cues " + cues);
    EXPECT_EQ(result.status, 2) << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
    EXPECT_NE(result.err.find(cues + ": cue 2.ramp_r must be an object"), std::string::npos)
        << result.err;
    std::filesystem::remove(cues);
}

TEST(Window, PlaysTheShippedCueList) {
    const CommandResult result = runHeatlab("--backend cpu --frames 3 --cues lecture");
    EXPECT_EQ(result.status, 0) << result.err;
}

// The panel's left edge in a picture of the whole window: along a row near
// the bottom, below the field (a wide grid leaves background there) and the
// key strip, the first pixel that is not the background.
int panelLeftEdge(const RgbImage& image) {
    const int y = image.height - 3;
    const std::uint8_t* background = image.at(0, y);
    for (int x = 0; x < image.width; ++x) {
        if (!std::equal(background, background + 3, image.at(x, y))) {
            return x;
        }
    }
    return image.width;
}

TEST(Window, PresenterModeWidensThePanel) {
    const std::string plain = tempPath("heatlab-window-plain.png");
    const std::string presenter = tempPath("heatlab-window-presenter.png");
    const std::string common = "--backend cpu --grid 64x32 --frames 2 --screenshot-window ";
    const CommandResult a = runHeatlab(common + plain);
    ASSERT_EQ(a.status, 0) << a.err;
    const CommandResult b = runHeatlab("--presenter " + common + presenter);
    ASSERT_EQ(b.status, 0) << b.err;
    const RgbImage plainImage = readPng(plain).image;
    const RgbImage presenterImage = readPng(presenter).image;
    ASSERT_EQ(plainImage.width, presenterImage.width);
    const int plainPanel = plainImage.width - panelLeftEdge(plainImage);
    const int presenterPanel = presenterImage.width - panelLeftEdge(presenterImage);
    EXPECT_GT(plainPanel, 0);
    // The presenter scale for the window's height (x1.3 at 800 lines), give
    // or take the rounding to whole pixels.
    const float scale = presenterScale(static_cast<float>(presenterImage.height));
    EXPECT_GT(scale, 1.0f);
    EXPECT_NEAR(presenterPanel, static_cast<float>(plainPanel) * scale, 4.0) << plainPanel;
    std::filesystem::remove(plain);
    std::filesystem::remove(presenter);
}

// Unsets a variable for the life of the guard: heatlab runs with what this
// process has.
class Unset {
public:
    explicit Unset(const char* name) : name_(name) {
        const char* value = std::getenv(name);
        if (value != nullptr) {
            saved_ = value;
        }
        ::unsetenv(name);
    }
    ~Unset() {
        if (saved_) {
            ::setenv(name_, saved_->c_str(), 1);
        }
    }
    Unset(const Unset&) = delete;
    Unset& operator=(const Unset&) = delete;

private:
    const char* name_;
    std::optional<std::string> saved_;
};

TEST(Window, NoDisplayIsOneLineNamingWhatWorksWithoutOne) {
    const Unset display("DISPLAY");
    const Unset wayland("WAYLAND_DISPLAY");
    const CommandResult result = runHeatlab("--frames 2");
    EXPECT_EQ(result.status, 2) << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
    EXPECT_NE(result.err.find("heatlab shot"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("display"), std::string::npos) << result.err;
}

TEST(Window, WindowOptionsBeforeACommandAreRefused) {
    const CommandResult result = runHeatlab("--grid 16 shot --backend cpu");
    EXPECT_EQ(result.status, 2);
    EXPECT_NE(result.err.find("--grid"), std::string::npos) << result.err;
    for (const char* bad : {"--frames 0", "--steps-per-frame 0", "--r 0.3x",
                            "--screenshot /nonexistent-folder/w.png"}) {
        const CommandResult refused = runHeatlab(std::string(bad) + " --backend cpu");
        EXPECT_EQ(refused.status, 2) << bad;
        EXPECT_EQ(std::count(refused.err.begin(), refused.err.end(), '\n'), 1)
            << bad << ": " << refused.err;
    }
}

// The frame breakdown's legend (a part a row: its name, time and share)
// fits the panel of a 1280 x 800 window, its scrollbar showing, at scale 1
// and in presenter mode, and its columns hold every time %.3g can print and
// every share: no part of it is cut by the next column or the panel's edge.
TEST(WindowPanel, TheFrameBreakdownLegendIsNeverCut) {
    const HeadlessContext context;
    ImGuiLayer imgui(1.0f);
    for (const bool presenter : {false, true}) {
        imgui.setPresenter(presenter);
        imgui.beginFrame(PixelSize{1280, 800}, 1.0f);
        const ImGuiStyle& style = ImGui::GetStyle();
        // As LectureUi sizes the panel; a section's content is not indented.
        const float panel = std::min(kPanelWidth * imgui.scale(), 1280.0f);
        const float content = panel - 2.0f * style.WindowPadding.x - style.ScrollbarSize;
        const LegendLayout layout = legendLayout();
        EXPECT_LE(layout.total, content) << "presenter " << presenter;
        EXPECT_GE(layout.name, layout.swatch + ImGui::CalcTextSize("display").x);
        for (double ms = 1.0e-9; ms < 1.0e12; ms *= 1.37) {
            const std::string time = legendTime(ms);
            EXPECT_LE(ImGui::CalcTextSize(time.c_str()).x, layout.time) << time;
        }
        for (double ms : {0.0, 0.004, 0.5, 9.6, 10.0, 55.5, 99.4, 99.6, 100.0}) {
            const std::string share = legendShare(ms, 100.0);
            EXPECT_LE(ImGui::CalcTextSize(share.c_str()).x, layout.share) << share;
        }
        ImGui::EndFrame();
    }
}

}  // namespace
}  // namespace heatlab
