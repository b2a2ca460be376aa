#pragma once
// The words heatlab shows, in English or Japanese. Every string a user
// reads goes through tr() (kernels/base/words.h) with its English as the key; the Japanese come
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

#include "kernels/base/words.h"

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

// Every Japanese translation: the characters the fonts must have before a
// frame in Japanese is drawn (app/render/script_fonts.h).
std::vector<std::string_view> japaneseTexts();

}  // namespace heatlab
