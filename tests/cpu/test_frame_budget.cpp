// `shot --stats --frame-budget MS` fills frames of MS with the steps that fit
// beside the display's measured overhead (app/measure/display_stats.h).
// Driven here by a simulated machine of known costs, not a measured one, so
// what is held is the arithmetic of the fill, whatever this machine's speed
// today; the real frames are the benchmark's (and tests/gl's) to measure.

#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "app/measure/display_stats.h"

namespace heatlab {
namespace {

// A machine where a frame costs the display path's overhead plus a fixed
// cost a step; it answers each measure as the frames it would run, and
// counts what it was asked.
struct SimulatedMachine {
    double stepMs = 0.03;
    double interopOverheadMs = 1.0;
    double viaHostOverheadMs = 10.0;
    std::vector<std::pair<int, DisplayPath>> asked;

    ShotStats measure(int stepsPerFrame, DisplayPath path) {
        asked.emplace_back(stepsPerFrame, path);
        const double overhead =
            path == DisplayPath::Interop ? interopOverheadMs : viaHostOverheadMs;
        ShotStats s;
        s.path = name(path);
        s.stepsPerFrame = stepsPerFrame;
        // The overhead split over its three parts, as the timed frames give it.
        s.displayMs = 0.5 * overhead;
        s.drawMs = 0.3 * overhead;
        s.uiMs = 0.2 * overhead;
        s.stepsMs = stepsPerFrame * stepMs;
        s.stepsPerSecondUndisplayed = 1000.0 / stepMs;
        s.stepsPerSecondDisplayed = 1000.0 * stepsPerFrame / (s.stepsMs + overhead);
        return s;
    }
    MeasureFrames frames() {
        return [this](int steps, DisplayPath path) { return measure(steps, path); };
    }
};

TEST(FrameBudget, FillsEachPathsFrameWithTheStepsThatFitBesideItsOverhead) {
    SimulatedMachine machine;
    const std::vector<BudgetRun> runs =
        measureInBudget(machine.frames(), 500.0, {DisplayPath::Interop, DisplayPath::ViaHost}, 2);
    // Each path: a probe at the shot's own steps a frame, then frames of the
    // whole steps that fit: (500 - overhead) ms at 0.03 ms a step.
    const std::vector<std::pair<int, DisplayPath>> expected = {{2, DisplayPath::Interop},
                                                               {16633, DisplayPath::Interop},
                                                               {2, DisplayPath::ViaHost},
                                                               {16333, DisplayPath::ViaHost}};
    EXPECT_EQ(machine.asked, expected);
    ASSERT_EQ(runs.size(), 2u);
    EXPECT_EQ(runs[0].stats.path, "interop");
    EXPECT_EQ(runs[0].stats.stepsPerFrame, 16633);
    EXPECT_DOUBLE_EQ(runs[0].overheadMs, 1.0);
    EXPECT_EQ(runs[1].stats.path, "via-host");
    EXPECT_EQ(runs[1].stats.stepsPerFrame, 16333);
    EXPECT_DOUBLE_EQ(runs[1].overheadMs, 10.0);
    // The share of the undrawn rate: the steps' time over the whole frame's.
    for (const BudgetRun& run : runs) {
        const double stepsMs = run.stats.stepsPerFrame * machine.stepMs;
        EXPECT_NEAR(run.share, stepsMs / (stepsMs + run.overheadMs), 1e-12) << run.stats.path;
        EXPECT_LE(stepsMs + run.overheadMs, 500.0) << "the frame stays within its budget";
        EXPECT_GT(stepsMs + machine.stepMs + run.overheadMs, 500.0) << "one more step would not";
    }
}

TEST(FrameBudget, AMachineTwiceAsSlowFillsTheFrameWithHalfTheSteps) {
    SimulatedMachine fast;
    SimulatedMachine slow;
    slow.stepMs = 2.0 * fast.stepMs;
    const int fastSteps =
        measureInBudget(fast.frames(), 500.0, {DisplayPath::ViaHost}, 2)[0].stats.stepsPerFrame;
    const int slowSteps =
        measureInBudget(slow.frames(), 500.0, {DisplayPath::ViaHost}, 2)[0].stats.stepsPerFrame;
    EXPECT_EQ(fastSteps, 16333);
    EXPECT_EQ(slowSteps, 8166);
}

TEST(FrameBudget, AnOverheadBeyondTheBudgetLeavesOneStepAFrame) {
    SimulatedMachine machine;
    machine.viaHostOverheadMs = 40.0;
    const std::vector<BudgetRun> runs =
        measureInBudget(machine.frames(), 1000.0 / 30.0, {DisplayPath::ViaHost}, 5);
    ASSERT_EQ(runs.size(), 1u);
    EXPECT_EQ(runs[0].stats.stepsPerFrame, 1) << "no room: one step, never none";
    EXPECT_DOUBLE_EQ(runs[0].overheadMs, 40.0);
}

}  // namespace
}  // namespace heatlab
