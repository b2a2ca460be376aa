// The signed-log colour scale without GL: where a value sits on the map,
// and the flags that set the scale wherever the picture options are read
// (the window and `heatlab shot`). Its scene field is in test_scene.cpp, its key in
// test_panel_model.cpp, its pictures in tests/gl/test_signed_log_picture.cpp.

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <CLI/CLI.hpp>

#include "app/commands/shot_command.h"
#include "app/commands/window_command.h"
#include "app/render/colour_scale.h"

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

// The words as CLI11 takes them (last first).
std::vector<std::string> reversedWords(std::vector<std::string> words) {
    std::reverse(words.begin(), words.end());
    return words;
}

TEST(ColourScaleFlags, SetTheScaleInTheWindowAndInTheShot) {
    LectureStart window;
    EXPECT_EQ(window.settings.picture.scale, ColourScale::Linear);  // the default
    CLI::App windowApp{"heatlab", "heatlab"};
    addWindowOptions(windowApp, window);
    windowApp.parse(reversedWords({"--scale", "signed-log", "--scale-reference", "1e-6"}));
    EXPECT_EQ(window.settings.picture.scale, ColourScale::SignedLog);
    EXPECT_EQ(window.settings.picture.scaleReference, 1e-6f);

    ShotOptions shot;
    CLI::App shotApp{"heatlab", "heatlab"};
    addShotCommand(shotApp, shot);
    shotApp.parse(reversedWords({"shot", "--scale", "signed-log"}));
    EXPECT_EQ(shot.settings.picture.scale, ColourScale::SignedLog);
    EXPECT_EQ(shot.settings.picture.scaleReference, kDefaultScaleReference);
}

TEST(ColourScaleFlags, BadValuesAndTheSceneBesideThemAreRefused) {
    for (const std::vector<std::string>& words :
         std::vector<std::vector<std::string>>{{"--scale", "log"},
                                               {"--scale-reference", "0"},
                                               {"--scale-reference", "-1"},
                                               {"--scale-reference", "1e-40"},
                                               {"--scale-reference", "nan"},
                                               {"--scale-reference", "1e39"},
                                               {"--scale-reference", "0.1x"},
                                               {"--scene", "a.json", "--scale", "signed-log"}}) {
        LectureStart window;
        CLI::App app{"heatlab", "heatlab"};
        addWindowOptions(app, window);
        EXPECT_THROW(app.parse(reversedWords(words)), CLI::ParseError) << words.at(1);
    }
}

}  // namespace
}  // namespace heatlab
