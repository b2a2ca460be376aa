// Wrapping text to a width (app/i18n/text_wrap.h), through a width
// function that counts what it measures: the work is linear in the text's
// length whatever the text (one word of a megabyte, words with spaces,
// Japanese with none, half a million line breaks), held by the characters
// measured, never by a clock; and the lines are the ones a reader expects
// (spaces, Japanese typesetting's rules, paths cut after '/', numbers
// whole, the text's own line breaks, a notice fitted whole).

#include <cstddef>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "app/i18n/text_wrap.h"
#include "app/i18n/utf8.h"

namespace heatlab {
namespace {

// One unit a character, two for an East Asian one (as a font draws them,
// roughly), counting the bytes it was asked to measure. Past `budget`
// bytes it throws: a wrap that measures its text over and over fails at
// once instead of running for hours.
class CountingWidth {
public:
    explicit CountingWidth(std::size_t budget = static_cast<std::size_t>(-1)) : budget_(budget) {}

    TextWidth function() {
        return [this](std::string_view text) {
            measured_ += text.size();
            if (measured_ > budget_) {
                throw std::runtime_error("measured " + std::to_string(measured_) +
                                         " bytes, over the budget of " + std::to_string(budget_));
            }
            float width = 0.0f;
            for (std::size_t at = 0; at < text.size();) {
                const std::optional<char32_t> c = nextCharacter(text, at);
                width += c && eastAsian(*c) ? 2.0f : 1.0f;
            }
            return width;
        };
    }
    std::size_t measured() const { return measured_; }

private:
    std::size_t budget_;
    std::size_t measured_ = 0;
};

std::vector<std::string> linesOf(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    for (;;) {
        const std::size_t newline = text.find('\n', start);
        lines.push_back(text.substr(start, newline - start));
        if (newline == std::string::npos) {
            return lines;
        }
        start = newline + 1;
    }
}

std::string without(std::string text, const std::string& characters) {
    std::string out;
    for (const char c : text) {
        if (characters.find(c) == std::string::npos) {
            out += c;
        }
    }
    return out;
}

constexpr std::size_t kMegabyte = 1000 * 1000;
constexpr float kWidth = 80.0f;

// Wraps `text` measuring at most 4 bytes for each of its bytes; returns
// the lines.
std::vector<std::string> wrapLinearly(const std::string& text) {
    CountingWidth width(4 * text.size());
    std::string wrapped;
    try {
        wrapped = wrapText(text, kWidth, width.function());
    } catch (const std::runtime_error& e) {
        ADD_FAILURE() << "a text of " << text.size() << " bytes: " << e.what();
        return {};
    }
    EXPECT_LT(width.measured(), 4 * text.size());
    std::printf("wrapped %zu bytes into %zu, measuring %zu\n", text.size(), wrapped.size(),
                width.measured());
    return linesOf(wrapped);
}

TEST(TextWrap, AMegabyteOfOneWordIsCutIntoFullLinesMeasuringEachCharacterAtMostTwice) {
    const std::string word(kMegabyte, 'w');
    const std::vector<std::string> lines = wrapLinearly(word);
    ASSERT_EQ(lines.size(), kMegabyte / 80);
    for (const std::string& line : lines) {
        EXPECT_EQ(line.size(), 80u);
    }
}

TEST(TextWrap, AMegabyteOfWordsBreaksAtSpacesInLinesThatFit) {
    std::string text;
    for (int i = 0; text.size() < kMegabyte; ++i) {
        text += std::string(static_cast<std::size_t>(1 + i % 13), static_cast<char>('a' + i % 26));
        text += i % 7 == 0 ? "  " : " ";
    }
    const std::vector<std::string> lines = wrapLinearly(text);
    ASSERT_GT(lines.size(), kMegabyte / 80);
    std::string joined;
    for (const std::string& line : lines) {
        EXPECT_LE(line.size(), 80u) << line;
        EXPECT_NE(line.front(), ' ');
        EXPECT_NE(line.back(), ' ');
        joined += line;
    }
    EXPECT_EQ(without(joined, " "), without(text, " ")) << "no character lost or added";
}

TEST(TextWrap, AMegabyteOfJapaneseWithNoSpacesBreaksBetweenCharacters) {
    // 「安定条件を超えると、市松模様が爆発する。」
    const std::string sentence = "「安定条件を超えると、市松模様が爆発する。」";
    std::string text;
    while (text.size() < kMegabyte) {
        text += sentence;
    }
    const std::vector<std::string> lines = wrapLinearly(text);
    ASSERT_GT(lines.size(), 1000u);
    std::string joined;
    for (const std::string& line : lines) {
        EXPECT_LE(line.size(), 40u * 3) << "40 characters of two units, three bytes each";
        EXPECT_NE(line.rfind("、", 0), 0u) << "no line starts with a comma";
        EXPECT_NE(line.rfind("。", 0), 0u) << "nor with a full stop";
        joined += line;
    }
    EXPECT_EQ(joined, text);
}

TEST(TextWrap, HalfAMillionLineBreaksStayLineBreaksWithNoRecursion) {
    std::string text;
    for (int i = 0; i < 500000; ++i) {
        text += i % 2 == 0 ? "ab\n" : "\n";  // a line, then an empty one
    }
    const std::vector<std::string> lines = wrapLinearly(text);
    ASSERT_EQ(lines.size(), 500001u);
    EXPECT_EQ(lines[0], "ab");
    EXPECT_EQ(lines[1], "");
}

TEST(TextWrap, APathIsCutAfterASlashAndANumberStaysWhole) {
    CountingWidth width;
    EXPECT_EQ(
        wrapText("see /home/lecturer/heatlab_scenes/stable.json now", 20.0f, width.function()),
        "see /home/lecturer/\nheatlab_scenes/\nstable.json now");
    EXPECT_EQ(wrapText("r = 0.2400 is past the bound", 8.0f, width.function()),
              "r =\n0.2400\nis past\nthe\nbound");
    EXPECT_EQ(wrapText("one\n\n  two  three", 10.0f, width.function()), "one\n\ntwo  three");
    EXPECT_EQ(wrapText("", 9.0f, width.function()), "");
    // A character wider than the line still takes a line of its own.
    EXPECT_EQ(wrapText("安定", 1.0f, width.function()), "安\n定");
}

// A notice is never cut: it takes the largest size that fits its lines,
// down to the floor, and past the floor as many lines as it needs; its
// lines join back to its text.
TEST(TextWrap, ANoticeIsShownWholeSmallerOrInMoreLinesNeverCut) {
    CountingWidth width;
    // At size 1 the width function's units are the sizes' own.
    FittedText fitted = fitText("one two three", 9.0f, 2, 1.0f, 0.5f, width.function());
    EXPECT_EQ(fitted.lines, "one two\nthree");
    EXPECT_FLOAT_EQ(fitted.size, 1.0f);
    EXPECT_EQ(fitted.count, 2);
    // Three lines at full size: smaller, until two hold it.
    fitted = fitText("one two three four five", 9.0f, 2, 1.0f, 0.5f, width.function());
    EXPECT_EQ(fitted.count, 2);
    EXPECT_LT(fitted.size, 1.0f);
    EXPECT_GE(fitted.size, 0.5f);
    EXPECT_EQ(fitted.lines, "one two three\nfour five");
    // Too long for two lines even at the floor: at the floor, whole.
    const std::string text = "one two three four five six seven eight nine ten eleven";
    fitted = fitText(text, 9.0f, 2, 1.0f, 0.5f, width.function());
    EXPECT_FLOAT_EQ(fitted.size, 0.5f);
    EXPECT_GT(fitted.count, 2);
    std::string joined = fitted.lines;
    for (char& c : joined) {
        c = c == '\n' ? ' ' : c;
    }
    EXPECT_EQ(joined, text);
    EXPECT_EQ(fitted.lines.find("..."), std::string::npos);
}

TEST(TextWrap, ANoticeOfAMegabyteIsFittedMeasuringEachCharacterOnce) {
    CountingWidth width(4 * kMegabyte);
    std::string text;
    while (text.size() < kMegabyte) {
        text += "a few words\n";
    }
    const FittedText fitted = fitText(text, kWidth, 3, 40.0f, 24.0f, width.function());
    EXPECT_FLOAT_EQ(fitted.size, 24.0f);
    EXPECT_EQ(fitted.lines, text) << "every line, none cut";
    EXPECT_LT(width.measured(), 100u) << "each distinct character measured once";
}

}  // namespace
}  // namespace heatlab
