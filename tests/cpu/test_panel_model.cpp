// The lecture's model, checked without a window or GL: the panel's edits and
// the keys reach the simulation's Params as they should, the navigation
// keeps the cell under the cursor, the stability history, the window's
// default grid and the pace.

#include <cmath>
#include <limits>
#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "app/lecture/input/field_navigation.h"
#include "app/lecture/input/key_commands.h"
#include "app/lecture/measures/stability_history.h"
#include "app/lecture/panel/lecture_settings.h"
#include "app/lecture/panel/panel_edits.h"
#include "app/lecture/run/frame_pacer.h"
#include "app/picture/view_transform.h"
#include "kernels/cpu/cpu_backend.h"

namespace heatlab {
namespace {

TEST(PanelModel, RPastTheBoundReachesTheSimulationAtOnce) {
    Params start;
    start.grid = GridSize{32, 24};
    Simulation simulation(std::make_unique<CpuBackend>(), start);
    LectureSettings state;
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
    LectureSettings state;
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
    LectureSettings state;
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
    LectureSettings state;
    PanelActions actions;
    applyKey(Key::Space, false, state, actions);
    EXPECT_FALSE(state.running);
    applyKey(Key::Space, true, state, actions);  // a held key does not toggle again
    EXPECT_FALSE(state.running);
    applyKey(Key::N, false, state, actions);
    EXPECT_TRUE(actions.singleStep);
    EXPECT_EQ(stepsThisFrame(state, actions), 1);
    EXPECT_EQ(stepsThisFrame(state, PanelActions{}), 0);
    for (Key key : {Key::R, Key::F12, Key::H, Key::Escape}) {
        applyKey(key, false, state, actions);
    }
    // F5 toggles the presenter layout; a held F5 does not flicker, and P
    // (the screenshot) leaves it.
    EXPECT_FALSE(state.presenter);
    applyKey(Key::F5, false, state, actions);
    EXPECT_TRUE(state.presenter);
    applyKey(Key::F5, true, state, actions);
    EXPECT_TRUE(state.presenter);
    applyKey(Key::P, false, state, actions);
    EXPECT_TRUE(state.presenter);
    applyKey(Key::F5, false, state, actions);
    EXPECT_TRUE(actions.reset);
    EXPECT_TRUE(actions.screenshot);
    EXPECT_FALSE(state.panelVisible);
    EXPECT_TRUE(actions.quit);
    // C: the lecture's toggle between copying every step back and never.
    EXPECT_EQ(state.copyEvery, 0);
    applyKey(Key::C, false, state, actions);
    EXPECT_EQ(state.copyEvery, 1);
    applyKey(Key::C, false, state, actions);
    EXPECT_EQ(state.copyEvery, 0);
    // L: linear colours or signed-log, and back; a held L does not flicker.
    EXPECT_EQ(state.picture.scale, ColourScale::Linear);
    applyKey(Key::L, false, state, actions);
    EXPECT_EQ(state.picture.scale, ColourScale::SignedLog);
    applyKey(Key::L, true, state, actions);
    EXPECT_EQ(state.picture.scale, ColourScale::SignedLog);
    applyKey(Key::L, false, state, actions);
    EXPECT_EQ(state.picture.scale, ColourScale::Linear);
    // V: the surface view and back; a held V does not flicker; F then fits
    // its camera, not the flat view (FieldInput::fit).
    EXPECT_FALSE(state.picture.surface);
    applyKey(Key::V, false, state, actions);
    EXPECT_TRUE(state.picture.surface);
    applyKey(Key::V, true, state, actions);
    EXPECT_TRUE(state.picture.surface);
    applyKey(Key::V, false, state, actions);
    EXPECT_FALSE(state.picture.surface);
    state.running = true;
    state.stepsPerFrame = 7;
    EXPECT_EQ(stepsThisFrame(state, PanelActions{}), 7);
}

TEST(PanelModel, ZoomKeepsTheCellUnderTheCursor) {
    FieldNavigation navigation;
    const GridSize grid{100, 50};
    EXPECT_FALSE(navigation.view());
    navigation.zoom(3.0, 150.0f, 60.0f, 400, 200, grid);
    ASSERT_TRUE(navigation.view());
    const ViewTransform fitted = fitView(grid.nx, grid.ny, 400, 200);
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
    history.add(15, 1.0f, 0.5, 0.24f);  // a new r: the same run, the line's anchor moves
    EXPECT_EQ(history.steps(), (std::vector<long long>{5, 15}));
    EXPECT_EQ(history.r(), 0.24f);
    EXPECT_EQ(history.rSince(), 15);
    history.clear();
    history.add(15, 1.0f, 0.5, 0.24f);
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

// A paused run is measured every frame at the same step: each measure
// replaces the newest point (the field may have been painted meanwhile), so
// a long pause keeps the run's whole history and no zero-length segment.
TEST(PanelModel, TheStabilityHistoryKeepsOnePointAStep) {
    StabilityHistory history;
    for (long long step = 0; step <= 100; step += 10) {
        history.add(step, 1.0f, 0.5, 0.24f);
    }
    for (int frame = 0; frame < 5000; ++frame) {
        history.add(100, 2.0f, 0.25, 0.24f);
    }
    ASSERT_EQ(history.steps().size(), 11u);
    EXPECT_EQ(history.steps().front(), 0);
    EXPECT_EQ(history.steps().back(), 100);
    EXPECT_EQ(history.maxAbs().back(), 2.0f);
    EXPECT_EQ(history.amplitude().back(), 0.25);
    EXPECT_EQ(history.amplitude()[9], 0.5);
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

// The window's grid where none is asked for: 512 where the field lives in
// host memory (the CPU backend keeps 30 frames a second on two cores), 2048
// on a device (the CUDA backend's facts).
TEST(PanelModel, TheWindowsDefaultGridIs512OnTheCpuAnd2048OnCuda) {
    const GridSize cpu = defaultWindowGrid(CpuBackend().facts());
    EXPECT_EQ(cpu.nx, 512);
    EXPECT_EQ(cpu.ny, 512);
    BackendFacts cuda;
    cuda.name = "cuda";
    cuda.fieldInHostMemory = false;
    const GridSize device = defaultWindowGrid(cuda);
    EXPECT_EQ(device.nx, 2048);
    EXPECT_EQ(device.ny, 2048);
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
