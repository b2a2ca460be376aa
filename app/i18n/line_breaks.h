#pragma once
// Where a line of text may end. English breaks at spaces; Japanese is
// written without them, so a line may end between any two of its
// characters, except where Japanese typesetting's rules (kinsoku shori)
// forbid it: a line never starts with closing punctuation, a small kana
// or the long-vowel mark (、。」ーっ...), and never ends with opening
// punctuation (「（...). A number or a Latin word inside Japanese text
// stays whole.

#include <string>
#include <string_view>
#include <vector>

namespace heatlab {

// Whether a line may end between `before` and `after` (two characters with
// no space between them).
bool mayBreakBetween(char32_t before, char32_t after);

// `text` cut into the pieces a line is filled with: at spaces (a piece
// remembers how many spaces came before it, so a line that keeps them
// keeps the text's own spacing, as the key list's columns) and at every
// place mayBreakBetween() allows.
struct TextPiece {
    std::string text;
    int spacesBefore = 0;  // between it and the piece before (dropped at a line's start)
};
std::vector<TextPiece> breakablePieces(std::string_view text);

}  // namespace heatlab
