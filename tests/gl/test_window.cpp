// The lecture window (`heatlab` with no command): run for a few frames under
// Xvfb it writes the field at grid resolution as `heatlab shot` would; it
// starts from a scene file (--scene) and in presenter mode (--presenter); the
// panel's model and the keys edit the simulation's Params as they should,
// checked without a window; with no display it says so in one line.

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

#include "app/io/png_file.h"
#include "app/ui/field_navigation.h"
#include "app/ui/frame_pacer.h"
#include "app/ui/imgui_layer.h"
#include "app/ui/key_commands.h"
#include "app/ui/panel_state.h"
#include "app/ui/stability_meter.h"
#include "kernels/cpu/cpu_backend.h"
#include "tests/support/file_text.h"
#include "tests/support/run_command.h"

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
        "--display-path via-host --copy-every 1 --pinned --screenshot " +
        path);
    ASSERT_EQ(result.status, 0) << result.err;
    auto text = textOf(readPng(path));
    EXPECT_EQ(text["heatlab.colormap"], "grey");
    EXPECT_EQ(text["heatlab.range"], "locked -1 1");
    EXPECT_EQ(text["heatlab.display-path"], "via-host");
    std::filesystem::remove(path);
    for (const char* bad :
         {"--copy-every -1", "--colormap rainbow", "--range 1 0", "--pace warp",
          "--steps-per-second 0", "--steps-per-second 100001", "--steps-per-second 2.5"}) {
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

TEST(Window, AnOverflowPausesTheRun) {
    const std::string path = tempPath("heatlab-window-overflow.png");
    const CommandResult result = runHeatlab(
        "--backend cpu --grid 33 --r 1 --frames 100 --steps-per-frame 10 --screenshot " + path);
    ASSERT_EQ(result.status, 0) << result.err;
    auto text = textOf(readPng(path));
    const long long steps = std::stoll(text["heatlab.steps"]);
    EXPECT_GT(steps, 0);
    EXPECT_LT(steps, 200) << "kept stepping after the overflow";
    const std::string maxAbs = text["heatlab.max-abs"];
    EXPECT_TRUE(maxAbs == "inf" || maxAbs == "nan" || maxAbs == "-nan") << maxAbs;
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
                   "sampling": "extremes", "vsync": false}})");
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
    // x1.75, give or take the rounding to whole pixels.
    EXPECT_NEAR(presenterPanel, static_cast<float>(plainPanel) * kPresenterScale, 4.0)
        << plainPanel;
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

TEST(PanelModel, RPastTheBoundReachesTheSimulationAtOnce) {
    Params start;
    start.grid = GridSize{32, 24};
    Simulation simulation(std::make_unique<CpuBackend>(), start);
    PanelState state;
    state.params = simulation.params();
    state.params.r = 0.26f;
    state.params.kernel = Kernel::Global;
    applyPanelEdits(simulation, state.params, false);
    EXPECT_EQ(simulation.params().r, 0.26f);
    EXPECT_EQ(simulation.params().kernel, Kernel::Global);
}

TEST(PanelModel, GridBoundaryAndInitialWaitForTheReset) {
    Params start;
    start.grid = GridSize{32, 24};
    Simulation simulation(std::make_unique<CpuBackend>(), start);
    simulation.advance(5);
    PanelState state;
    state.params = simulation.params();
    state.params.grid = GridSize{40, 20};
    state.params.boundary = Boundary::Periodic;
    state.params.initial = InitialCondition::Sine;
    EXPECT_TRUE(pendingOnReset(simulation.params(), state.params));
    applyPanelEdits(simulation, state.params, false);
    EXPECT_EQ(simulation.params().grid.nx, 32);
    EXPECT_EQ(simulation.params().boundary, Boundary::Dirichlet);
    EXPECT_EQ(simulation.stepCount(), 5);
    applyPanelEdits(simulation, state.params, true);
    EXPECT_EQ(simulation.params().grid.nx, 40);
    EXPECT_EQ(simulation.params().grid.ny, 20);
    EXPECT_EQ(simulation.params().boundary, Boundary::Periodic);
    EXPECT_EQ(simulation.params().initial, InitialCondition::Sine);
    EXPECT_EQ(simulation.stepCount(), 0);
    EXPECT_EQ(simulation.fieldOnHost().size(), std::size_t{40 * 20});
    EXPECT_FALSE(pendingOnReset(simulation.params(), state.params));
}

