// PNG pictures: what is written reads back pixel for pixel, with its text
// chunks, and goes through the one output helper.

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <gtest/gtest.h>

#include "app/io/png_file.h"
#include "kernels/base/errors.h"

namespace heatlab {
namespace {

std::string readFileBytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

RgbImage gradient(int width, int height) {
    RgbImage image{width, height, {}};
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            image.pixels.push_back(static_cast<std::uint8_t>(x * 255 / (width - 1)));
            image.pixels.push_back(static_cast<std::uint8_t>(y * 255 / (height - 1)));
            image.pixels.push_back(static_cast<std::uint8_t>((x + y) % 256));
        }
    }
    return image;
}

TEST(PngFile, ReadsBackEveryPixelAndEveryTextChunk) {
    const std::string path = ::testing::TempDir() + "heatlab-png-roundtrip.png";
    const RgbImage image = gradient(37, 19);  // odd sizes: no row padding hides
    const PngText text{{"Software", "heatlab"}, {"r", "0.26"}, {"kernel", "optimised"}};
    writePng(path, image, text);
    const DecodedPng back = readPng(path);
    EXPECT_EQ(back.image.width, 37);
    EXPECT_EQ(back.image.height, 19);
    EXPECT_EQ(back.image.pixels, image.pixels);
    EXPECT_EQ(back.text, text);
    std::filesystem::remove(path);
}

// A caption in Japanese is UTF-8 in an iTXt chunk (tEXt is Latin-1 and
// would garble it for every other reader), an ASCII value stays tEXt.
TEST(PngFile, AUtf8ValueGoesAsITXtAndReadsBackWhole) {
    const std::string path = ::testing::TempDir() + "heatlab-png-utf8.png";
    const std::string caption = "r = 0.26: 安定条件を超えると市松模様が爆発する (é)";
    const PngText text{{"Software", "heatlab"}, {"caption", caption}};
    writePng(path, gradient(8, 8), text);
    EXPECT_EQ(readPng(path).text, text);
    const std::string bytes = readFileBytes(path);
    EXPECT_NE(bytes.find("iTXtcaption"), std::string::npos);
    EXPECT_NE(bytes.find(caption), std::string::npos) << "the caption is not stored as UTF-8";
    EXPECT_NE(bytes.find("tEXtSoftware"), std::string::npos);
    std::filesystem::remove(path);
}

TEST(PngFile, ADamagedFileIsAnErrorNotACrash) {
    const std::string path = ::testing::TempDir() + "heatlab-png-damaged.png";
    std::string bytes = encodePng(gradient(8, 8), {});
    bytes.resize(bytes.size() / 2);
    {
        std::FILE* f = std::fopen(path.c_str(), "wb");
        ASSERT_NE(f, nullptr);
        std::fwrite(bytes.data(), 1, bytes.size(), f);
        std::fclose(f);
    }
    EXPECT_THROW(readPng(path), RuntimeError);
    std::filesystem::remove(path);
}

TEST(PngFile, AnImageWithoutPixelsIsRefused) {
    EXPECT_THROW(encodePng(RgbImage{0, 0, {}}, {}), RuntimeError);
    EXPECT_THROW(encodePng(RgbImage{2, 2, {1, 2, 3}}, {}), RuntimeError);
}

}  // namespace
}  // namespace heatlab
