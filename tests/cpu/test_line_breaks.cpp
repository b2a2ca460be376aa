// Where a line may end: at spaces, and in Japanese between characters
// except where Japanese typesetting forbids (no line starts with 、。」ー or
// a small kana, none ends with 「（); numbers and Latin words stay whole.

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/i18n/line_breaks.h"

namespace heatlab {
namespace {

std::vector<std::string> texts(const std::vector<TextPiece>& pieces) {
    std::vector<std::string> out;
    for (const TextPiece& p : pieces) {
        out.push_back(p.text);
    }
    return out;
}

TEST(LineBreaks, EnglishBreaksAtSpacesOnly) {
    const std::vector<TextPiece> pieces = breakablePieces("  r = 0.2400, past  the bound");
    EXPECT_EQ(texts(pieces),
              (std::vector<std::string>{"r", "=", "0.2400,", "past", "the", "bound"}));
    EXPECT_FALSE(pieces[0].afterSpace) << "leading spaces are dropped";
    for (std::size_t i = 1; i < pieces.size(); ++i) {
        EXPECT_TRUE(pieces[i].afterSpace) << pieces[i].text;
    }
}

TEST(LineBreaks, JapaneseBreaksBetweenCharactersButNotBeforeClosingMarks) {
    // 「安定条件を超えると、市松模様が爆発する。」
    const std::vector<std::string> got =
        texts(breakablePieces("「安定条件を超えると、市松模様が爆発する。」"));
    EXPECT_EQ(got,
              (std::vector<std::string>{"「安", "定", "条", "件", "を", "超", "え", "る", "と、",
                                        "市", "松", "模", "様", "が", "爆", "発", "す", "る。」"}));
    for (const TextPiece& p : breakablePieces("「安定条件を超えると、市松模様が爆発する。」")) {
        EXPECT_FALSE(p.afterSpace);
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
        joined += (p.afterSpace ? " " : "") + p.text;
    }
    EXPECT_EQ(joined, text);
}

}  // namespace
}  // namespace heatlab
