#pragma once
// What a message may hold of what a user gave it: a value shown in a
// refusal is cut short where it is long, and a line written to the
// terminal has its control characters escaped, so a newline or an escape
// sequence in a file name, a key or a caption can neither split the line
// nor retitle or clear the terminal. Text in any script passes as it is.

#include <cstddef>
#include <string>
#include <string_view>

namespace heatlab {

// The longest text excerpt() shows whole.
constexpr std::size_t kMaxExcerpt = 60;

// A value as a refusal quotes it: whole up to kMaxExcerpt bytes, else its
// start (cut where a character starts) and its length in characters, "abc... (130000
// characters)". Every message that quotes a value quotes it through this.
std::string excerpt(const std::string& text);

// `text` with every control character written as an escape: "\n", "\r",
// "\t", "\x1b" for the C0 controls and DEL, "\u009b" for the C1 controls
// and "\u202e" for the characters that reorder or break a line (the
// bidirectional overrides and isolates, U+2028, U+2029). Where the
// terminal takes UTF-8 a byte that starts no UTF-8 character is "\xff";
// where it does not (terminalTakesUtf8()), such bytes are the terminal's
// own characters (an EUC-JP file name typed there) and pass.
std::string escapedControls(std::string_view text, bool utf8 = true);

// What the system said of a failed call (errno), in the words' language:
// the C library's own text (strerror) is English without an installed
// locale, so the errors a user meets reading and writing files are
// translated here, any other is the library's.
std::string errorText(int error);

}  // namespace heatlab
