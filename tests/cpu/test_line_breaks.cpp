// Where a line may end: at spaces, and in Japanese between characters
// except where Japanese typesetting forbids (no line starts with 、。」ー or
// a small kana, none ends with 「（); numbers and Latin words stay whole.
// And UTF-8 cut between whole characters.

#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/i18n/line_breaks.h"
#include "app/i18n/utf8.h"

namespace heatlab {
namespace {

std::vector<std::string> texts(const std::vector<TextPiece>& pieces) {
    std::vector<std::string> out;
    for (const TextPiece& p : pieces) {
        out.push_back(p.text);
    }
    return out;
}

TEST(LineBreaks, EnglishBreaksAtSpacesOnlyAndKeepsHowManyThereWere) {
    const std::vector<TextPiece> pieces = breakablePieces("  r = 0.2400, past   the bound");
    EXPECT_EQ(texts(pieces),
              (std::vector<std::string>{"r", "=", "0.2400,", "past", "the", "bound"}));
    std::vector<int> spaces;
    for (const TextPiece& p : pieces) {
        spaces.push_back(p.spacesBefore);
    }
    EXPECT_EQ(spaces, (std::vector<int>{0, 1, 1, 1, 3, 1})) << "leading spaces are dropped";
}

TEST(LineBreaks, JapaneseBreaksBetweenCharactersButNotBeforeClosingMarks) {
    // 「安定条件を超えると、市松模様が爆発する。」
    const std::vector<std::string> got =
        texts(breakablePieces("「安定条件を超えると、市松模様が爆発する。」"));
    EXPECT_EQ(got,
              (std::vector<std::string>{"「安", "定", "条", "件", "を", "超", "え", "る", "と、",
                                        "市", "松", "模", "様", "が", "爆", "発", "す", "る。」"}));
    for (const TextPiece& p : breakablePieces("「安定条件を超えると、市松模様が爆発する。」")) {
        EXPECT_EQ(p.spacesBefore, 0);
    }
}

TEST(LineBreaks, SmallKanaAndTheLongVowelMarkStayWithTheCharacterBefore) {
    EXPECT_EQ(texts(breakablePieces("シミュレーション")),
              (std::vector<std::string>{"シ", "ミュ", "レー", "ショ", "ン"}));
    EXPECT_EQ(texts(breakablePieces("ちょっと")), (std::vector<std::string>{"ちょっ", "と"}));
}

TEST(LineBreaks, NumbersAndLatinWordsInsideJapaneseStayWhole) {
    EXPECT_EQ(texts(breakablePieces("r=0.26でGPUが")),
              (std::vector<std::string>{"r=0.26", "で", "GPU", "が"}));
    EXPECT_TRUE(mayBreakBetween(U'で', U'G'));
    EXPECT_FALSE(mayBreakBetween(U'0', U'.'));
    EXPECT_FALSE(mayBreakBetween(U'（', U'安'));
    EXPECT_FALSE(mayBreakBetween(U'安', U'）'));
    EXPECT_FALSE(mayBreakBetween(U'差', U'、'));
}

TEST(LineBreaks, BytesThatAreNoCharacterAreKeptAndNeverLost) {
    const std::string text =
        "a\xff"
        "b 安\xe5定";
    std::string joined;
    for (const TextPiece& p : breakablePieces(text)) {
        joined += std::string(static_cast<std::size_t>(p.spacesBefore), ' ') + p.text;
    }
    EXPECT_EQ(joined, text);
}

}  // namespace
// Cuts between whole characters, from either side, and characters written
// back: what the overlay's wrapping, a notice's "..." and a file's excerpt
// in an error rely on (characters of 1, 2, 3 and 4 bytes).
TEST(Utf8, CutsFallBetweenWholeCharactersAndCharactersRoundTrip) {
    const std::string text = "a\u00e9\u65e5\U0001F600b";  // a é 日 😀 b
    EXPECT_EQ(characterEnd(text, 0), 1u);
    EXPECT_EQ(characterEnd(text, 1), 3u);
    EXPECT_EQ(characterEnd(text, 3), 6u);
    EXPECT_EQ(characterEnd(text, 6), 10u);
    EXPECT_EQ(characterEnd(text, 10), 11u);
    for (std::size_t inside = 7; inside < 10; ++inside) {
        EXPECT_EQ(characterStart(text, inside), 6u) << inside;
    }
    EXPECT_EQ(characterStart(text, 4), 3u);
    EXPECT_EQ(characterStart(text, 3), 3u);
    EXPECT_EQ(characterStart(text, 0), 0u);
    EXPECT_EQ(characterStart(text, 99), text.size());
    std::string written;
    for (std::size_t at = 0; at < text.size();) {
        const std::optional<char32_t> c = nextCharacter(text, at);
        ASSERT_TRUE(c.has_value());
        written += utf8Of(*c);
    }
    EXPECT_EQ(written, text);
}

}  // namespace heatlab
