// The verdicts the bench prints on a stability run (kernels/checks/
// stability_verdicts.h), on made-up runs: a wrong growth fails, an
// overflow fails only where the grid is stable, a factor of 0 and a field
// holding none of the mode are said as such.

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "kernels/checks/stability_verdicts.h"

using namespace heatlab;

namespace {

// A run at r that measured what it predicted, on a grid of bound 0.2528.
StabilityResult run(float r, double predicted) {
    StabilityResult s;
    s.r = r;
    s.factor = -predicted;
    s.predictedGrowth = predicted;
    s.infiniteGridGrowth = std::fabs(1.0 - 8.0 * r);
    s.gridBound = 0.2528;
    s.measuredGrowth = predicted;
    s.modeAtStart = 1.0;
    s.measuredSteps = 4;
    return s;
}

// A copy: the verdicts are often a temporary.
StabilityVerdict named(const std::vector<StabilityVerdict>& verdicts, const std::string& start) {
    for (const StabilityVerdict& v : verdicts) {
        if (v.name.rfind(start, 0) == 0) {
            return v;
        }
    }
    ADD_FAILURE() << "no verdict named " << start;
    return {"(none)", false, ""};
}

}  // namespace

TEST(StabilityVerdicts, AGrowthOffByMoreThanTheToleranceFails) {
    StabilityResult s = run(0.26f, 1.05727);
    EXPECT_TRUE(named(stabilityVerdicts(s), "unstable on this grid").passed);
    s.measuredGrowth = 1.05727 * (1.0 + 2e-3);
    const StabilityVerdict wrong = named(stabilityVerdicts(s), "unstable on this grid");
    EXPECT_FALSE(wrong.passed);
    EXPECT_NE(wrong.detail.find("predicted 1.05727"), std::string::npos) << wrong.detail;
    // The infinite grid's value is no longer what passes.
    s.measuredGrowth = 1.08;
    EXPECT_FALSE(named(stabilityVerdicts(s), "unstable on this grid").passed);
}

TEST(StabilityVerdicts, AStableGridSaysSoAndTheMaximumPrincipleStopsAtAQuarter) {
    const std::vector<StabilityVerdict> past = stabilityVerdicts(run(0.26f, 0.977));
    const StabilityVerdict stable = named(past, "stable on this grid: r = 0.26");
    EXPECT_TRUE(stable.passed);
    EXPECT_NE(stable.detail.find("its checkerboard decays by x0.977 a step"), std::string::npos)
        << stable.detail;
    for (const StabilityVerdict& v : past) {
        EXPECT_EQ(v.name.find("maximum principle"), std::string::npos) << v.name;
    }
    EXPECT_TRUE(named(stabilityVerdicts(run(0.25f, 0.977)), "maximum principle").passed);
}

TEST(StabilityVerdicts, AnOverflowFailsOnlyWhereTheGridIsStable) {
    StabilityResult s = run(0.5f, 2.9563);
    s.finite = false;
    s.overflowStep = 85;
    const StabilityVerdict predicted = named(stabilityVerdicts(s), "overflowed past");
    EXPECT_TRUE(predicted.passed);
    EXPECT_NE(predicted.detail.find("from step 85"), std::string::npos) << predicted.detail;
    s = run(0.26f, 0.977);
    s.finite = false;
    s.overflowStep = 9;
    EXPECT_FALSE(named(stabilityVerdicts(s), "finite: r = 0.26").passed);
    s.measuredGrowth = std::nan("");
    const StabilityVerdict lost = named(stabilityVerdicts(s), "stable on this grid");
    EXPECT_FALSE(lost.passed);
    EXPECT_NE(lost.detail.find("not measurable (the field overflowed"), std::string::npos);
}

TEST(StabilityVerdicts, AModeThatDiesAndAFieldWithoutItAreSaid) {
    StabilityResult s = run(0.125f, 0.0);
    s.measuredGrowth = 3e-7;  // one float step's rounding
    const StabilityVerdict dies = named(stabilityVerdicts(s), "stable on this grid");
    EXPECT_TRUE(dies.passed) << dies.detail;
    EXPECT_NE(dies.detail.find("dies in one step"), std::string::npos) << dies.detail;
    s.measuredGrowth = 2e-4;
    EXPECT_FALSE(named(stabilityVerdicts(s), "stable on this grid").passed);
    s.modeAtStart = 0.0;
    s.measuredGrowth = std::nan("");
    const StabilityVerdict nothing = named(stabilityVerdicts(s), "stable on this grid");
    EXPECT_TRUE(nothing.passed);
    EXPECT_NE(nothing.detail.find("nothing to measure"), std::string::npos) << nothing.detail;
}
