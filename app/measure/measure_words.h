#pragma once
// The bench's names in the words' language, for a person: table 1's rows,
// the roofline's roofs, points and title. app/measure composes them in
// English (bench_measure.cpp, roofline.cpp) and keeps them so, for its JSON
// and the files a program reads; the panel and the pictures show them
// through here, phrase by phrase (app/i18n/phrases.h).

#include <string>
#include <vector>

#include "app/measure/roofline.h"

namespace heatlab {

// A row's, roof's or point's name, or a title, in the words' language.
std::string measureNameInWords(const std::string& english);
// Every name of `roofline` so.
Roofline rooflineInWords(const Roofline& roofline);

// The phrases the names are composed of, each whole or with its numbers as
// "%d", as the catalogue has them (the cpu translation test holds that
// each has its Japanese).
const std::vector<const char*>& measurePhrases();

}  // namespace heatlab
