#pragma once
// The values a person types (grid size, r, counts, named choices, a value
// range), parsed once from text into the typed value, for every reader of
// such text: the command line's options and the scene file's fields. Ranges
// come from kernels/numerics/params.h.
//
// Every problem is a UsageError of one line that says what is allowed; the
// command line puts the option's name in front, the scene reader the field's.
//
// One rule for spaces in every reader: spaces around a value (and around a
// key, where the text has keys) are ignored, spaces inside a number are
// refused (' 0.25' is 0.25, '0. 25' is no number). A refusal shows the value
// as it was written, spaces around it left out.

#include <climits>
#include <string>
#include <vector>

#include "app/i18n/message_text.h"
#include "app/i18n/translation.h"
#include "kernels/base/errors.h"
#include "kernels/numerics/params.h"

namespace heatlab {

// `text` without the spaces (any white space) around it.
std::string trimmed(const std::string& text);

// "2048" (square) or "4096x1024" (nx x ny), kMinGridSide <= side <=
// kMaxGridSide.
GridSize parseGridSize(const std::string& text);
// A finite decimal number within the range of rInRange(): 0 < r <= 1, and
// not below the smallest normal float.
float parseR(const std::string& text);
// A finite decimal number; `what` names it in the message.
double parseFiniteNumber(const std::string& text, const std::string& what);
// A whole decimal number from `min` to `max` (the largest int unless
// told).
int parseCount(const std::string& text, int min, int max = INT_MAX);
// Two finite numbers that a float holds, the first below the second.
struct ValueEnds {
    float lo = 0.0f;
    float hi = 0.0f;
};
ValueEnds parseValueEnds(const std::string& lo, const std::string& hi);
// A positive normal float: from the smallest normal float to 3e38 (a GPU
// may flush a subnormal one to zero). The signed-log colour scale's
// reference u0 is one; the scene's number goes through
// checkedPositiveNormal(), the panel's entry through isPositiveNormal().
bool isPositiveNormal(double value);
float checkedPositiveNormal(double value);
float parsePositiveNormal(const std::string& text);

template <typename Enum>
std::vector<std::string> namesOf(const std::vector<Enum>& values) {
    std::vector<std::string> names;
    for (Enum v : values) {
        names.emplace_back(name(v));
    }
    return names;
}

// "a, b, c": the list a message or a help line shows.
std::string joinedNames(const std::vector<std::string>& names);

// One of `choices`, by the name name() gives it.
template <typename Enum>
Enum parseChoice(const std::string& written, const std::vector<Enum>& choices) {
    const std::string text = trimmed(written);
    for (Enum value : choices) {
        if (text == name(value)) {
            return value;
        }
    }
    throw UsageError(trf("'%s' is not one of: %s", excerpt(text).c_str(),
                         joinedNames(namesOf(choices)).c_str()));
}

}  // namespace heatlab
