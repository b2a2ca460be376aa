// `heatlab bench --roofline`: the picture is drawn through the headless
// context, has the asked size, and carries in its text chunks the very
// figures the bench's JSON reports: every point a kernel row's, every roof a
// measured row's.

#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/io/png_file.h"
#include "tests/support/run_command.h"

namespace heatlab {
namespace {

std::string textChunk(const PngText& text, const std::string& key) {
    for (const auto& [k, v] : text) {
        if (k == key) {
            return v;
        }
    }
    return "";
}

TEST(RooflinePicture, HasTheAskedSizeAndTheBenchJsonsFiguresInItsText) {
    const std::string json = ::testing::TempDir() + "heatlab-roofline.json";
    const std::string png = ::testing::TempDir() + "heatlab-roofline.png";
    std::filesystem::remove(json);
    std::filesystem::remove(png);
    const CommandResult result = runHeatlab(
        "bench --backend cpu --grid 67x45 --steps 20 --stability-steps 200 --repeats 3 --json " +
        json + " --roofline " + png + " --roofline-size 960x540");
    ASSERT_EQ(result.status, 0) << result.out << result.err;
    EXPECT_NE(result.out.find(png), std::string::npos) << result.out;

    const DecodedPng picture = readPng(png);
    EXPECT_EQ(picture.image.width, 960);
    EXPECT_EQ(picture.image.height, 540);
    EXPECT_NE(textChunk(picture.text, "Title").find("heatlab roofline: cpu on"), std::string::npos);
    EXPECT_FALSE(textChunk(picture.text, "Software").empty());
    const nlohmann::json drawn = nlohmann::json::parse(textChunk(picture.text, "Roofline"));

    std::ifstream file(json);
    const nlohmann::json bench = nlohmann::json::parse(file);
    // Every stencil kernel's row is a point with its figures, in order.
    std::size_t point = 0;
    for (const auto& k : bench["kernels"]) {
        if (k["name"].get<std::string>().rfind("copy (floor)", 0) == 0) {
            continue;
        }
        ASSERT_LT(point, drawn["points"].size());
        const auto& p = drawn["points"][point++];
        EXPECT_EQ(p["label"], k["name"]);
        EXPECT_EQ(p["flops_per_byte"].get<double>(), k["flops_per_byte"].get<double>());
        EXPECT_EQ(p["gflop_per_s"].get<double>(), k["gflop_per_s"].get<double>());
        EXPECT_EQ(p["bytes_through"], k["bytes_through"]);
    }
    EXPECT_EQ(point, drawn["points"].size());
    EXPECT_EQ(point, 4u);

    // Every roof is a figure the bench measured and reports.
    std::multiset<double> measured{bench["kernels"][0]["gb_per_s"].get<double>(),
                                   bench["system_copy"]["gb_per_s"].get<double>(),
                                   bench["roofs"]["cache"]["copy"]["gb_per_s"].get<double>(),
                                   bench["host_copies"][0]["gb_per_s"].get<double>(),
                                   bench["host_copies"][1]["gb_per_s"].get<double>(),
                                   bench["roofs"]["arithmetic_gflop_per_s"].get<double>()};
    std::multiset<double> roofs;
    for (const auto& roof : drawn["roofs"]) {
        EXPECT_EQ(roof["source"], "measured") << roof;  // the CPU has no datasheet figures
        roofs.insert(roof.contains("gb_per_s") ? roof["gb_per_s"].get<double>()
                                               : roof["gflop_per_s"].get<double>());
    }
    EXPECT_EQ(roofs, measured);

    // Drawn, not blank: white paper with dark text and coloured roofs.
    std::set<std::uint32_t> colours;
    std::size_t inked = 0;
    for (std::size_t i = 0; i + 2 < picture.image.pixels.size(); i += 3) {
        const auto* px = &picture.image.pixels[i];
        colours.insert(px[0] << 16 | px[1] << 8 | px[2]);
        inked += (px[0] < 128 && px[1] < 128 && px[2] < 128) ? 1 : 0;
    }
    EXPECT_GT(colours.size(), 50u);
    EXPECT_GT(inked, 2000u);
    EXPECT_LT(inked, 960u * 540u / 4u);
}

}  // namespace
}  // namespace heatlab
