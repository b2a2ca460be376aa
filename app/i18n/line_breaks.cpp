#include "app/i18n/line_breaks.h"

#include <algorithm>
#include <iterator>

#include "app/i18n/utf8.h"

namespace heatlab {

namespace {

// May not start a line: closing brackets and quotes, the full stop and
// comma, the middle dot, colon and the marks that end a sentence, the
// iteration marks, the long-vowel mark and the small kana (Japanese
// Industrial Standard JIS X 4051's classes, the strict set).
constexpr char32_t kNoLineStart[] = {
    U'、', U'。', U'，', U'．', U'・', U'：', U'；', U'？', U'！', U'゛', U'゜', U'ヽ',
    U'ヾ', U'ゝ', U'ゞ', U'々', U'〻', U'ー', U'’',  U'”',  U'）', U'〕', U'］', U'｝',
    U'〉', U'》', U'」', U'』', U'】', U'〙', U'〗', U'〟', U'｠', U'»',  U'ぁ', U'ぃ',
    U'ぅ', U'ぇ', U'ぉ', U'っ', U'ゃ', U'ゅ', U'ょ', U'ゎ', U'ゕ', U'ゖ', U'ァ', U'ィ',
    U'ゥ', U'ェ', U'ォ', U'ッ', U'ャ', U'ュ', U'ョ', U'ヮ', U'ヵ', U'ヶ', U'…',  U'‥',
    U'〜', U'～', U')',  U']',  U'}',  U',',  U'.',  U':',  U';',  U'!',  U'?',  U'%'};

// May not end a line: opening brackets and quotes.
constexpr char32_t kNoLineEnd[] = {U'（', U'〔', U'［', U'｛', U'〈', U'《', U'「',
                                   U'『', U'【', U'〘', U'〖', U'〝', U'｟', U'«',
                                   U'‘',  U'“',  U'(',  U'[',  U'{'};

template <std::size_t N>
bool among(const char32_t (&set)[N], char32_t c) {
    return std::find(std::begin(set), std::end(set), c) != std::end(set);
}

}  // namespace

bool mayBreakBetween(char32_t before, char32_t after) {
    // Between two characters of a Latin word or number, never; a break
    // needs an East Asian character on one side.
    if (!eastAsian(before) && !eastAsian(after)) {
        return false;
    }
    return !among(kNoLineStart, after) && !among(kNoLineEnd, before);
}

std::vector<TextPiece> breakablePieces(std::string_view text) {
    std::vector<TextPiece> pieces;
    TextPiece piece;
    int spaces = 0;         // spaces since the last character
    char32_t previous = 0;  // the last character read, 0 for none or a byte that is none
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t start = at;
        const std::optional<char32_t> c = nextCharacter(text, at);
        if (c == U' ') {
            ++spaces;
            continue;
        }
        if (!piece.text.empty() &&
            (spaces > 0 || (c && previous != 0 && mayBreakBetween(previous, *c)))) {
            pieces.push_back(piece);
            piece = TextPiece{};
            piece.spacesBefore = spaces;
        }
        // Bytes that are no character are kept as they came; spaces before
        // the first piece are dropped.
        piece.text.append(text.substr(start, at - start));
        previous = c.value_or(0);
        spaces = 0;
    }
    if (!piece.text.empty()) {
        pieces.push_back(piece);
    }
    return pieces;
}

}  // namespace heatlab
