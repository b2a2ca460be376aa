// One rule for every value reader (app/io/value_parsers.h): spaces around a
// value, and around a key of --split, are ignored; spaces inside a number
// are refused. The options are parsed here as the program parses them
// (CLI11 over the commands' own options), so an accepted value is seen
// landing in its setting.

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <CLI/CLI.hpp>

#include "app/commands/shot_command.h"
#include "app/commands/window_command.h"
#include "app/io/value_parsers.h"
#include "kernels/base/errors.h"

namespace heatlab {
namespace {

// `args` as typed after `heatlab` (each element one shell word).
ShotOptions parsedShot(std::vector<std::string> args) {
    CLI::App app;
    ShotOptions options;
    addShotCommand(app, options);
    args.insert(args.begin(), "shot");
    std::reverse(args.begin(), args.end());  // CLI11 takes them last first
    app.parse(args);
    return options;
}

LectureStart parsedWindow(std::vector<std::string> args) {
    CLI::App app;
    LectureStart start;
    addWindowOptions(app, start);
    std::reverse(args.begin(), args.end());
    app.parse(args);
    return start;
}

TEST(ValueRules, SpacesAroundAValueAreIgnored) {
    EXPECT_EQ(parseR(" 0.25"), 0.25f);
    EXPECT_EQ(parseR("0.25 "), 0.25f);
    EXPECT_EQ(parseR("\t0.25\n"), 0.25f);
    EXPECT_EQ(parseCount(" 12 ", 1), 12);
    EXPECT_EQ(parseCount(" 12 ", 1, 12), 12);
    EXPECT_EQ(parseGridSize(" 64x32 ").nx, 64);
    EXPECT_EQ(parseChoice(" global ", allStencilKernels()), Kernel::Global);
    EXPECT_EQ(parseFiniteNumber(" -1.5 ", "x"), -1.5);
    EXPECT_EQ(parsePositiveNormal(" 0.001 "), 0.001f);
    const ValueEnds ends = parseValueEnds(" -1", "2 ");
    EXPECT_EQ(ends.lo, -1.0f);
    EXPECT_EQ(ends.hi, 2.0f);
}

TEST(ValueRules, SpacesInsideANumberAreRefused) {
    EXPECT_THROW(parseR("0. 25"), UsageError);
    EXPECT_THROW(parseR("0 .25"), UsageError);
    EXPECT_THROW(parseCount("1 2", 1), UsageError);
    EXPECT_THROW(parseGridSize("6 4"), UsageError);
    EXPECT_THROW(parseGridSize("64 x32"), UsageError);
    EXPECT_THROW(parseFiniteNumber("- 1", "x"), UsageError);
    EXPECT_THROW(parsePositiveNormal("1 e-3"), UsageError);
    EXPECT_THROW(parseValueEnds("0", "1 0"), UsageError);
    EXPECT_THROW(parseChoice("glo bal", allStencilKernels()), UsageError);
    EXPECT_THROW(parseR(" "), UsageError);
}

TEST(ValueRules, ARefusalShowsTheValueAsWrittenWithoutItsSpaces) {
    try {
        parseCount(" 12x ", 1);
        FAIL() << "accepted";
    } catch (const UsageError& e) {
        EXPECT_NE(std::string(e.what()).find("got '12x'"), std::string::npos) << e.what();
    }
}

// A number a message shows is the shortest text that reads back as the
// same float, written as a reader writes it: a range "from 0.2 to 20", not
// %g's "2e+01"; the smallest r as a number that is the smallest r.
TEST(ValueRules, ANumberIsShownShortestAndAsAReaderWritesIt) {
    EXPECT_EQ(shortestText(20.0f), "20");
    EXPECT_EQ(shortestText(0.2f), "0.2");
    EXPECT_EQ(shortestText(0.24f), "0.24");
    EXPECT_EQ(shortestText(100000.0f), "100000");
    EXPECT_EQ(shortestText(-2.5f), "-2.5");
    EXPECT_EQ(shortestText(0.0f), "0");
    EXPECT_EQ(shortestText(3e38f), "3e+38");
    EXPECT_EQ(shortestText(1e-6f), "1e-06");
    const float smallest = std::numeric_limits<float>::min();
    EXPECT_EQ(shortestText(smallest), "1.1754944e-38");
    for (float value : {smallest, 0.1f, 1.0f / 3.0f, 0.26f, 123456.79f, 7e-5f, 2.5e9f, 3.4e38f}) {
        EXPECT_EQ(std::strtof(shortestText(value).c_str(), nullptr), value) << shortestText(value);
    }
    // The bound as shown is taken, and so are its nine digits.
    EXPECT_EQ(parseR(shortestText(kRSmallest)), kRSmallest);
    EXPECT_EQ(parseR("1.17549435e-38"), kRSmallest);
    EXPECT_THROW(parseR("1e-39"), UsageError);
}

TEST(ValueRules, CountsHaveARange) {
    EXPECT_EQ(parseCount("10000", 1, 10000), 10000);
    EXPECT_THROW(parseCount("10001", 1, 10000), UsageError);
    EXPECT_THROW(parseCount("0", 1, 10000), UsageError);
}

TEST(ValueRules, TheCommandLineTakesValuesWithSpacesAroundThem) {
    EXPECT_EQ(parsedShot({"--r", " 0.25"}).settings.params.r, 0.25f);
    EXPECT_EQ(parsedShot({"--r", "0.25 "}).settings.params.r, 0.25f);
    EXPECT_EQ(parsedShot({"--grid", " 48 "}).settings.params.grid.ny, 48);
    EXPECT_EQ(parsedShot({"--kernel", "global "}).settings.params.kernel, Kernel::Global);
    EXPECT_EQ(parsedShot({"--slide", " 320x180 "}).slide->nx, 320);
    EXPECT_EQ(parsedShot({"--steps-per-frame", " 10000"}).settings.stepsPerFrame, 10000);
    EXPECT_THROW(parsedShot({"--r", "0. 25"}), CLI::ValidationError);
}

TEST(ValueRules, ASplitsKeysAndValuesMayHaveSpacesAroundThem) {
    const ShotOptions spaced = parsedShot({"--split", "r = 0.26"});
    ASSERT_TRUE(spaced.settings.comparison.b.r);
    EXPECT_EQ(*spaced.settings.comparison.b.r, 0.26f);
    const ShotOptions two = parsedShot({"--split", " kernel = global , copy-every= 3 "});
    EXPECT_EQ(two.settings.comparison.b.kernel, Kernel::Global);
    EXPECT_EQ(two.settings.comparison.b.copyEvery, 3);
    const ShotOptions same = parsedShot({"--split", " a "});
    EXPECT_TRUE(same.settings.comparison.split);
    EXPECT_FALSE(same.settings.comparison.b.r);
    EXPECT_THROW(parsedShot({"--split", "r = 0. 26"}), CLI::ValidationError);
}

// The window's steps a frame have the range a scene's and a cue's have.
TEST(ValueRules, TheWindowsStepsPerFrameAreTheScenesRange) {
    EXPECT_EQ(parsedWindow({"--steps-per-frame", std::to_string(kMaxStepsPerFrame)})
                  .settings.stepsPerFrame,
              kMaxStepsPerFrame);
    EXPECT_THROW(parsedWindow({"--steps-per-frame", std::to_string(kMaxStepsPerFrame + 1)}),
                 CLI::ValidationError);
    EXPECT_THROW(parsedShot({"--steps-per-frame", std::to_string(kMaxStepsPerFrame + 1)}),
                 CLI::ValidationError);
}

TEST(ValueRules, AnOptionGivenTwiceIsRefusedNotTakenLast) {
    EXPECT_THROW(parsedShot({"--r", "0.2", "--r", "0.25"}), CLI::ArgumentMismatch);
    EXPECT_THROW(parsedShot({"--range", "0", "1", "--range", "0", "2"}), CLI::ArgumentMismatch);
    EXPECT_THROW(parsedWindow({"--grid", "64", "--grid", "64"}), CLI::ArgumentMismatch);
    // A list takes its values in one go.
    EXPECT_EQ(parsedShot({"--range", "0", "1"}).settings.picture.range.hi, 1.0f);
}

}  // namespace
}  // namespace heatlab
