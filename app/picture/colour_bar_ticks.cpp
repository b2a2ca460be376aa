#include "app/picture/colour_bar_ticks.h"

#include <algorithm>
#include <cmath>

#include "kernels/numerics/params.h"

namespace heatlab {

namespace {

// The largest decade a float holds: 1e38 < 3.4e38 < 1e39.
constexpr int kLargestDecade = 38;

// The smallest of 1, 2 and 5 times a power of ten that is at least `least`.
double roundStepAtLeast(double least) {
    const double decade = std::pow(10.0, std::floor(std::log10(least)));
    for (double multiple : {1.0, 2.0, 5.0, 10.0}) {
        if (multiple * decade >= least) {
            return multiple * decade;
        }
    }
    return 10.0 * decade;
}

// Multiples of a round step inside the range, the step wide enough that
// neighbours are `spacing` apart.
std::vector<double> linearCandidates(const ValueRange& range, float spacing) {
    const double lo = range.lo;
    const double hi = range.hi;
    const double step = roundStepAtLeast((hi - lo) * spacing);
    // At most one a spacing, and two more for the ends: the bound also ends
    // the loop where k + 1 would round back to k.
    const auto most = static_cast<std::size_t>(1.0 / spacing) + 2;
    std::vector<double> values;
    for (double k = std::ceil(lo / step); k * step <= hi && values.size() < most; k += 1.0) {
        values.push_back(k * step + 0.0);  // + 0.0: ceil(-0.5) is -0, labelled "-0"
    }
    return values;
}

// Zero and +-10^k for every stride-th decade k at or above u0's, the stride
// (1, 2, 5, 10, 20 or 50 decades) wide enough that decades far above u0,
// which each take one unit of the scaled range, are `spacing` apart; those
// near u0, packed closer, are thinned by the caller.
std::vector<double> signedLogCandidates(float reference, float spacing, float scaledSpan) {
    // A quarter more than the spacing: a decade takes a hair under one unit.
    const double least = 1.25 * spacing * scaledSpan;
    int stride = 50;
    for (int candidate : {1, 2, 5, 10, 20, 50}) {
        if (candidate >= least) {
            stride = candidate;
            break;
        }
    }
    const int lowest = static_cast<int>(std::ceil(std::log10(reference)));
    const int first = stride * static_cast<int>(std::ceil(static_cast<double>(lowest) / stride));
    std::vector<double> values{0.0};
    for (int decade = first; decade <= kLargestDecade; decade += stride) {
        const double magnitude = std::pow(10.0, decade);
        values.push_back(magnitude);
        values.push_back(-magnitude);
    }
    return values;
}

// A decade in three digits is "100" up to a hundred and "1e+03" past it,
// so the long ones read as powers of ten; a linear tick, a multiple of a
// round step, may need all six ("1234.5").
std::string labelOf(ColourScale scale, double value) {
    return numberText(value, scale == ColourScale::SignedLog ? 3 : 6);
}

}  // namespace

std::vector<ColourBarTick> colourBarTicks(const ValueRange& range, ColourScale scale,
                                          float scaleReference, float spacing) {
    const auto scaled = [&](double value) {
        return scaledValue(scale, scaleReference, static_cast<float>(value));
    };
    const float scaledLo = scaled(range.lo);
    const float scaledHi = scaled(range.hi);
    if (!std::isfinite(range.lo) || !std::isfinite(range.hi) || !(range.lo < range.hi) ||
        !(spacing > 0.0f && spacing < 0.5f) || !(scaledLo < scaledHi)) {
        return {};
    }
    std::vector<double> values =
        scale == ColourScale::Linear
            ? linearCandidates(range, spacing)
            : signedLogCandidates(scaleReference, spacing, scaledHi - scaledLo);
    // Zero first, then the largest magnitudes: where labels would crowd
    // (the decades just above u0), the small ones give way.
    std::stable_sort(values.begin(), values.end(), [&](double a, double b) {
        return (a == 0.0) != (b == 0.0) ? a == 0.0 : std::fabs(a) > std::fabs(b);
    });
    // The same float arithmetic as the shader's normalisation.
    const Normalisation n = normalisation(scaledLo, scaledHi);
    std::vector<ColourBarTick> ticks;
    for (double value : values) {
        if (value < range.lo || value > range.hi) {
            continue;
        }
        const float position = (scaled(value) - n.lo) * n.scale + n.offset;
        const bool clear = position >= spacing && position <= 1.0f - spacing &&
                           std::none_of(ticks.begin(), ticks.end(), [&](const ColourBarTick& t) {
                               return std::fabs(t.position - position) < spacing;
                           });
        if (clear) {
            ticks.push_back({value, position, labelOf(scale, value)});
        }
    }
    std::sort(ticks.begin(), ticks.end(), [](const ColourBarTick& a, const ColourBarTick& b) {
        return a.position < b.position;
    });
    return ticks;
}

float tickOffsetFromTop(float position, int barHeight) {
    return (1.0f - position) * static_cast<float>(barHeight - 1) + 0.5f;
}

}  // namespace heatlab
