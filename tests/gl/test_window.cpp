// The lecture window (`heatlab` with no command): run for a few frames under
// Xvfb it writes the field at grid resolution as `heatlab shot` would; the
// panel's model and the keys edit the simulation's Params as they should,
// checked without a window; with no display it says so in one line.

#include <stdlib.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include <gtest/gtest.h>

#include "app/io/png_file.h"
#include "app/ui/field_navigation.h"
#include "app/ui/key_commands.h"
#include "app/ui/panel_state.h"
#include "kernels/cpu/cpu_backend.h"
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

// At r = 1 the checkerboard grows sevenfold a step and overflows within
// about fifty: the run must pause itself there instead of stepping on.
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
    EXPECT_TRUE(actions.reset);
    EXPECT_TRUE(actions.screenshot);
    EXPECT_FALSE(state.settings.panelVisible);
    EXPECT_TRUE(actions.quit);
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
    const auto cellAt = [](const ViewTransform& v, float x, float y) {
        return v.centre + glm::vec2(x - 200.0f, y - 100.0f) * v.cellsPerPixel;
    };
    const glm::vec2 before = cellAt(fitted, 150.0f, 60.0f);
    const glm::vec2 after = cellAt(zoomed, 150.0f, 60.0f);
    EXPECT_NEAR(before.x, after.x, 1e-3f);
    EXPECT_NEAR(before.y, after.y, 1e-3f);
    navigation.fit();
    EXPECT_FALSE(navigation.view());
}

}  // namespace
}  // namespace heatlab
