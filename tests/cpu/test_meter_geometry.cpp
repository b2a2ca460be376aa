// The stability meter's arithmetic without ImGui (app/lecture/
// measures/meter_geometry.h): round step ticks with labels that read at a glance and
// never repeat, the reference line's anchor away from the rounding noise,
// and the line clipped to the plot with nothing degenerate left to draw.

#include <cmath>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/lecture/measures/meter_geometry.h"

namespace heatlab {
namespace {

using Steps = std::vector<long long>;
using Labels = std::vector<std::string>;

TEST(MeterGeometry, TheStepTicksAreRoundCountsFittedToTheSpan) {
    const StepTicks thousand = stepTicks(0, 1000, 4);
    EXPECT_EQ(thousand.steps, (Steps{0, 500, 1000}));
    EXPECT_EQ(thousand.spacing, 500);
    EXPECT_EQ(stepLabels(thousand), (Labels{"0", "500", "1000"}));
    EXPECT_EQ(stepTicks(0, 300, 4).steps, (Steps{0, 100, 200, 300}));
    EXPECT_EQ(stepTicks(10, 290, 4).steps, (Steps{100, 200}));
    EXPECT_EQ(stepTicks(0, 1000, 6).steps, (Steps{0, 200, 400, 600, 800, 1000}));
    // A run started mid-way (a new r) is labelled where it is.
    EXPECT_EQ(stepTicks(12040, 13980, 5).steps, (Steps{12500, 13000, 13500}));
    EXPECT_EQ(stepTicks(7, 9, 4).steps, (Steps{7, 8, 9}));
    EXPECT_EQ(stepTicks(7, 7, 4).steps, (Steps{7}));
    EXPECT_TRUE(stepTicks(9, 7, 4).steps.empty());
}

TEST(MeterGeometry, EverySpanGetsAtLeastOneAndAtMostTheTicksAsked) {
    for (long long first : {0LL, 1LL, 3LL, 17LL, 999LL, 12345LL, 987654321LL}) {
        for (long long span = 0; span < 100000; span = span * 3 + 1) {
            for (int most = 2; most <= 7; ++most) {
                const StepTicks ticks = stepTicks(first, first + span, most);
                ASSERT_FALSE(ticks.steps.empty()) << first << " + " << span;
                EXPECT_LE(ticks.steps.size(), static_cast<std::size_t>(most));
                for (long long step : ticks.steps) {
                    EXPECT_GE(step, first);
                    EXPECT_LE(step, first + span);
                    EXPECT_EQ(step % ticks.spacing, 0);
                }
            }
        }
    }
    const long long huge = std::numeric_limits<long long>::max();
    EXPECT_FALSE(stepTicks(0, huge, 3).steps.empty());
}

TEST(MeterGeometry, TheLabelsShareOneUnitAndNeverReadTheSame) {
    EXPECT_EQ(stepLabels(stepTicks(0, 8000, 5)), (Labels{"0", "2000", "4000", "6000", "8000"}));
    EXPECT_EQ(stepLabels(stepTicks(0, 15000, 4)), (Labels{"0", "5k", "10k", "15k"}));
    EXPECT_EQ(stepLabels(stepTicks(12040, 13980, 5)), (Labels{"12.5k", "13.0k", "13.5k"}));
    EXPECT_EQ(stepLabels(stepTicks(0, 3000000, 4)), (Labels{"0", "1M", "2M", "3M"}));
    EXPECT_EQ(stepLabels(stepTicks(1233000, 1237000, 3)), (Labels{"1234k", "1236k"}));
    EXPECT_EQ(stepLabels(stepTicks(0, 5000000000LL, 3)), (Labels{"0", "2G", "4G"}));
    for (long long first = 0; first < 5000000; first = first * 7 + 13) {
        for (long long span = 1; span < 5000000; span = span * 5 + 3) {
            const Labels labels = stepLabels(stepTicks(first, first + span, 5));
            const std::set<std::string> distinct(labels.begin(), labels.end());
            EXPECT_EQ(distinct.size(), labels.size()) << first << " + " << span;
            for (const std::string& label : labels) {
                EXPECT_LE(label.size(), 7u) << label;
            }
        }
    }
}

// Below the bound the amplitude decays along the line into the rounding
// noise: the line goes through the first, largest, amplitude, not through
// the newest (noise), which would put it tens of decades above the plot at
// the first step. Past the bound the newest is the largest.
TEST(MeterGeometry, TheReferenceLineGoesThroughTheLargestAmplitude) {
    StabilityHistory stable;
    stable.add(10, 1.0f, 1e-3, 0.24f);
    stable.add(20, 1.0f, 4e-4, 0.24f);
    stable.add(30, 1.0f, 2e-13, 0.24f);
    stable.add(40, 1.0f, 1e-15, 0.24f);
    const std::optional<LogPoint> anchor = referenceAnchor(stable);
    ASSERT_TRUE(anchor.has_value());
    EXPECT_EQ(anchor->step, 10);
    EXPECT_DOUBLE_EQ(anchor->logValue, -3.0);

    StabilityHistory unstable;
    unstable.add(10, 1.0f, 1e-5, 0.26f);
    unstable.add(20, 2.0f, 1e-2, 0.26f);
    unstable.add(30, 30.0f, 10.0, 0.26f);
    EXPECT_EQ(referenceAnchor(unstable)->step, 30);

    // A ramp across the bound: one run, the line anchored at the new r's
    // largest, not at the decayed start's.
    StabilityHistory ramp;
    ramp.add(10, 1.0f, 1e-3, 0.24f);
    ramp.add(20, 1.0f, 1e-9, 0.25f);
    ramp.add(30, 1.0f, 1e-8, 0.26f);
    ramp.add(40, 1.0f, 1e-6, 0.26f);
    EXPECT_EQ(ramp.steps().size(), 4u);
    EXPECT_EQ(referenceAnchor(ramp)->step, 40);

    StabilityHistory unmeasured;
    unmeasured.add(10, 4.0f, 0.24f);
    unmeasured.add(20, 2.0f, 0.24f);
    EXPECT_EQ(referenceAnchor(unmeasured)->step, 10);
    EXPECT_FALSE(referenceAnchor(StabilityHistory{}).has_value());
}

const PlotBox kBox{0.0, 0.0, 100.0, 50.0};

TEST(MeterGeometry, TheLineIsClippedToThePlot) {
    // A stable run's line: from far above the plot down through it.
    const std::optional<PlotSegment> steep = clipToBox({{0.0, -1.0e6}, {100.0, 25.0}}, kBox, 1.0);
    ASSERT_TRUE(steep.has_value());
    EXPECT_NEAR(steep->from.y, 0.0, 1e-9);
    EXPECT_NEAR(steep->from.x, 100.0 * 1.0e6 / (1.0e6 + 25.0), 1e-9);
    EXPECT_EQ(steep->to.x, 100.0);
    EXPECT_EQ(steep->to.y, 25.0);
    // Inside already: unchanged.
    const std::optional<PlotSegment> inside = clipToBox({{10.0, 10.0}, {90.0, 40.0}}, kBox, 1.0);
    ASSERT_TRUE(inside.has_value());
    EXPECT_EQ(inside->from.x, 10.0);
    EXPECT_EQ(inside->to.y, 40.0);
    // Across the whole plot, both ends cut.
    const std::optional<PlotSegment> across = clipToBox({{-100.0, 25.0}, {200.0, 25.0}}, kBox, 1.0);
    ASSERT_TRUE(across.has_value());
    EXPECT_EQ(across->from.x, 0.0);
    EXPECT_EQ(across->to.x, 100.0);
}

TEST(MeterGeometry, NothingDegenerateIsLeftToDraw) {
    // Misses the plot; runs beside an edge, outside it.
    EXPECT_FALSE(clipToBox({{0.0, -1.0e9}, {100.0, -10.0}}, kBox, 1.0));
    EXPECT_FALSE(clipToBox({{-5.0, 0.0}, {-5.0, 50.0}}, kBox, 1.0));
    // Grazes a corner: a point, or a sliver shorter than asked.
    EXPECT_FALSE(clipToBox({{90.0, -10.0}, {110.0, 10.0}}, kBox, 1.0));
    EXPECT_FALSE(clipToBox({{89.0, -10.0}, {110.0, 11.0}}, kBox, 3.0));
    EXPECT_TRUE(clipToBox({{89.0, -10.0}, {110.0, 11.0}}, kBox, 1.0));
    // No length, or ends no float can place.
    EXPECT_FALSE(clipToBox({{50.0, 25.0}, {50.0, 25.0}}, kBox, 0.0));
    const double inf = std::numeric_limits<double>::infinity();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    EXPECT_FALSE(clipToBox({{0.0, -inf}, {100.0, 25.0}}, kBox, 1.0));
    EXPECT_FALSE(clipToBox({{0.0, nan}, {100.0, 25.0}}, kBox, 1.0));
    EXPECT_FALSE(clipToBox({{0.0, -1e308}, {100.0, 1e308}}, kBox, 1.0));
}

}  // namespace
}  // namespace heatlab
