#pragma once
// Text wrapped to a width, whatever measures it: the overlay's font in the
// window (app/ui/pictures/field_overlay.h), a counting function in the cpu tests.
// A text's lines end where line_breaks.h allows (spaces; in Japanese,
// between characters), a word wider than a line is cut, and a line break
// in the text stays one.
//
// The work is linear in the text's length, whatever the text: each
// character is measured at most twice (once in its piece, once more alone
// where its piece is wider than a line), widths are summed, never measured
// again as a line grows, and the lines are made in one loop (a caption of a
// million characters, one word or half a million line breaks, is wrapped
// in one pass, and no recursion grows with it). Widths add up as the
// overlay's font measures them (Dear ImGui's CalcTextSizeA sums each
// glyph's advance, with no kerning).

#include <functional>
#include <string>
#include <string_view>

namespace heatlab {

// The width of `text`, one line with no line break in it.
using TextWidth = std::function<float(std::string_view text)>;

// `text` broken into lines, each at most `width` wide where a word allows:
// at spaces and, in Japanese, between characters where Japanese typesetting
// allows (line_breaks.h). A word wider than a line (a path, a file's name)
// is cut after a '/' or '_' where one is near enough, else between whole
// UTF-8 characters (at least one a line), never after a '.', so numbers
// stay whole. Spaces between pieces on a line stay as the text has them;
// those where a line ends are dropped.
std::string wrapText(std::string_view text, float width, const TextWidth& widthOf);

// A text shown whole in a band (a notice or a caption on the field),
// never cut: wrapped at the largest size, from `size` down to `floor`, at
// which it takes at most `lines` lines; where even `floor` needs more, at
// `floor` in as many lines as it takes (the band grows). `widthOf`
// measures at `size`: a font's widths scale with its size.
struct FittedText {
    std::string lines;  // wrapText()'s lines, '\n' between them
    float size = 0.0f;
    int count = 0;  // the lines
};
FittedText fitText(std::string_view text, float width, int lines, float size, float floor,
                   const TextWidth& widthOf);

}  // namespace heatlab
