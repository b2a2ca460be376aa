// Text in any script (app/render/script_fonts.h), drawn by Mesa's software
// GL: a Japanese character comes out as the system font's own glyph (its
// pixels against stb_truetype's rasterisation of it from the same file,
// and far from the placeholder's), a character no font has is drawn as
// the placeholder U+FFFD and said once, and a machine without a Japanese
// font says which package to install. `make test` installs
// fonts-ipafont-gothic.

#include <stb/stb_truetype.h>

#include <glad/gl.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/platform/headless_context.h"
#include "app/render/offscreen_target.h"
#include "app/render/script_fonts.h"
#include "app/render/text_overlay.h"
#include "tests/support/run_command.h"
#include "tests/support/scoped_env.h"

namespace heatlab {
namespace {

constexpr float kPixels = 64.0f;
constexpr int kSide = 96;

// A glyph's lit pixels, cropped to where they are: 1 where coverage > half.
struct Mask {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> lit;
};

Mask cropped(const std::vector<std::uint8_t>& grey, int width, int height) {
    int left = width;
    int right = -1;
    int top = height;
    int bottom = -1;
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            if (grey[static_cast<std::size_t>(y) * width + x] > 127) {
                left = std::min(left, x);
                right = std::max(right, x);
                top = std::min(top, y);
                bottom = std::max(bottom, y);
            }
        }
    }
    Mask mask;
    if (right < 0) {
        return mask;
    }
    mask.width = right - left + 1;
    mask.height = bottom - top + 1;
    for (int y = top; y <= bottom; ++y) {
        for (int x = left; x <= right; ++x) {
            mask.lit.push_back(grey[static_cast<std::size_t>(y) * width + x] > 127 ? 1 : 0);
        }
    }
    return mask;
}

// The share of lit pixels the two masks have in common (their top left
// corners laid on each other), of those lit in either: 1 for the same.
double overlap(const Mask& a, const Mask& b) {
    int both = 0;
    int either = 0;
    for (int y = 0; y < std::max(a.height, b.height); ++y) {
        for (int x = 0; x < std::max(a.width, b.width); ++x) {
            const bool inA = x < a.width && y < a.height && a.lit[y * a.width + x] != 0;
            const bool inB = x < b.width && y < b.height && b.lit[y * b.width + x] != 0;
            both += inA && inB ? 1 : 0;
            either += inA || inB ? 1 : 0;
        }
    }
    return either == 0 ? 0.0 : static_cast<double>(both) / either;
}

// `text` drawn white on black by the picture's text renderer, as a mask.
Mask drawn(const std::string& text) {
    OffscreenTarget target(kSide, kSide);
    TextOverlay overlay(kPixels);
    {
        const OffscreenTarget::Binding bound = target.bind();
        glViewport(0, 0, kSide, kSide);
        glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        overlay.add(text, 8.0f, 8.0f, Rgb8{255, 255, 255});
        overlay.draw(kSide, kSide);
    }
    const RgbImage picture = target.read();
    std::vector<std::uint8_t> grey(static_cast<std::size_t>(kSide) * kSide);
    for (std::size_t i = 0; i < grey.size(); ++i) {
        grey[i] = picture.pixels[i * 3];
    }
    return cropped(grey, kSide, kSide);
}

// The character as the font file itself draws it at the same height.
Mask rasterised(const std::string& file, char32_t character) {
    std::ifstream in(file, std::ios::binary);
    const std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)),
                                           std::istreambuf_iterator<char>());
    stbtt_fontinfo font{};
    EXPECT_NE(stbtt_InitFont(&font, bytes.data(), stbtt_GetFontOffsetForIndex(bytes.data(), 0)), 0)
        << file;
    int width = 0;
    int height = 0;
    unsigned char* bitmap =
        stbtt_GetCodepointBitmap(&font, 0, stbtt_ScaleForPixelHeight(&font, kPixels),
                                 static_cast<int>(character), &width, &height, nullptr, nullptr);
    const std::vector<std::uint8_t> grey(bitmap, bitmap + static_cast<std::size_t>(width) * height);
    stbtt_FreeBitmap(bitmap, nullptr);
    return cropped(grey, width, height);
}

