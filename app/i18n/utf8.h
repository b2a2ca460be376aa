#pragma once
// UTF-8 read one character at a time, and the characters of the East Asian
// scripts: what the fonts (app/render/script_fonts.h) and line breaking
// (line_breaks.h) both ask of a text.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace heatlab {

// The next character of `text` from `at` (moved past it), or nullopt for a
// byte that starts no valid UTF-8 sequence (skipped) or a sequence cut short.
std::optional<char32_t> nextCharacter(std::string_view text, std::size_t& at);

// Where the character that starts at `at` ends: past its continuation
// bytes (a cut there never halves a UTF-8 sequence).
std::size_t characterEnd(std::string_view text, std::size_t at);
// Where the character that `end` falls in (or starts at) starts: a cut
// there never halves a UTF-8 sequence either.
std::size_t characterStart(std::string_view text, std::size_t end);

// `c` as UTF-8.
std::string utf8Of(char32_t c);

// Japanese, Chinese and Korean characters and their punctuation (CJK
// symbols, kana, Han, fullwidth forms): scripts written without spaces
// between words, and drawn from a CJK font.
bool eastAsian(char32_t c);

// The columns `text` takes in a terminal: two for an East Asian wide
// character, one for any other (a table's heading in Japanese is padded by
// these, not by its bytes).
int displayColumns(std::string_view text);

// `text` padded with spaces to `columns` columns, on the right (left
// aligned) or on the left (right aligned); as it is where it is wider.
std::string leftAligned(std::string_view text, int columns);
std::string rightAligned(std::string_view text, int columns);

}  // namespace heatlab
