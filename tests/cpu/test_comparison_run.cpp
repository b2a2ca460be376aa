// The A/B comparison's panes (app/lecture/run/pane_run.h) on the CPU
// backend, on grids no block size divides: equal settings stay equal to the
// bit; the optimised and the temporal kernel stay equal to the bit on every
// boundary; r = 0.25 against 0.26 from the same field differ by a
// checkerboard that grows by the grid's own factor at 0.26; a reset of pane
// A restarts B from its field; the split and pane B's settings go through
// scenes and cue lists.

#include <cmath>
#include <memory>

#include <gtest/gtest.h>

#include "app/lecture/files/cue_list.h"
#include "app/lecture/files/scene.h"
#include "app/lecture/run/pane_run.h"
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

// Pane A of the lecture running `s`.
std::unique_ptr<PaneRun> paneA(const LectureSettings& s) {
    return std::make_unique<PaneRun>("A", std::make_unique<CpuBackend>(), s);
}

Scene sceneOf(const LectureSettings& s) {
    Scene scene;
    scene.settings = s;
    return scene;
}

// Both panes advanced by the same steps, as the window's frames do.
void lockstep(PaneRun& a, PaneRun& b, int steps) {
    a.simulation().advance(steps);
    b.simulation().advance(steps);
}

TEST(PaneRun, EqualSettingsStayEqualToTheBit) {
    LectureSettings s = splitSettings(GridSize{67, 45}, Boundary::Dirichlet);
    const std::unique_ptr<PaneRun> a = paneA(s);
    a->simulation().advance(11);
    const std::unique_ptr<PaneRun> b = PaneRun::followerOf(*a);
    EXPECT_EQ(b->simulation().stepCount(), 11) << "B starts at A's step";
    EXPECT_EQ(a->differenceFrom(*b).maxAbs, 0.0) << "and from A's field";
    for (int frame = 0; frame < 5; ++frame) {
        EXPECT_FALSE(b->follow(*a));
        lockstep(*a, *b, 13);
    }
    const PaneDifference d = a->differenceFrom(*b);
    EXPECT_EQ(d.step, 76);
    EXPECT_EQ(d.maxAbs, 0.0);
}

TEST(PaneRun, OptimisedAgainstTemporalIsExactOnEveryBoundary) {
    for (Boundary boundary : allBoundaries()) {
        SCOPED_TRACE(name(boundary));
        LectureSettings s = splitSettings(GridSize{71, 53}, boundary);
        s.comparison.b.kernel = Kernel::Temporal;
        const std::unique_ptr<PaneRun> a = paneA(s);
        const std::unique_ptr<PaneRun> b = PaneRun::followerOf(*a);
        b->follow(*a);
        ASSERT_EQ(b->simulation().params().kernel, Kernel::Temporal);
        for (int frame = 0; frame < 4; ++frame) {
            lockstep(*a, *b, 7 + frame * 5);  // not multiples of the temporal pass
        }
        EXPECT_EQ(a->differenceFrom(*b).maxAbs, 0.0);
    }
}

TEST(PaneRun, TheDifferenceAcrossTheBoundGrowsByTheGridsOwnFactor) {
    LectureSettings s = splitSettings(GridSize{43, 37}, Boundary::Dirichlet);
    s.params.r = 0.25f;
    s.comparison.b.r = 0.26f;
    const std::unique_ptr<PaneRun> a = paneA(s);
    const std::unique_ptr<PaneRun> b = PaneRun::followerOf(*a);
    b->follow(*a);
    ASSERT_EQ(b->simulation().params().r, 0.26f);
    lockstep(*a, *b, 200);  // the transient: the checkerboard outgrows the rest
    const double before = a->differenceFrom(*b).maxAbs;
    constexpr int kSteps = 100;
    lockstep(*a, *b, kSteps);
    const double after = a->differenceFrom(*b).maxAbs;
    const double growth = std::pow(after / before, 1.0 / kSteps);
    const double factor = std::fabs(highestModeFactor(s.params.grid, s.params.boundary, 0.26));
    EXPECT_NEAR(growth, factor, 1e-3) << "max |A - B| " << before << " then " << after;
}

TEST(PaneRun, PaneBFollowsPaneAUntilItsOwnSettingIsSet) {
    LectureSettings s = splitSettings(GridSize{33, 29}, Boundary::Periodic);
    const std::unique_ptr<PaneRun> a = paneA(s);
    const std::unique_ptr<PaneRun> b = PaneRun::followerOf(*a);
    a->settings().params.r = 0.2f;  // A's r moves; B has none of its own
    a->control().applyEdits();
    b->follow(*a);
    EXPECT_EQ(b->simulation().params().r, 0.2f);
    a->settings().comparison.b.r = 0.26f;
    a->settings().params.r = 0.1f;
    b->follow(*a);
    EXPECT_EQ(b->simulation().params().r, 0.26f);
    a->settings().comparison.b.copyEvery = 1;
    const LectureSettings before = a->settings();
    b->follow(*a);
    EXPECT_EQ(b->simulation().copyPolicy().every, 1);
    EXPECT_EQ(a->simulation().copyPolicy().every, 0) << "pane A's policy is its own";
    EXPECT_EQ(sceneText(sceneOf(a->settings())), sceneText(sceneOf(before)))
        << "following never writes into pane A's settings";
}

TEST(PaneRun, ResetOfPaneARestartsPaneBFromItsField) {
    LectureSettings s = splitSettings(GridSize{40, 31}, Boundary::Insulated);
    s.comparison.b.r = 0.26f;
    const std::unique_ptr<PaneRun> a = paneA(s);
    const std::unique_ptr<PaneRun> b = PaneRun::followerOf(*a);
    b->follow(*a);
    lockstep(*a, *b, 50);
    ASSERT_GT(a->differenceFrom(*b).maxAbs, 0.0);
    Params params = a->simulation().params();
    params.grid = GridSize{45, 38};  // a new grid, as the panel's reset makes
    a->simulation().setParams(params);
    a->simulation().reset();
    b->restartFrom(a->simulation());
    EXPECT_EQ(b->simulation().params().grid.nx, 45);
    EXPECT_EQ(b->simulation().stepCount(), 0);
    EXPECT_EQ(a->differenceFrom(*b).maxAbs, 0.0);
    EXPECT_EQ(b->simulation().params().r, 0.26f) << "B keeps its own r";
}

TEST(PaneRun, TheSplitGoesThroughScenesAndCues) {
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
    ASSERT_TRUE(list.cues[0].settings.sets("comparison"));
    EXPECT_EQ(list.cues[0].settings.over(LectureSettings{}).comparison.b.kernel, Kernel::Temporal);
    EXPECT_THROW(parseCues(R"({"heatlab_cues": 1, "cues": [{"comparison": {"split": true,
        "b": {"speed": 2}}}]})",
                           "cues.json"),
                 UsageError);
}

}  // namespace
}  // namespace heatlab