TEST(ScriptFonts, AJapaneseCharacterIsTheSystemFontsOwnGlyph) {
    HeadlessContext context;
    const char32_t kAn = U'\u5B89';  // 安, of 安定条件
    const std::optional<std::string> file = fontFileFor(kAn);
    ASSERT_TRUE(file) << "no font here draws U+5B89: is fonts-ipafont-gothic installed?";
    ASSERT_FALSE(file->empty()) << "DejaVu Sans has no Japanese";
    std::printf("U+5B89 from %s\n", file->c_str());
    const Mask own = rasterised(*file, kAn);
    const Mask onScreen = drawn("\u5B89");
    const Mask placeholder = drawn("\uFFFD");
    ASSERT_GT(own.width, 20);
    const double same = overlap(onScreen, own);
    const double unlike = overlap(placeholder, own);
    std::printf("overlap with the font's own glyph: drawn %.2f, the placeholder %.2f\n", same,
                unlike);
    EXPECT_NEAR(onScreen.width, own.width, 2);
    EXPECT_NEAR(onScreen.height, own.height, 2);
    EXPECT_GT(same, 0.8);
    EXPECT_LT(unlike, 0.5);
}

TEST(ScriptFonts, ACharacterNoFontHasIsThePlaceholderSaidOnce) {
    HeadlessContext context;
    // U+FDD0 is a noncharacter: no font draws it.
    EXPECT_FALSE(fontFileFor(U'\uFDD0'));
    ::testing::internal::CaptureStderr();
    const Mask missing = drawn("\uFDD0");
    const Mask missingAgain = drawn("\uFDD1");
    const std::string said = ::testing::internal::GetCapturedStderr();
    const Mask placeholder = drawn("\uFFFD");
    EXPECT_EQ(missing.lit, placeholder.lit);
    EXPECT_EQ(missingAgain.lit, placeholder.lit);
    EXPECT_NE(said.find("no font here draws \uFDD0 (U+FDD0)"), std::string::npos) << said;
    EXPECT_NE(said.find("fonts-ipafont-gothic"), std::string::npos) << said;
    EXPECT_EQ(said.find("U+FDD1"), std::string::npos) << "said twice: " << said;
}

// What the text here cannot draw as it is written is still drawn, and said
// once, in one line for each kind: a character past U+FFFF is the
// placeholder; Hebrew and Arabic are drawn left to right, unjoined.
TEST(ScriptFonts, WhatCannotBeDrawnAsWrittenIsSaidOnce) {
    HeadlessContext context;
    ::testing::internal::CaptureStderr();
    const Mask emoji = drawn("\U0001F600");
    const Mask another = drawn("\U0001F601");
    (void)drawn("\u05E9\u05DC\u05D5\u05DD");  // שלום
    (void)drawn("\u0633\u0644\u0627\u0645");  // سلام
    const std::string said = ::testing::internal::GetCapturedStderr();
    EXPECT_EQ(emoji.lit, drawn("\uFFFD").lit);
    EXPECT_EQ(another.lit, emoji.lit);
    EXPECT_NE(said.find("\U0001F600 (U+1F600): past U+FFFF"), std::string::npos) << said;
    EXPECT_EQ(said.find("U+1F601"), std::string::npos) << "said twice: " << said;
    EXPECT_NE(said.find("\u05D5 (U+05D5) and 3 more: a script written right to left"),
              std::string::npos)
        << said;
    EXPECT_NE(said.find("reads backwards"), std::string::npos) << said;
    EXPECT_EQ(said.find("U+0633"), std::string::npos) << "said twice: " << said;
    EXPECT_EQ(std::count(said.begin(), said.end(), '\n'), 2) << said;
}

// Fontconfig told of no font folder: a Japanese caption on a slide is the
// placeholder, and the one line names the package.
TEST(ScriptFonts, WithoutAJapaneseFontTheShotSaysWhichPackageToInstall) {
    const std::string folder = ::testing::TempDir() + "heatlab-no-fonts";
    std::filesystem::create_directories(folder);
    const std::string config = folder + "/fonts.conf";
    std::ofstream(config) << "<?xml version=\"1.0\"?>\n<fontconfig><cachedir>" << folder
                          << "/cache</cachedir></fontconfig>\n";
    const std::string cues = folder + "/cues.json";
    std::ofstream(cues) << R"({"heatlab_cues": 1, "cues": [{"caption": "安定条件", "r": 0.2}]})";
    const ScopedEnv noFonts("FONTCONFIG_FILE", config);
    const CommandResult shot = runHeatlab("shot --ui --cues " + cues + " --size 640x400 --out " +
                                          folder + "/shot.png --backend cpu --grid 64");
    EXPECT_EQ(shot.status, 0) << shot.err;
    EXPECT_NE(shot.err.find("no font here draws 件 (U+4EF6) and 3 more"), std::string::npos)
        << shot.err;
    EXPECT_EQ(shot.err.find("no font here draws "), shot.err.rfind("no font here draws "))
        << shot.err;
    EXPECT_NE(shot.err.find("fonts-ipafont-gothic"), std::string::npos) << shot.err;
    std::filesystem::remove_all(folder);
}

}  // namespace
}  // namespace heatlab
