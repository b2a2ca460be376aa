#pragma once
// The terminal's character set, as its locale names it. heatlab's words
// are UTF-8: on a terminal whose locale names another codeset
// (LANG=ja_JP.eucJP, ja_JP.SJIS, or ja_JP, whose codeset is EUC-JP) its
// Japanese would be unreadable bytes, so there the terminal's lines are
// English, and one line says why; the window, the pictures and the page
// draw UTF-8 whatever the locale, and keep the language asked for.
//
// A locale that names nothing (unset, C, POSIX) says nothing of the
// terminal: it is taken for UTF-8, as a container or a CI job whose
// terminal shows Japanese has no locale set.

#include <string>
#include <string_view>

#include "app/i18n/translation.h"

namespace heatlab {

// Where the locale of the terminal's characters (the first set of LC_ALL,
// LC_CTYPE, LANG) names a codeset other than UTF-8, its setting as
// "LANG=ja_JP.eucJP"; "" where it is UTF-8 or names no locale. Read from
// the environment each time it is asked.
std::string nonUtf8Locale();

// Whether the terminal shows UTF-8 (nonUtf8Locale() is "").
bool terminalTakesUtf8();

// The language of the lines written to the terminal when `asked` is the
// words' language: `asked`, or English where the terminal cannot show it.
Language terminalLanguage(Language asked);

// The one line (English) that says why the terminal's lines are English
// though `asked` is Japanese; "" where they are not.
std::string terminalLanguageNote(Language asked);

// `text` as one line for this terminal: its control characters escaped
// (escapedControls()) and, where the terminal's codeset is not UTF-8, each
// character in that codeset ("?" for one it lacks): a line made in the
// window's Japanese, as a lecture's last error, is still read there.
std::string terminalLine(std::string_view text);

}  // namespace heatlab
