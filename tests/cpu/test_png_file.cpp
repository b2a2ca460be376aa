// PNG pictures: what is written reads back pixel for pixel, with its text
// chunks, and goes through the one output helper.

#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "app/io/png_file.h"
#include "kernels/base/errors.h"

namespace heatlab {
namespace {

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
