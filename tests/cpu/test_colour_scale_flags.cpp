// The flags that set the colour scale wherever the picture options are read
// (the window and `heatlab shot`), and their refusals. The scale itself is
// in test_colour_scale.cpp (the model's tests, built without GL); these
// need the commands' library.

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <CLI/CLI.hpp>

#include "app/commands/shot_command.h"
#include "app/commands/window_command.h"
#include "app/picture/colour_scale.h"

namespace heatlab {
namespace {

// The words as CLI11 takes them (last first).
std::vector<std::string> reversedWords(std::vector<std::string> words) {
    std::reverse(words.begin(), words.end());
    return words;
}

TEST(ColourScaleFlags, SetTheScaleInTheWindowAndInTheShot) {
    LectureStart window;
    EXPECT_EQ(window.settings.picture.scale, ColourScale::Linear);  // the default: auto
    EXPECT_EQ(window.settings.picture.scaleChoice(), ScaleChoice::Auto);
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
    EXPECT_EQ(shot.settings.picture.scaleChoice(), ScaleChoice::SignedLog);

    ShotOptions linear;
    CLI::App linearApp{"heatlab", "heatlab"};
    addShotCommand(linearApp, linear);
    linearApp.parse(reversedWords({"shot", "--scale", "linear"}));
    EXPECT_EQ(linear.settings.picture.scaleChoice(), ScaleChoice::Linear) << "chosen, not auto";
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
