#include "app/lecture/measures/meter_geometry.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

namespace heatlab {

namespace {

// Division rounding down and up, for steps of either sign.
long long floorDiv(long long a, long long b) {
    return a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
}
long long ceilDiv(long long a, long long b) { return -floorDiv(-a, b); }

// How many multiples of `spacing` lie in [first, last]; counted in double,
// since a span of the whole long long range has more than it holds (only
// its comparison with a few ticks matters).
double ticksBetween(long long first, long long last, long long spacing) {
    return static_cast<double>(floorDiv(last, spacing)) -
           static_cast<double>(ceilDiv(first, spacing)) + 1.0;
}

// The power of ten a spacing of 1, 2 or 5 times it is made of.
int exponentOf(long long spacing) {
    int exponent = 0;
    for (; spacing >= 10; spacing /= 10) {
        ++exponent;
    }
    return exponent;
}

template <typename T>
std::optional<LogPoint> largestShowable(const std::vector<long long>& steps,
                                        const std::vector<T>& values, long long since) {
    std::optional<LogPoint> largest;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (steps[i] < since || !isLogShowable(values[i])) {
            continue;
        }
        const double logValue = std::log10(static_cast<double>(values[i]));
        // On a tie, the newer point.
        if (!largest || logValue >= largest->logValue) {
            largest = LogPoint{steps[i], logValue};
        }
    }
    return largest;
}

}  // namespace

StepTicks stepTicks(long long first, long long last, int most) {
    StepTicks ticks;
    if (last < first) {
        return ticks;
    }
    most = std::max(most, 2);
    constexpr long long kLargestPower = std::numeric_limits<long long>::max() / 10;
    for (long long power = 1;; power *= 10) {
        for (const long long factor : {1LL, 2LL, 5LL}) {
            const long long spacing = factor * power;
            // The coarsest spacing a long long holds takes any span.
            const bool coarsest = power > kLargestPower && factor == 5;
            if (ticksBetween(first, last, spacing) <= most || coarsest) {
                ticks.spacing = spacing;
                for (long long k = ceilDiv(first, spacing); k <= floorDiv(last, spacing); ++k) {
                    ticks.steps.push_back(k * spacing);
                }
                return ticks;
            }
        }
    }
}

std::vector<std::string> stepLabels(const StepTicks& ticks) {
    long long largest = 0;
    for (const long long step : ticks.steps) {
        largest = std::max(largest, std::llabs(step));
    }
    // Plain below 10000 (four digits read at a glance), then k, M, G; never
    // with more than one decimal ("1234k", not "1.234M").
    struct Unit {
        long long from;
        int exponent;
        const char* suffix;
    };
    constexpr Unit kUnits[] = {{1000000000, 9, "G"}, {1000000, 6, "M"}, {10000, 3, "k"}};
    const int spacingExponent = exponentOf(ticks.spacing);
    Unit unit{0, 0, ""};
    for (const Unit& u : kUnits) {
        if (largest >= u.from && u.exponent <= spacingExponent + 1) {
            unit = u;
            break;
        }
    }
    const int decimals = std::max(0, unit.exponent - spacingExponent);
    std::vector<std::string> labels;
    for (const long long step : ticks.steps) {
        if (step == 0) {
            labels.emplace_back("0");
            continue;
        }
        char text[64];
        std::snprintf(text, sizeof text, "%.*f%s", decimals,
                      static_cast<double>(step) / std::pow(10.0, unit.exponent), unit.suffix);
        labels.emplace_back(text);
    }
    return labels;
}

std::optional<LogPoint> referenceAnchor(const StabilityHistory& history) {
    // Only the points at the current r: the line has its growth.
    const long long since = history.rSince();
    if (std::optional<LogPoint> amplitude =
            largestShowable(history.steps(), history.amplitude(), since)) {
        return amplitude;
    }
    return largestShowable(history.steps(), history.maxAbs(), since);
}

std::optional<PlotSegment> clipToBox(const PlotSegment& segment, const PlotBox& box,
                                     double shortest) {
    const PlotPoint a = segment.from;
    const double dx = segment.to.x - a.x;
    const double dy = segment.to.y - a.y;
    if (!std::isfinite(a.x) || !std::isfinite(a.y) || !std::isfinite(dx) || !std::isfinite(dy)) {
        return std::nullopt;
    }
    // The segment is a + t (dx, dy) for t in [0, 1]; each edge cuts t.
    double enter = 0.0;
    double leave = 1.0;
    const double towards[4] = {-dx, dx, -dy, dy};
    const double room[4] = {a.x - box.left, box.right - a.x, a.y - box.top, box.bottom - a.y};
    for (int edge = 0; edge < 4; ++edge) {
        if (towards[edge] == 0.0) {
            if (room[edge] < 0.0) {
                return std::nullopt;  // parallel to this edge, outside it
            }
            continue;
        }
        const double t = room[edge] / towards[edge];
        if (towards[edge] < 0.0) {
            enter = std::max(enter, t);
        } else {
            leave = std::min(leave, t);
        }
    }
    if (enter > leave) {
        return std::nullopt;
    }
    const PlotSegment inside{{a.x + enter * dx, a.y + enter * dy},
                             {a.x + leave * dx, a.y + leave * dy}};
    const double length = std::hypot(inside.to.x - inside.from.x, inside.to.y - inside.from.y);
    if (!(length > 0.0) || length < shortest) {
        return std::nullopt;
    }
    return inside;
}

}  // namespace heatlab
