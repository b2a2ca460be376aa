#pragma once
// The words heatlab shows, in English or Japanese. Every string a user
// reads goes through tr() with its English as the key; the Japanese come
// from app/i18n/ja.po, compiled by GNU gettext's msgfmt at build time
// (checked there: a translation's printf directives must be the
// English's) and embedded in the binary. The lookup is heatlab's own, not
// glibc's gettext(): that picks its language from an installed system
// locale, and `--lang ja` must work on a machine with none (CI, a fresh
// install, a GPU server).
//
// xgettext collects the strings marked tr("...") or trNoop("...") into the
// catalogue's template; a test holds that each has a Japanese entry.

#include <string>
#include <string_view>
#include <vector>

namespace heatlab {

enum class Language { English, Japanese };

// The language of the words from now on (any thread reads it).
void setLanguage(Language language);
Language language();

// "ja" -> Japanese, "en" -> English; false for anything else.
bool parseLanguage(std::string_view code, Language* language);

// The language the environment asks for, as gettext reads it: LANGUAGE's
// first entry, else LC_ALL, LC_MESSAGES, LANG; Japanese where it starts
// with "ja", English otherwise.
Language environmentLanguage();

// `english` in the language chosen: its translation, or itself where the
// catalogue has none (a name, a unit). The pointer lives as long as the
// program.
const char* tr(const char* english);
// printf with the translated format: trf("cue %d of %d", 3, 12) is
// "cue 3 of 12" or "キュー 3 / 12". The arguments are checked against the
// English format here and the translation's directives against the
// English's by msgfmt.
std::string trf(const char* englishFormat, ...) __attribute__((format(printf, 1, 2)));
// Marks `english` for the catalogue without translating it here: a table
// of English strings translated where they are shown.
constexpr const char* trNoop(const char* english) { return english; }

// Every Japanese translation: the characters the fonts must have before a
// frame in Japanese is drawn (script_fonts.h).
std::vector<std::string_view> japaneseTexts();

}  // namespace heatlab
