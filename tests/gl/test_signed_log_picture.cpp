// The signed-log colour scale in pictures (no display: Mesa's surfaceless
// EGL): a field holding both the diffusing field's 0..1 and an exploding
// mode's +-1e20 shows 0.2, 0.8 and 1e20 in distinct colours under signed-log
// while linear collapses the small values into one; the pixels are the
// host's scaledValue() and colourOfValue() cell for cell; NaN and infinity
// keep their colour; a slide's colour bar ticks (colourBarTicks(), through
// slideTicks()) sit where the bar shows their values' colours, in field
// units; and the PNG says the scale.

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/commands/shot_picture.h"
#include "app/io/png_file.h"
#include "app/picture/colour_bar_ticks.h"
#include "app/picture/colour_map.h"
#include "app/render/slide_picture.h"
#include "app/render/text_overlay.h"
#include "kernels/cpu/cpu_backend.h"
#include "tests/support/run_command.h"

namespace heatlab {
namespace {

// Five bands of columns, left to right: 0, 0.2, 0.8, 1e20, -1e20.
constexpr int kBandWidth = 8;
constexpr float kBands[] = {0.0f, 0.2f, 0.8f, 1e20f, -1e20f};
const GridSize kGrid{5 * kBandWidth, 30};

std::vector<float> bandedField() {
    std::vector<float> field(kGrid.cells());
    for (int row = 0; row < kGrid.ny; ++row) {
        for (int col = 0; col < kGrid.nx; ++col) {
            field[static_cast<std::size_t>(row) * kGrid.nx + col] = kBands[col / kBandWidth];
        }
    }
    return field;
}

int distance(const std::uint8_t* pixel, Rgb8 want) {
    return std::max(
        {std::abs(pixel[0] - want.r), std::abs(pixel[1] - want.g), std::abs(pixel[2] - want.b)});
}

int distance(Rgb8 a, Rgb8 b) {
    const std::uint8_t pixel[3] = {a.r, a.g, a.b};
    return distance(pixel, b);
}

// What the shader draws for `value`, computed on the host.
Rgb8 hostColour(const FrameSettings& s, float value, const ValueRange& range) {
    const auto scaled = [&s](float v) { return scaledValue(s.scale, s.scaleReference, v); };
    return colourOfValue(s.map, scaled(value), scaled(range.lo), scaled(range.hi));
}

struct SignedLogPicture : ::testing::Test {
    SignedLogPicture() : scene(std::make_unique<CpuBackend>(), options().settings.params) {}

    static ShotOptions options() {
        ShotOptions o;
        o.settings.params.grid = kGrid;
        o.settings.backend = BackendChoice::Cpu;
        return o;
    }

    // `field` (the banded one unless given) drawn at one pixel a cell.
    Picture picture(const FrameSettings& settings, std::vector<float> field = bandedField()) {
        scene.simulation.backend().upload(kGrid, field.data(), Boundary::Dirichlet);
        return takePicture(scene, options(), settings);
    }

