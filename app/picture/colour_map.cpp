#include "app/picture/colour_map.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "kernels/base/errors.h"

namespace heatlab {

namespace {

// 17 control points, evenly spaced in t, for each map.
constexpr int kControlPoints = 17;
using ControlPoints = std::array<Rgb8, kControlPoints>;

// matplotlib's inferno (van der Walt and Smith), resampled at t = i / 16 and
// rounded to 8 bits: monotonic in lightness, readable in grey print and by
// most colour-blind viewers.
constexpr ControlPoints kHeat{{{0, 0, 4},
                               {11, 7, 36},
                               {33, 12, 74},
                               {60, 9, 101},
                               {87, 16, 109},
                               {112, 25, 110},
                               {137, 34, 106},
                               {163, 43, 97},
                               {187, 55, 85},
                               {209, 70, 68},
                               {227, 89, 50},
                               {241, 113, 30},
                               {249, 141, 10},
                               {252, 171, 15},
                               {249, 202, 50},
                               {242, 232, 101},
                               {252, 255, 164}}};

// Moreland's cool-warm (every other point of his 33-point table): blue below
// the middle, red above, equal lightness at equal distance from the middle,
// so neither sign looks stronger than the other.
constexpr ControlPoints kDiverging{{{59, 76, 192},
                                    {77, 104, 215},
                                    {98, 130, 234},
                                    {119, 154, 247},
                                    {141, 176, 254},
                                    {163, 194, 255},
                                    {184, 208, 249},
                                    {204, 217, 238},
                                    {221, 221, 221},
                                    {236, 211, 197},
                                    {245, 196, 173},
                                    {247, 177, 148},
                                    {244, 154, 123},
                                    {236, 127, 99},
                                    {222, 96, 77},
                                    {203, 62, 56},
                                    {180, 4, 38}}};

std::uint8_t toByte(float level) {
    return static_cast<std::uint8_t>(std::lround(std::clamp(level, 0.0f, 255.0f)));
}

Rgb8 mix(Rgb8 a, Rgb8 b, float f) {
    const auto channel = [f](std::uint8_t x, std::uint8_t y) {
        return toByte(static_cast<float>(x) + (static_cast<float>(y) - static_cast<float>(x)) * f);
    };
    return {channel(a.r, b.r), channel(a.g, b.g), channel(a.b, b.b)};
}

// Linear interpolation in a table evenly spaced over t in [0, 1]; the shader
// does the same with the lookup texture.
template <typename Table>
Rgb8 interpolate(const Table& table, float t) {
    const int last = static_cast<int>(table.size()) - 1;
    const float position = std::clamp(t, 0.0f, 1.0f) * static_cast<float>(last);
    const int below = std::min(static_cast<int>(position), last - 1);
    return mix(table[below], table[below + 1], position - static_cast<float>(below));
}

// The shader's table, made once per map.
const std::vector<Rgb8>& sharedTable(ColourMap map) {
    static const std::vector<Rgb8> heat = colourTable(ColourMap::Heat, kColourTableEntries);
    static const std::vector<Rgb8> diverging =
        colourTable(ColourMap::Diverging, kColourTableEntries);
    static const std::vector<Rgb8> grey = colourTable(ColourMap::Grey, kColourTableEntries);
    switch (map) {
    case ColourMap::Heat: return heat;
    case ColourMap::Diverging: return diverging;
    case ColourMap::Grey: return grey;
    }
    return heat;
}

}  // namespace

const char* name(ColourMap map) {
    switch (map) {
    case ColourMap::Heat: return "heat";
    case ColourMap::Diverging: return "diverging";
    case ColourMap::Grey: return "grey";
    }
    return "?";
}

std::optional<ColourMap> parseColourMap(const std::string& text) {
    for (ColourMap map : allColourMaps()) {
        if (text == name(map)) {
            return map;
        }
    }
    return std::nullopt;
}

std::vector<ColourMap> allColourMaps() {
    return {ColourMap::Heat, ColourMap::Diverging, ColourMap::Grey};
}

Rgb8 colourAt(ColourMap map, float t) {
    if (std::isnan(t)) {
        return kNanColour;
    }
    switch (map) {
    case ColourMap::Heat: return interpolate(kHeat, t);
    case ColourMap::Diverging: return interpolate(kDiverging, t);
    case ColourMap::Grey: {
        const std::uint8_t level = toByte(std::clamp(t, 0.0f, 1.0f) * 255.0f);
        return {level, level, level};
    }
    }
    return kNanColour;
}

std::vector<Rgb8> colourTable(ColourMap map, int entries) {
    if (entries < 2) {
        throw RuntimeError("a colour table needs at least 2 entries, not " +
                           std::to_string(entries));
    }
    std::vector<Rgb8> table;
    table.reserve(static_cast<std::size_t>(entries));
    for (int i = 0; i < entries; ++i) {
        table.push_back(colourAt(map, static_cast<float>(i) / static_cast<float>(entries - 1)));
    }
    return table;
}

Normalisation normalisation(float lo, float hi) {
    const float width = hi - lo;
    if (!std::isfinite(lo) || !std::isfinite(width) || width == 0.0f) {
        return {0.0f, 0.0f, 0.5f};
    }
    return {lo, 1.0f / width, 0.0f};
}

Rgb8 colourOfValue(ColourMap map, float value, float lo, float hi) {
    if (!std::isfinite(value)) {
        return kNanColour;
    }
    const Normalisation n = normalisation(lo, hi);
    return interpolate(sharedTable(map), (value - n.lo) * n.scale + n.offset);
}

ValueRange centredOnZero(float lo, float hi) {
    const float reach = std::max(std::fabs(lo), std::fabs(hi));
    return {-reach, reach};
}

}  // namespace heatlab
