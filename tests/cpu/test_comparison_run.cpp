// The A/B comparison's pane B (app/lecture/comparison_run.h) on the CPU
// backend, on grids no block size divides: equal settings stay equal to the
// bit; the optimised and the temporal kernel stay equal to the bit on every
// boundary; r = 0.25 against 0.26 from the same field differ by a
// checkerboard that grows by the grid's own factor at 0.26; a reset of pane
// A restarts B from its field; the split and pane B's settings go through
// scenes and cue lists.

#include <cmath>
#include <memory>

#include <gtest/gtest.h>

#include "app/lecture/comparison_run.h"
#include "app/lecture/cue_list.h"
#include "app/lecture/scene.h"
#include "kernels/base/errors.h"
#include "kernels/cpu/cpu_backend.h"
#include "kernels/numerics/grid_modes.h"

namespace heatlab {
namespace {

LectureSettings splitSettings(const GridSize& grid, Boundary boundary) {
    LectureSettings s;
    s.backend = BackendChoice::Cpu;
    s.params.grid = grid;
    s.params.boundary = boundary;
    s.params.r = 0.24f;
    s.comparison.split = true;
    return s;
}

// Both panes advanced by the same steps, as the window's frames do.
void lockstep(Simulation& a, ComparisonRun& run, int steps) {
    a.advance(steps);
    run.simulation().advance(steps);
}

TEST(ComparisonRun, EqualSettingsStayEqualToTheBit) {
    LectureSettings s = splitSettings(GridSize{67, 45}, Boundary::Dirichlet);
    Simulation a(std::make_unique<CpuBackend>(), s.params);
    a.advance(11);
    ComparisonRun run;
    run.start(a, s);
    EXPECT_EQ(run.simulation().stepCount(), 11) << "B starts at A's step";
    EXPECT_EQ(run.difference(a).maxAbs, 0.0) << "and from A's field";
    for (int frame = 0; frame < 5; ++frame) {
        EXPECT_FALSE(run.apply(s, BackendChoice::Cpu));
        lockstep(a, run, 13);
    }
    const PaneDifference d = run.difference(a);
    EXPECT_EQ(d.step, 76);
    EXPECT_EQ(d.maxAbs, 0.0);
}

TEST(ComparisonRun, OptimisedAgainstTemporalIsExactOnEveryBoundary) {
    for (Boundary boundary : allBoundaries()) {
        SCOPED_TRACE(name(boundary));
        LectureSettings s = splitSettings(GridSize{71, 53}, boundary);
        s.comparison.b.kernel = Kernel::Temporal;
        Simulation a(std::make_unique<CpuBackend>(), s.params);
        ComparisonRun run;
        run.start(a, s);
        run.apply(s, BackendChoice::Cpu);
        ASSERT_EQ(run.simulation().params().kernel, Kernel::Temporal);
        for (int frame = 0; frame < 4; ++frame) {
            lockstep(a, run, 7 + frame * 5);  // not multiples of the temporal pass
        }
        EXPECT_EQ(run.difference(a).maxAbs, 0.0);
    }
}

TEST(ComparisonRun, TheDifferenceAcrossTheBoundGrowsByTheGridsOwnFactor) {
    LectureSettings s = splitSettings(GridSize{43, 37}, Boundary::Dirichlet);
    s.params.r = 0.25f;
    s.comparison.b.r = 0.26f;
    Simulation a(std::make_unique<CpuBackend>(), s.params);
    ComparisonRun run;
    run.start(a, s);
    run.apply(s, BackendChoice::Cpu);
    ASSERT_EQ(run.simulation().params().r, 0.26f);
    lockstep(a, run, 200);  // the transient: the checkerboard outgrows the rest
    const double before = run.difference(a).maxAbs;
    constexpr int kSteps = 100;
    lockstep(a, run, kSteps);
    const double after = run.difference(a).maxAbs;
    const double growth = std::pow(after / before, 1.0 / kSteps);
    const double factor = std::fabs(highestModeFactor(s.params.grid, s.params.boundary, 0.26));
    EXPECT_NEAR(growth, factor, 1e-3) << "max |A - B| " << before << " then " << after;
}

TEST(ComparisonRun, PaneBFollowsPaneAUntilItsOwnSettingIsSet) {
    LectureSettings s = splitSettings(GridSize{33, 29}, Boundary::Periodic);
    Simulation a(std::make_unique<CpuBackend>(), s.params);
    ComparisonRun run;
    run.start(a, s);
    s.params.r = 0.2f;  // A's r moves; B has none of its own
    run.apply(s, BackendChoice::Cpu);
    EXPECT_EQ(run.simulation().params().r, 0.2f);
    s.comparison.b.r = 0.26f;
    s.params.r = 0.1f;
    run.apply(s, BackendChoice::Cpu);
    EXPECT_EQ(run.simulation().params().r, 0.26f);
    s.comparison.b.copyEvery = 1;
    run.apply(s, BackendChoice::Cpu);
    EXPECT_EQ(run.simulation().copyPolicy().every, 1);
    EXPECT_EQ(a.copyPolicy().every, 0) << "pane A's policy is its own";
}

TEST(ComparisonRun, ResetOfPaneARestartsPaneBFromItsField) {
    LectureSettings s = splitSettings(GridSize{40, 31}, Boundary::Insulated);
    s.comparison.b.r = 0.26f;
    Simulation a(std::make_unique<CpuBackend>(), s.params);
    ComparisonRun run;
    run.start(a, s);
    run.apply(s, BackendChoice::Cpu);
    lockstep(a, run, 50);
    ASSERT_GT(run.difference(a).maxAbs, 0.0);
    Params params = a.params();
    params.grid = GridSize{45, 38};  // a new grid, as the panel's reset makes
    a.setParams(params);
    a.reset();
    EXPECT_FALSE(run.restartFrom(a));
    EXPECT_EQ(run.simulation().params().grid.nx, 45);
    EXPECT_EQ(run.simulation().stepCount(), 0);
    EXPECT_EQ(run.difference(a).maxAbs, 0.0);
    EXPECT_EQ(run.simulation().params().r, 0.26f) << "B keeps its own r";
}

TEST(ComparisonRun, TheSplitGoesThroughScenesAndCues) {
    Scene scene;
    scene.settings.comparison.split = true;
    scene.settings.comparison.difference = true;
    scene.settings.comparison.b.r = 0.26f;
    scene.settings.comparison.b.path = DisplayPath::ViaHost;
    const Scene back = parseScene(sceneText(scene), "round trip");
    const ABComparison& c = back.settings.comparison;
    EXPECT_TRUE(c.split);
    EXPECT_TRUE(c.difference);
    EXPECT_EQ(c.b.r, 0.26f);
    EXPECT_EQ(c.b.path, DisplayPath::ViaHost);
    EXPECT_FALSE(c.b.kernel) << "absent: it follows pane A";

    const CueList list = parseCues(
        R"({"heatlab_cues": 1, "cues": [{"comparison": {"split": true, "b": {"kernel": "temporal"}}}]})",
        "cues.json");
    ASSERT_TRUE(list.cues[0].comparison);
    EXPECT_EQ(list.cues[0].comparison->b.kernel, Kernel::Temporal);
    EXPECT_THROW(parseCues(R"({"heatlab_cues": 1, "cues": [{"comparison": {"split": true,
        "b": {"speed": 2}}}]})",
                           "cues.json"),
                 UsageError);
}

}  // namespace
}  // namespace heatlab