    ShotPipeline scene;
};

// The colour of band `band`, checked to be one colour throughout.
Rgb8 bandColour(const RgbImage& image, int band) {
    const std::uint8_t* first = image.at(band * kBandWidth, 0);
    const Rgb8 colour{first[0], first[1], first[2]};
    for (int col = band * kBandWidth; col < (band + 1) * kBandWidth; ++col) {
        EXPECT_EQ(distance(image.at(col, kGrid.ny / 2), colour), 0) << "band " << band;
    }
    return colour;
}

TEST_F(SignedLogPicture, SmallAndHugeValuesAreDistinctUnderSignedLogAndCollapseUnderLinear) {
    for (ColourMap map : allColourMaps()) {
        SCOPED_TRACE(name(map));
        FrameSettings settings;
        settings.map = map;
        settings.scale = ColourScale::SignedLog;
        const Picture log = picture(settings);
        // The range stays the field's own min and max, in field units.
        EXPECT_EQ(log.range.lo, -1e20f);
        EXPECT_EQ(log.range.hi, 1e20f);
        const std::vector<float> field = bandedField();
        for (int row = 0; row < kGrid.ny; row += 7) {
            for (int col = 0; col < kGrid.nx; ++col) {
                const float value = field[static_cast<std::size_t>(row) * kGrid.nx + col];
                EXPECT_LE(distance(log.image.at(col, row), hostColour(settings, value, log.range)),
                          1)
                    << "cell " << col << ", " << row << " holds " << value;
            }
        }
        const Rgb8 zero = bandColour(log.image, 0);
        const Rgb8 fifth = bandColour(log.image, 1);
        const Rgb8 most = bandColour(log.image, 2);
        const Rgb8 huge = bandColour(log.image, 3);
        EXPECT_GE(distance(zero, fifth), 3);
        EXPECT_GE(distance(fifth, most), 3);
        EXPECT_GE(distance(most, huge), 3);
        EXPECT_GE(distance(huge, bandColour(log.image, 4)), 3);

        settings.scale = ColourScale::Linear;
        const Picture linear = picture(settings);
        // 0.2 and 0.8 are 1e-21 of the range: the colour of zero.
        EXPECT_LE(distance(bandColour(linear.image, 1), bandColour(linear.image, 0)), 1);
        EXPECT_LE(distance(bandColour(linear.image, 2), bandColour(linear.image, 0)), 1);
    }
}

TEST_F(SignedLogPicture, ALockedRangeIsInFieldUnitsAndNaNAndInfinityKeepTheirColour) {
    std::vector<float> field = bandedField();
    field[3] = std::nanf("");
    field[kGrid.nx + 20] = std::numeric_limits<float>::infinity();
    field[2 * kGrid.nx + 30] = -std::numeric_limits<float>::infinity();
    FrameSettings settings;
    settings.map = ColourMap::Diverging;
    settings.scale = ColourScale::SignedLog;
    settings.scaleReference = 1e-2f;
    settings.range = ColourRange{false, -1e10f, 1e10f};  // +-1e20 beyond it: the end colours
    const Picture locked = picture(settings, field);
    EXPECT_EQ(locked.range.lo, -1e10f);
    EXPECT_EQ(locked.range.hi, 1e10f);
    for (int row = 0; row < kGrid.ny; ++row) {
        for (int col = 0; col < kGrid.nx; ++col) {
            const float value = field[static_cast<std::size_t>(row) * kGrid.nx + col];
            const Rgb8 want =
                std::isfinite(value) ? hostColour(settings, value, locked.range) : kNanColour;
            ASSERT_LE(distance(locked.image.at(col, row), want), 1)
                << "cell " << col << ", " << row << " holds " << value;
        }
    }
    EXPECT_EQ(distance(locked.image.at(30, 15), colourAt(ColourMap::Diverging, 1.0f)), 0);
    EXPECT_EQ(distance(locked.image.at(3, 0), kNanColour), 0);
}

TEST_F(SignedLogPicture, ASlidesTicksSitWhereTheBarShowsTheirValuesInFieldUnits) {
    constexpr int kWidth = 960;
    constexpr int kHeight = 540;
    for (ColourScale scale : allColourScales()) {
        SCOPED_TRACE(name(scale));
        FrameSettings settings;
        settings.map = ColourMap::Diverging;
        settings.scale = scale;
        scene.simulation.backend().upload(kGrid, bandedField().data(), Boundary::Dirichlet);
        const Picture slide =
            slidePicture(scene.simulation, scene.view, scene.renderer, settings, kWidth, kHeight);
        TextOverlay text(slideLineHeight(kHeight));
        const SlideLayout layout = slideLayout(kGrid, kWidth, kHeight, text);
        const std::vector<ColourBarTick> ticks = slideTicks(layout, settings, slide.range);
        std::vector<std::string> labels;
        for (const ColourBarTick& tick : ticks) {
            labels.push_back(tick.label);
        }
        // Zero, and round values in field units: decades under signed-log.
        ASSERT_NE(std::find(labels.begin(), labels.end(), "0"), labels.end());
        if (scale == ColourScale::SignedLog) {
            EXPECT_NE(std::find(labels.begin(), labels.end(), "1"), labels.end());
            EXPECT_NE(std::find(labels.begin(), labels.end(), "-1e+10"), labels.end());
            EXPECT_NE(std::find(labels.begin(), labels.end(), "1e+10"), labels.end());
        }
        const int top = kHeight - layout.fieldBottom - layout.fieldHeight;  // y down
        const int barMiddle = layout.barLeft + layout.barWidth / 2;
        const int markX = layout.barLeft + layout.barWidth + 1;
        for (const ColourBarTick& tick : ticks) {
            SCOPED_TRACE(tick.label);
            const int row =
                top + static_cast<int>(tickOffsetFromTop(tick.position, layout.fieldHeight));
            EXPECT_LE(distance(slide.image.at(barMiddle, row),
                               hostColour(settings, static_cast<float>(tick.value), slide.range)),
                      2);
            EXPECT_GT(slide.image.at(markX, row)[0], 150) << "no mark beside the bar";
        }
        // The bar at the tick "0" is the colour of the field's band of zeros.
        const ColourBarTick& zero =
            ticks[std::find(labels.begin(), labels.end(), "0") - labels.begin()];
        const int zeroRow =
            top + static_cast<int>(tickOffsetFromTop(zero.position, layout.fieldHeight));
        const std::uint8_t* band =
            slide.image.at(layout.fieldLeft + 2, top + layout.fieldHeight / 2);
        EXPECT_LE(distance(slide.image.at(barMiddle, zeroRow), Rgb8{band[0], band[1], band[2]}), 2);
    }
}

TEST(SignedLogShot, ThePngSaysTheScale) {
    const std::string path = ::testing::TempDir() + "heatlab-shot-scale.png";
    for (const char* args : {"", " --scale signed-log --scale-reference 1e-6"}) {
        std::filesystem::remove(path);
        const CommandResult result = runHeatlab("shot --backend cpu --grid 33 --r 0.26 --steps 40" +
                                                std::string(args) + " --out " + path);
        ASSERT_EQ(result.status, 0) << result.err;
        const DecodedPng png = readPng(path);
        std::map<std::string, std::string> text(png.text.begin(), png.text.end());
        if (*args == '\0') {
            EXPECT_EQ(text["heatlab.scale"], "linear");
            EXPECT_EQ(text.count("heatlab.scale-reference"), 0u);
        } else {
            EXPECT_EQ(text["heatlab.scale"], "signed-log");
            EXPECT_EQ(text["heatlab.scale-reference"], "1e-06");
        }
    }
    std::filesystem::remove(path);
}

}  // namespace
}  // namespace heatlab