TEST(PanelModel, ArrowKeysWalkRAcrossTheBoundInExactThousandths) {
    PanelState state;
    PanelActions actions;
    state.params.r = 0.24f;
    for (int i = 0; i < 10; ++i) {
        applyKey(Key::Up, i > 0, state, actions);
    }
    EXPECT_EQ(state.params.r, 0.25f);  // exactly the bound, not a float just past it
    applyKey(Key::Up, false, state, actions);
    EXPECT_EQ(state.params.r, 0.251f);
    applyKey(Key::Down, false, state, actions);
    EXPECT_EQ(state.params.r, 0.25f);
    state.params.r = 0.001f;
    applyKey(Key::Down, false, state, actions);
    EXPECT_EQ(state.params.r, 0.001f);  // r stays above 0
    EXPECT_EQ(acceptedR(0.0f, 0.2f), 0.2f);
    EXPECT_EQ(acceptedR(1.5f, 0.2f), 0.2f);
    EXPECT_EQ(acceptedR(0.26f, 0.2f), 0.26f);
}

TEST(PanelModel, KeysMapToTheirActions) {
    PanelState state;
    PanelActions actions;
    applyKey(Key::Space, false, state, actions);
    EXPECT_FALSE(state.settings.running);
    applyKey(Key::Space, true, state, actions);  // a held key does not toggle again
    EXPECT_FALSE(state.settings.running);
    applyKey(Key::N, false, state, actions);
    EXPECT_TRUE(actions.singleStep);
    EXPECT_EQ(stepsThisFrame(state.settings, actions), 1);
    EXPECT_EQ(stepsThisFrame(state.settings, PanelActions{}), 0);
    for (Key key : {Key::R, Key::F12, Key::H, Key::Escape}) {
        applyKey(key, false, state, actions);
    }
    EXPECT_TRUE(togglesPresenter(Key::F5, false));
    EXPECT_FALSE(togglesPresenter(Key::F5, true));
    EXPECT_FALSE(togglesPresenter(Key::P, false));
    EXPECT_TRUE(actions.reset);
    EXPECT_TRUE(actions.screenshot);
    EXPECT_FALSE(state.settings.panelVisible);
    EXPECT_TRUE(actions.quit);
    // C: the lecture's toggle between copying every step back and never.
    EXPECT_EQ(state.settings.copyEvery, 0);
    applyKey(Key::C, false, state, actions);
    EXPECT_EQ(state.settings.copyEvery, 1);
    applyKey(Key::C, false, state, actions);
    EXPECT_EQ(state.settings.copyEvery, 0);
    state.settings.running = true;
    state.settings.stepsPerFrame = 7;
    EXPECT_EQ(stepsThisFrame(state.settings, PanelActions{}), 7);
}

TEST(PanelModel, ZoomKeepsTheCellUnderTheCursor) {
    FieldNavigation navigation;
    const GridSize grid{100, 50};
    EXPECT_FALSE(navigation.view());
    navigation.zoom(3.0, 150.0f, 60.0f, 400, 200, grid);
    ASSERT_TRUE(navigation.view());
    const ViewTransform fitted = FieldRenderer::fit(grid.nx, grid.ny, 400, 200);
    const ViewTransform zoomed = *navigation.view();
    EXPECT_LT(zoomed.cellsPerPixel, fitted.cellsPerPixel);
    FieldNavigation fittedNavigation;
    const glm::vec2 before = fittedNavigation.cellAt(150.0f, 60.0f, 400, 200, grid);
    const glm::vec2 after = navigation.cellAt(150.0f, 60.0f, 400, 200, grid);
    EXPECT_NEAR(before.x, after.x, 1e-3f);
    EXPECT_NEAR(before.y, after.y, 1e-3f);
    navigation.fit();
    EXPECT_FALSE(navigation.view());
}

// Where the mouse paints: the pixel under the cursor maps to the cell drawn
// there (a 96 x 64 grid fitted into 960 x 640 pixels: ten pixels a cell),
// and painting there raises that cell and no cell outside the brush.
TEST(PanelModel, PaintingAtAPixelRaisesTheCellDrawnThere) {
    const GridSize grid{96, 64};
    FieldNavigation navigation;
    const glm::vec2 cell = navigation.cellAt(455.0f, 325.0f, 960, 640, grid);
    EXPECT_NEAR(cell.x, 45.5f, 1e-4f);
    EXPECT_NEAR(cell.y, 32.5f, 1e-4f);

    CpuBackend backend;
    const std::vector<float> cold(grid.cells(), 0.0f);
    backend.upload(grid, cold.data(), Boundary::Dirichlet);
    backend.paint(cell.x, cell.y, 1.5f, 1.0f);
    std::vector<float> field(grid.cells());
    backend.copyToHost(field.data(), HostMemory::Pageable);
    EXPECT_EQ(field[32 * 96 + 45], 1.0f);
    EXPECT_EQ(field[32 * 96 + 47], 0.0f);
    EXPECT_EQ(field[30 * 96 + 45], 0.0f);
}

