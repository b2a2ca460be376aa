#pragma once
// The words every message of the program is made of, in the language
// chosen: tr("...") with its English as the key, trf() for a printf format.
// The simulation library says its refusals and its backend line through
// these too, so a Japanese user reads them in Japanese; it has no catalogue
// of its own (it knows nothing above it): the program's (app/i18n/
// translation.h) is handed to it once, and until then, and in a program
// without one, every word is its English.
//
// xgettext collects the strings marked tr("...") or trNoop("...") in both
// the library and the program into the catalogue's template.

#include <string>

namespace heatlab {

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

// The catalogue's lookup: English in, the chosen language out. Set once by
// the program before any thread asks for a word.
using Translation = const char* (*)(const char* english);
void setTranslation(Translation translation);

}  // namespace heatlab
