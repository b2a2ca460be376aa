#include "app/i18n/utf8.h"

#include <algorithm>

namespace heatlab {

std::optional<char32_t> nextCharacter(std::string_view text, std::size_t& at) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = byte(at);
    int more = 0;
    char32_t c = 0;
    if (lead < 0x80) {
        ++at;
        return lead;
    } else if ((lead & 0xE0) == 0xC0) {
        more = 1;
        c = lead & 0x1F;
    } else if ((lead & 0xF0) == 0xE0) {
        more = 2;
        c = lead & 0x0F;
    } else if ((lead & 0xF8) == 0xF0) {
        more = 3;
        c = lead & 0x07;
    } else {
        ++at;
        return std::nullopt;
    }
    if (at + more >= text.size()) {  // cut short
        at = text.size();
        return std::nullopt;
    }
    for (int k = 1; k <= more; ++k) {
        if ((byte(at + k) & 0xC0) != 0x80) {
            ++at;
            return std::nullopt;
        }
        c = (c << 6) | (byte(at + k) & 0x3F);
    }
    at += static_cast<std::size_t>(more) + 1;
    return c;
}

namespace {

bool continuation(std::string_view text, std::size_t at) {
    return (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80;
}

}  // namespace

std::size_t characterEnd(std::string_view text, std::size_t at) {
    std::size_t end = at + 1;
    while (end < text.size() && continuation(text, end)) {
        ++end;
    }
    return std::min(end, text.size());
}

std::size_t characterStart(std::string_view text, std::size_t end) {
    std::size_t start = std::min(end, text.size());
    while (start > 0 && start < text.size() && continuation(text, start)) {
        --start;
    }
    return start;
}

std::string utf8Of(char32_t c) {
    std::string out;
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
    return out;
}

bool eastAsian(char32_t c) {
    return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xAC00 && c <= 0xD7AF) ||
           (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFF00 && c <= 0xFFEF) ||
           (c >= 0x20000 && c <= 0x3FFFF);
}

int displayColumns(std::string_view text) {
    int columns = 0;
    std::size_t at = 0;
    while (at < text.size()) {
        const std::optional<char32_t> c = nextCharacter(text, at);
        // The CJK punctuation, kana and Han, Hangul and the fullwidth forms
        // are wide; the halfwidth katakana (U+FF61 to U+FFDC) are not.
        const bool wide = c && eastAsian(*c) && !(*c >= 0xFF61 && *c <= 0xFFDC);
        columns += wide ? 2 : 1;
    }
    return columns;
}

std::string leftAligned(std::string_view text, int columns) {
    return std::string(text) + std::string(std::max(0, columns - displayColumns(text)), ' ');
}

std::string rightAligned(std::string_view text, int columns) {
    return std::string(std::max(0, columns - displayColumns(text)), ' ') + std::string(text);
}

}  // namespace heatlab