// The stability meter's history: a reset (the step count going back) or a
// new r starts it again, overflowed values are left out, and a long run
// keeps its whole span in a bounded number of points.
TEST(PanelModel, TheStabilityHistoryFollowsOneRunAtOneR) {
    const float inf = std::numeric_limits<float>::infinity();
    StabilityHistory history;
    history.add(10, 1.0f, 0.5, 0.26f);
    history.add(20, 2.0f, -0.54, 0.26f);
    history.add(30, inf, std::nan(""), 0.26f);
    EXPECT_EQ(history.steps().size(), 2u);
    history.add(5, 1.0f, 0.5, 0.26f);  // reset
    EXPECT_EQ(history.steps(), std::vector<long long>{5});
    history.add(15, 1.0f, 0.5, 0.24f);  // a new r
    EXPECT_EQ(history.steps(), std::vector<long long>{15});
    EXPECT_EQ(history.r(), 0.24f);
    for (long long step = 16; step < 20000; ++step) {
        history.add(step, 1.0f, 1.0 / static_cast<double>(step), 0.24f);
    }
    EXPECT_LE(history.steps().size(), 2000u);
    EXPECT_EQ(history.steps().front(), 15);
    EXPECT_EQ(history.steps().back(), 19999);
    // Thinning keeps each point's values with its step.
    ASSERT_EQ(history.amplitude().size(), history.steps().size());
    ASSERT_EQ(history.maxAbs().size(), history.steps().size());
    for (std::size_t i = 1; i < history.steps().size(); ++i) {
        EXPECT_DOUBLE_EQ(history.amplitude()[i], 1.0 / static_cast<double>(history.steps()[i]));
    }
}

// The amplitude is kept as a magnitude (its sign flips every unstable step);
// a value the log scale cannot show is kept as NaN beside one it can, and a
// caller that does not measure the amplitude records it as unknown.
TEST(PanelModel, TheStabilityHistoryKeepsTheCheckerboardAmplitudesMagnitude) {
    StabilityHistory history;
    history.add(1, 1.0f, -0.25, 0.26f);
    history.add(2, 1.0f, 0.0, 0.26f);
    history.add(3, std::numeric_limits<float>::infinity(), 1e30, 0.26f);
    history.add(4, 0.0f, 0.0, 0.26f);  // nothing to show: not recorded
    ASSERT_EQ(history.steps(), (std::vector<long long>{1, 2, 3}));
    EXPECT_EQ(history.amplitude()[0], 0.25);
    EXPECT_TRUE(std::isnan(history.amplitude()[1]));
    EXPECT_EQ(history.amplitude()[2], 1e30);
    EXPECT_TRUE(std::isnan(history.maxAbs()[2]));

    StabilityHistory unmeasured;
    unmeasured.add(1, 2.0f, 0.26f);
    ASSERT_EQ(unmeasured.steps().size(), 1u);
    EXPECT_EQ(unmeasured.maxAbs()[0], 2.0f);
    EXPECT_TRUE(std::isnan(unmeasured.amplitude()[0]));
}

// The pace of the steps: a fixed count; as many as keep frames within
// their budget, found from the frames before (and fewer at once when a frame
// runs over); or a rate in steps a second that holds whatever the frame time.
TEST(PanelModel, ThePaceKeepsFramesWithinTheirBudgetOrHoldsAStepRate) {
    FramePacer fixed;
    PaceSettings settings;
    settings.stepsPerFrame = 7;
    EXPECT_EQ(fixed.next(settings, 0.5, 7), 7);

    // A simulated machine: a frame costs 2 ms plus 0.1 ms a step.
    FramePacer adaptive;
    settings.pace = Pace::FrameBudget;
    int steps = 1;
    for (int frame = 0; frame < 200; ++frame) {
        steps = adaptive.next(settings, (2.0 + 0.1 * steps) / 1000.0, steps);
    }
    const double frameMs = 2.0 + 0.1 * steps;
    EXPECT_LE(frameMs, settings.budgetMs);
    EXPECT_GE(frameMs, 0.5 * settings.budgetMs) << steps << " steps";
    const int before = steps;
    steps = adaptive.next(settings, 0.5, steps);  // one slow frame (a window drag)
    EXPECT_LT(steps, before);

    FramePacer rate;
    settings.pace = Pace::StepsPerSecond;
    settings.stepsPerSecond = 45.0;
    int total = 0;
    for (int frame = 0; frame < 600; ++frame) {  // ten seconds at 60 frames a second
        total += rate.next(settings, 1.0 / 60.0, 0);
    }
    EXPECT_NEAR(total, 450, 1);
}

}  // namespace
}  // namespace heatlab
