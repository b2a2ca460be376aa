#include "app/io/value_parsers.h"

#include <cctype>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "app/i18n/translation.h"

namespace heatlab {

namespace {

// A whole decimal number, all of the text, no sign games, or nothing. Twelve
// digits are past any int, so the caller's range check sees the overflow.
bool parseWhole(const std::string& text, long long* out) {
    if (text.empty() || text.size() > 12) {
        return false;
    }
    for (char c : text) {
        if (c < '0' || c > '9') {
            return false;
        }
    }
    *out = std::stoll(text);
    return true;
}

// A finite number a float holds (|x| <= 3e38), all of the text.
bool parseFloat(const std::string& text, float* out) {
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(value) ||
        std::fabs(value) > 3.0e38) {
        return false;
    }
    *out = static_cast<float>(value);
    return true;
}

// What a positive normal float is, for its refusals: the smallest one's
// text is the smallest one (shortestText()).
std::string positiveNormalRule() {
    return trf("expected a number from %s (the smallest normal float) to 3e+38",
               shortestText(std::numeric_limits<float>::min()).c_str());
}

}  // namespace

std::string trimmed(const std::string& text) {
    const auto space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
    std::size_t from = 0;
    std::size_t to = text.size();
    while (from < to && space(text[from])) {
        ++from;
    }
    while (to > from && space(text[to - 1])) {
        --to;
    }
    return text.substr(from, to - from);
}

std::string joinedNames(const std::vector<std::string>& names) {
    std::string all;
    for (const auto& n : names) {
        all += (all.empty() ? "" : ", ") + n;
    }
    return all;
}

GridSize parseGridSize(const std::string& written) {
    const std::string text = trimmed(written);
    const std::string allowed = trf("N or NXxNY with %d <= side <= %d (e.g. 2048 or 4096x1024)",
                                    kMinGridSide, kMaxGridSide);
    const auto x = text.find('x');
    long long nx = 0;
    long long ny = 0;
    const bool ok = (x == std::string::npos)
                        ? parseWhole(text, &nx) && (ny = nx, true)
                        : parseWhole(text.substr(0, x), &nx) && parseWhole(text.substr(x + 1), &ny);
    if (!ok) {
        throw UsageError(
            trf("'%s' is not a grid size: expected %s", excerpt(text).c_str(), allowed.c_str()));
    }
    if (nx < kMinGridSide || ny < kMinGridSide || nx > kMaxGridSide || ny > kMaxGridSide) {
        throw UsageError(
            trf("grid %s is out of range: expected %s", excerpt(text).c_str(), allowed.c_str()));
    }
    return GridSize{static_cast<int>(nx), static_cast<int>(ny)};
}

float parseR(const std::string& written) {
    const std::string text = trimmed(written);
    // Parsed as a double, so a value too small for a normal float is seen
    // and refused by the range check instead of failing the conversion.
    char* end = nullptr;
    const double r = std::strtod(text.c_str(), &end);
    const bool number = !text.empty() && end == text.c_str() + text.size() && std::isfinite(r);
    if (!number || !rInRange(r)) {
        throw UsageError(
            trf("r must be a finite number with %s < r <= %s, not below %s (the "
                "smallest normal float), got '%s'",
                rText(kRAbove).c_str(), rText(kRMax).c_str(), rText(kRSmallest).c_str(),
                excerpt(text).c_str()));
    }
    return static_cast<float>(r);
}

double parseFiniteNumber(const std::string& written, const std::string& what) {
    const std::string text = trimmed(written);
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(value)) {
        throw UsageError(
            trf("%s must be a finite number, got '%s'", what.c_str(), excerpt(text).c_str()));
    }
    return value;
}

int parseCount(const std::string& written, int min, int max) {
    const std::string text = trimmed(written);
    long long value = 0;
    if (!parseWhole(text, &value) || value < min || value > max) {
        throw UsageError(trf("expected a whole number from %d to %d, got '%s'", min, max,
                             excerpt(text).c_str()));
    }
    return static_cast<int>(value);
}

ValueEnds parseValueEnds(const std::string& writtenLo, const std::string& writtenHi) {
    const std::string lo = trimmed(writtenLo);
    const std::string hi = trimmed(writtenHi);
    ValueEnds ends;
    for (const std::string* text : {&lo, &hi}) {
        if (!parseFloat(*text, text == &lo ? &ends.lo : &ends.hi)) {
            throw UsageError(
                trf("expected two finite numbers MIN MAX, got '%s'", excerpt(*text).c_str()));
        }
    }
    if (!(ends.lo < ends.hi)) {
        throw UsageError(
            trf("MIN must be below MAX, got %s %s", excerpt(lo).c_str(), excerpt(hi).c_str()));
    }
    return ends;
}

bool isPositiveNormal(double value) {
    // Compared as the float it becomes, so the smallest one's own nine
    // digits (a hair below it as a double) are taken.
    return std::isfinite(value) && value <= 3.0e38 &&
           static_cast<float>(value) >= std::numeric_limits<float>::min();
}

float checkedPositiveNormal(double value) {
    if (!isPositiveNormal(value)) {
        throw UsageError(
            trf("%s, got %s", positiveNormalRule().c_str(), numberText(value).c_str()));
    }
    return static_cast<float>(value);
}

float parsePositiveNormal(const std::string& written) {
    const std::string text = trimmed(written);
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size()) {
        throw UsageError(trf("%s, got '%s'", positiveNormalRule().c_str(), excerpt(text).c_str()));
    }
    return checkedPositiveNormal(value);
}

}  // namespace heatlab
