// The signed-log colour scale without GL (and the auto scale that turns to
// it when a run explodes): where a value sits on the map, and the colour
// bar's ticks in field units under either scale. Its flags are in
// test_colour_scale_flags.cpp, its scene field in test_scene.cpp, its key in
// test_panel_model.cpp, its pictures in tests/gl/test_signed_log_picture.cpp.

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/lecture/measures/auto_scale.h"
#include "app/picture/colour_bar_ticks.h"
#include "app/picture/colour_scale.h"

namespace heatlab {
namespace {

constexpr float kU0 = kDefaultScaleReference;

float signedLog(float value) { return scaledValue(ColourScale::SignedLog, kU0, value); }

TEST(ColourScale, LinearIsTheValueAndSignedLogIsSignTimesLog10Of1PlusMagnitudeOverU0) {
    for (float v : {-3.0f, 0.0f, 0.2f, 1e30f}) {
        EXPECT_EQ(scaledValue(ColourScale::Linear, kU0, v), v);
    }
    EXPECT_EQ(signedLog(0.0f), 0.0f);
    for (double v : {1e-6, 1e-3, 0.2, 0.8, 1.0, 1e20, 1e30}) {
        const double want = std::log10(1.0 + v / kU0);
        // Float arithmetic: to a millionth of a decade, far below a colour's step.
        EXPECT_NEAR(signedLog(static_cast<float>(v)), want, 1e-6 + 1e-6 * want) << v;
        EXPECT_EQ(signedLog(static_cast<float>(-v)), -signedLog(static_cast<float>(v))) << v;
    }
    // Every finite float has a finite place: |u| / u0 is never formed.
    const float largest = std::numeric_limits<float>::max();
    EXPECT_NEAR(signedLog(largest), std::log10(static_cast<double>(largest)) + 3.0, 1e-4);
    EXPECT_NEAR(scaledValue(ColourScale::SignedLog, largest, largest), std::log10(2.0), 1e-6);
    // NaN and the infinities stay what they are, so they keep the NaN colour.
    EXPECT_TRUE(std::isnan(signedLog(std::nanf(""))));
    EXPECT_EQ(signedLog(std::numeric_limits<float>::infinity()),
              std::numeric_limits<float>::infinity());
    EXPECT_EQ(name(ColourScale::Linear), std::string("linear"));
    EXPECT_EQ(name(ColourScale::SignedLog), std::string("signed-log"));
}

// Each tick sits where the bar shows the colour the field gets for its
// value: its position is the value placed by the scale and normalised by
// the range, both in field units.
void expectTicksAtTheirValues(const std::vector<ColourBarTick>& ticks, const ValueRange& range,
                              ColourScale scale, float spacing) {
    const auto scaled = [&](double v) { return scaledValue(scale, kU0, static_cast<float>(v)); };
    for (std::size_t i = 0; i < ticks.size(); ++i) {
        const ColourBarTick& tick = ticks[i];
        EXPECT_GE(tick.value, range.lo);
        EXPECT_LE(tick.value, range.hi);
        const float t =
            (scaled(tick.value) - scaled(range.lo)) / (scaled(range.hi) - scaled(range.lo));
        EXPECT_NEAR(tick.position, t, 1e-6f) << tick.label;
        EXPECT_GE(tick.position, spacing) << tick.label;
        EXPECT_LE(tick.position, 1.0f - spacing) << tick.label;
        if (i > 0) {
            EXPECT_GE(tick.position - ticks[i - 1].position, spacing) << tick.label;
        }
    }
}

std::vector<std::string> labels(const std::vector<ColourBarTick>& ticks) {
    std::vector<std::string> all;
    for (const ColourBarTick& tick : ticks) {
        all.push_back(tick.label);
    }
    return all;
}

TEST(ColourBarTicks, SignedLogTicksAreZeroAndDecadesInFieldUnits) {
    // The exploding checkerboard under the diverging map: -1e30 .. 1e30.
    const ValueRange range{-1e30f, 1e30f};
    const float spacing = 0.04f;  // room for 25 labels
    const std::vector<ColourBarTick> ticks =
        colourBarTicks(range, ColourScale::SignedLog, kU0, spacing);
    expectTicksAtTheirValues(ticks, range, ColourScale::SignedLog, spacing);
    // 66 decades of the map and 25 labels: every 5th decade, the small ones
    // near zero giving way to 0 and 1.
    EXPECT_EQ(labels(ticks),
              (std::vector<std::string>{"-1e+25", "-1e+20", "-1e+15", "-1e+10", "-1e+05", "-1", "0",
                                        "1", "1e+05", "1e+10", "1e+15", "1e+20", "1e+25"}));
    // The diffusing field alone, 0 .. 1: its decades down to u0.
    const std::vector<ColourBarTick> small =
        colourBarTicks(ValueRange{0.0f, 1.0f}, ColourScale::SignedLog, kU0, 0.1f);
    expectTicksAtTheirValues(small, ValueRange{0.0f, 1.0f}, ColourScale::SignedLog, 0.1f);
    EXPECT_EQ(labels(small), (std::vector<std::string>{"0.001", "0.01", "0.1"}));
}

TEST(ColourBarTicks, LinearTicksAreRoundValuesInFieldUnits) {
    const ValueRange range{-0.5f, 1.0f};
    const std::vector<ColourBarTick> ticks = colourBarTicks(range, ColourScale::Linear, kU0, 0.1f);
    expectTicksAtTheirValues(ticks, range, ColourScale::Linear, 0.1f);
    EXPECT_EQ(labels(ticks), (std::vector<std::string>{"-0.2", "0", "0.2", "0.4", "0.6", "0.8"}));
    const ValueRange huge{-1e30f, 1e30f};
    const std::vector<ColourBarTick> wide = colourBarTicks(huge, ColourScale::Linear, kU0, 0.2f);
    expectTicksAtTheirValues(wide, huge, ColourScale::Linear, 0.2f);
    EXPECT_EQ(labels(wide), (std::vector<std::string>{"-5e+29", "0", "5e+29"}));
}

TEST(ColourBarTicks, AnEmptyOrNonFiniteRangeHasNone) {
    const float inf = std::numeric_limits<float>::infinity();
    for (ColourScale scale : allColourScales()) {
        EXPECT_TRUE(colourBarTicks(ValueRange{1.0f, 1.0f}, scale, kU0, 0.1f).empty());
        EXPECT_TRUE(colourBarTicks(ValueRange{-inf, inf}, scale, kU0, 0.1f).empty());
        EXPECT_TRUE(colourBarTicks(ValueRange{0.0f, std::nanf("")}, scale, kU0, 0.1f).empty());
        EXPECT_TRUE(colourBarTicks(ValueRange{0.0f, 1.0f}, scale, kU0, 0.0f).empty());
    }
}

TEST(AutoScale, TurnsSignedLogOnlyOnceAnUnstableRunHasExploded) {
    EXPECT_FALSE(explodedPastBound(1.08, 1.5f)) << "past the bound, not yet above the peak";
    EXPECT_TRUE(explodedPastBound(1.08, 2.5f));
    EXPECT_TRUE(explodedPastBound(-1.08, std::nanf(""))) << "overflowed";
    EXPECT_FALSE(explodedPastBound(1.0, 1e30f)) << "not past the bound: another cause";
    PictureSettings picture;
    EXPECT_FALSE(autoScaleAfter(picture, 1.08, 1.5f));
    const std::optional<Notice> said = autoScaleAfter(picture, 1.08, 3.0f);
    ASSERT_TRUE(said);
    EXPECT_NE(said->text.find("signed-log"), std::string::npos);
    EXPECT_EQ(picture.scale, ColourScale::SignedLog);
    EXPECT_FALSE(autoScaleAfter(picture, 1.08, 1e9f)) << "said once";
    autoScaleForNewField(picture);
    EXPECT_EQ(picture.scale, ColourScale::Linear);
    picture.chooseScale(ScaleChoice::Linear);
    EXPECT_FALSE(autoScaleAfter(picture, 1.08, 3.0f)) << "a chosen scale stays";
    picture.chooseScale(ScaleChoice::SignedLog);
    autoScaleForNewField(picture);
    EXPECT_EQ(picture.scale, ColourScale::SignedLog) << "a chosen scale stays on reset";
}

}  // namespace
}  // namespace heatlab
