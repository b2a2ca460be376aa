#include "app/i18n/terminal_locale.h"

#include <iconv.h>
#include <langinfo.h>
#include <locale.h>

#include <cctype>
#include <cstdlib>

#include "app/i18n/message_text.h"
#include "app/i18n/utf8.h"

namespace heatlab {

namespace {

// The variable that sets the locale of the terminal's characters, as the
// C library reads it, and its value; both empty where none is set.
struct LocaleSetting {
    std::string variable;
    std::string value;
};

LocaleSetting characterLocale() {
    for (const char* name : {"LC_ALL", "LC_CTYPE", "LANG"}) {
        if (const char* value = std::getenv(name); value != nullptr && value[0] != '\0') {
            return {name, value};
        }
    }
    return {};
}

bool namesNoLocale(const std::string& value) {
    return value.empty() || value == "C" || value == "POSIX";
}

// "UTF-8", "utf8", "Utf-8": the same codeset.
bool isUtf8(const std::string& codeset) {
    std::string plain;
    for (char c : codeset) {
        if (c != '-' && c != '_') {
            plain += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        }
    }
    return plain == "utf8";
}

// The codeset `value` names: the C library's where the locale is installed,
// else the name's own ("ja_JP.eucJP" -> "eucJP"); "" for a name without one
// ("ja_JP", whose codeset is a legacy one where it is installed).
std::string codesetOf(const std::string& value) {
    if (locale_t locale = newlocale(LC_CTYPE_MASK, value.c_str(), static_cast<locale_t>(0))) {
        const std::string codeset = nl_langinfo_l(CODESET, locale);
        freelocale(locale);
        return codeset;
    }
    const std::size_t dot = value.find('.');
    if (dot == std::string::npos) {
        return "";
    }
    return value.substr(dot + 1, value.find('@', dot) - dot - 1);
}

// `text` in `codeset`, a character at a time: "?" for one it lacks, and the
// bytes that are no UTF-8 as they are (the terminal's own).
std::string inCodeset(const std::string& text, const std::string& codeset) {
    iconv_t convert =
        codeset.empty() ? reinterpret_cast<iconv_t>(-1) : iconv_open(codeset.c_str(), "UTF-8");
    std::string out;
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t start = at;
        const auto lead = static_cast<unsigned char>(text[at]);
        const std::optional<char32_t> c = nextCharacter(text, at);
        if (lead < 0x80 || !c) {
            out.append(text, start, at - start);
            continue;
        }
        bool converted = false;
        if (convert != reinterpret_cast<iconv_t>(-1)) {
            std::string from = text.substr(start, at - start);
            char into[16];
            char* in = from.data();
            std::size_t inLeft = from.size();
            char* outAt = into;
            std::size_t outLeft = sizeof into;
            iconv(convert, nullptr, nullptr, nullptr, nullptr);
            converted =
                iconv(convert, &in, &inLeft, &outAt, &outLeft) != static_cast<std::size_t>(-1) &&
                inLeft == 0;
            if (converted) {
                out.append(into, static_cast<std::size_t>(outAt - into));
            }
        }
        if (!converted) {
            out += '?';
        }
    }
    if (convert != reinterpret_cast<iconv_t>(-1)) {
        iconv_close(convert);
    }
    return out;
}

}  // namespace

std::string nonUtf8Locale() {
    const LocaleSetting setting = characterLocale();
    if (namesNoLocale(setting.value) || isUtf8(codesetOf(setting.value))) {
        return "";
    }
    return setting.variable + "=" + setting.value;
}

bool terminalTakesUtf8() { return nonUtf8Locale().empty(); }

Language terminalLanguage(Language asked) {
    return asked == Language::Japanese && !terminalTakesUtf8() ? Language::English : asked;
}

std::string terminalLanguageNote(Language asked) {
    if (terminalLanguage(asked) == asked) {
        return "";
    }
    // Said in English: the terminal cannot show the Japanese.
    return "this terminal's locale (" + escapedControls(nonUtf8Locale()) +
           ") is not UTF-8, so heatlab writes English here; the window, the pictures and the "
           "page stay Japanese (LANG=ja_JP.UTF-8 for Japanese here too)";
}

std::string terminalLine(std::string_view text) {
    const std::string locale = nonUtf8Locale();
    if (locale.empty()) {
        return escapedControls(text, true);
    }
    return inCodeset(escapedControls(text, false), codesetOf(characterLocale().value));
}

}  // namespace heatlab
