// A compiler's carets under the source line it quotes, placed for a font
// that is not monospaced (app/ui/panel/kernel_files_panel.h's
// caretMarks()): each mark at the column it marks, measured along the
// quoted line, a wide character two columns as the compilers count them.

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/ui/panel/kernel_files_panel.h"

namespace heatlab {
namespace {

// A font whose 'i' is 1 wide, 'W' 5, a Japanese character 4, any other 2.
float width(const std::string& character) {
    if (character == "i") {
        return 1.0f;
    }
    if (character == "W") {
        return 5.0f;
    }
    return character.size() > 1 ? 4.0f : 2.0f;
}

TEST(CompilerCarets, ACaretIsUnderTheCharacterItMarksInAnyFont) {
    // NVRTC: the source line, then the caret under column 4 (the 'x').
    const std::vector<CaretMark> nvrtc = caretMarks("iiWx = ;", "   ^", width);
    ASSERT_EQ(nvrtc.size(), 1u);
    EXPECT_FLOAT_EQ(nvrtc[0].x, 1 + 1 + 5);
    EXPECT_EQ(nvrtc[0].text, "^");

    // GCC: its gutter, a caret and a range, a fix-it's word under them.
    const std::string excerpt = "    5 |   out = widthh;";
    const std::vector<CaretMark> gcc = caretMarks(excerpt, "      |         ^~~~~~", width);
    ASSERT_EQ(gcc.size(), 7u);
    EXPECT_EQ(gcc[0].text, "|");
    EXPECT_FLOAT_EQ(gcc[0].x, 6 * 2);  // under the excerpt's own '|'
    EXPECT_EQ(gcc[1].text, "^");
    EXPECT_FLOAT_EQ(gcc[1].x, 16 * 2);          // under the 'w' of widthh
    EXPECT_FLOAT_EQ(gcc[2].x, 16 * 2 + 2);      // under the 'i', after the 'w' (2)
    EXPECT_FLOAT_EQ(gcc[3].x, 16 * 2 + 2 + 1);  // under the 't', after the 'i' (1)
    const std::vector<CaretMark> fix = caretMarks(excerpt, "      |         width", width);
    ASSERT_EQ(fix.size(), 2u);
    EXPECT_EQ(fix[1].text, "width");
    EXPECT_FLOAT_EQ(fix[1].x, 16 * 2);
}

TEST(CompilerCarets, AWideCharacterTakesTwoColumns) {
    // "日本 x": the compiler's caret under the 'x' is at column 5.
    const std::vector<CaretMark> marks = caretMarks("\xE6\x97\xA5\xE6\x9C\xAC x", "     ^", width);
    ASSERT_EQ(marks.size(), 1u);
    EXPECT_FLOAT_EQ(marks[0].x, 4 + 4 + 2);
    // Past the line's end, a space's width a column.
    EXPECT_FLOAT_EQ(caretMarks("ab", "    ^", width)[0].x, 4 * 2);
}

}  // namespace
}  // namespace heatlab
