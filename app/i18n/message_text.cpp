#include "app/i18n/message_text.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "app/i18n/translation.h"
#include "app/i18n/utf8.h"

namespace heatlab {

namespace {

// A character that moves the cursor, starts a terminal's control sequence
// (ESC, CSI as U+009B) or reorders or breaks the line around it.
bool control(char32_t c) {
    return c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F) || c == 0x2028 || c == 0x2029 ||
           (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

std::string escapeOf(char32_t c) {
    switch (c) {
    case '\n': return "\\n";
    case '\r': return "\\r";
    case '\t': return "\\t";
    default: break;
    }
    char text[16];
    if (c < 0x80) {
        std::snprintf(text, sizeof text, "\\x%02x", static_cast<unsigned>(c));
    } else {
        std::snprintf(text, sizeof text, "\\u%04x", static_cast<unsigned>(c));
    }
    return text;
}

}  // namespace

std::string excerpt(const std::string& text) {
    if (text.size() <= kMaxExcerpt) {
        return text;
    }
    // Cut where a character starts: never half of a UTF-8 sequence.
    const std::size_t cut = characterStart(text, kMaxExcerpt);
    std::size_t characters = 0;
    for (const char byte : text) {
        characters += (static_cast<unsigned char>(byte) & 0xC0) != 0x80 ? 1 : 0;
    }
    return text.substr(0, cut) + trf("... (%zu characters)", characters);
}

std::string escapedControls(std::string_view text, bool utf8) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t start = at;
        const std::optional<char32_t> c = nextCharacter(text, at);
        // An overlong form (C1 9B for '[', whose second byte an 8-bit
        // terminal takes for CSI) or a surrogate is no character either.
        const bool valid = c && at - start == utf8Of(*c).size() &&
                           !(*c >= 0xD800 && *c <= 0xDFFF) && *c <= 0x10FFFF;
        if (!valid) {
            // Bytes that start no UTF-8 character (nextCharacter skipped
            // one, or the rest of a sequence cut short).
            for (std::size_t i = start; i < at; ++i) {
                const auto byte = static_cast<unsigned char>(text[i]);
                if (utf8) {
                    char escaped[8];
                    std::snprintf(escaped, sizeof escaped, "\\x%02x", byte);
                    out += escaped;
                } else {
                    out += static_cast<char>(byte);
                }
            }
        } else if (control(*c)) {
            out += escapeOf(*c);
        } else {
            out.append(text.substr(start, at - start));
        }
    }
    return out;
}

std::string errorText(int error) {
    switch (error) {
    case ENOENT: return tr("No such file or directory");
    case EACCES: return tr("Permission denied");
    case EPERM: return tr("Operation not permitted");
    case EISDIR: return tr("Is a directory");
    case ENOTDIR: return tr("Not a directory");
    case EEXIST: return tr("File exists");
    case ENOSPC: return tr("No space left on device");
    case EDQUOT: return tr("Disk quota exceeded");
    case EROFS: return tr("Read-only file system");
    case ENAMETOOLONG: return tr("File name too long");
    case ELOOP: return tr("Too many levels of symbolic links");
    case EIO: return tr("Input/output error");
    case EMFILE: return tr("Too many open files");
    case ENXIO: return tr("No such device or address");
    case EXDEV: return tr("Invalid cross-device link");
    case EFBIG: return tr("File too large");
    case EBUSY: return tr("Device or resource busy");
    case ENOMEM: return tr("Cannot allocate memory");
    default: return std::strerror(error);
    }
}

}  // namespace heatlab
