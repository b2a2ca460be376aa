#pragma once
// The colour maps, defined once. The renderer uploads colourTable() as the
// shader's lookup texture and colourOfValue() does on the host exactly what
// the shader does with it, so the window, the screenshots, the colour bar
// and the tests all agree on the colour of a value.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace heatlab {

enum class ColourMap {
    Heat,       // sequential, perceptually uniform (inferno): dark is low
    Diverging,  // blue-grey-red (Moreland's cool-warm), neutral in the middle
    Grey,       // black to white
};

// "heat", "diverging", "grey": the names the command line and the panel use.
const char* name(ColourMap map);
std::optional<ColourMap> parseColourMap(const std::string& text);
std::vector<ColourMap> allColourMaps();

struct Rgb8 {
    std::uint8_t r, g, b;
};
inline bool operator==(Rgb8 a, Rgb8 b) { return a.r == b.r && a.g == b.g && a.b == b.b; }
inline bool operator!=(Rgb8 a, Rgb8 b) { return !(a == b); }

// The colour of NaN and infinite values: saturated green. No map comes near
// it (inferno runs black, purple, red, orange, pale yellow; cool-warm blue,
// grey, red; grey has equal channels), so a blown-up cell can never be read
// as a large or small finite value.
inline constexpr Rgb8 kNanColour{0, 255, 0};

// The map at t in [0, 1] (clamped; NaN gives kNanColour): linear
// interpolation between the map's control points.
Rgb8 colourAt(ColourMap map, float t);

// colourAt at `entries` evenly spaced t from 0 to 1 (both ends included);
// throws RuntimeError for fewer than 2 entries.
std::vector<Rgb8> colourTable(ColourMap map, int entries);
// The size of the table the shader gets.
inline constexpr int kColourTableEntries = 256;

// How a value becomes t: t = (value - lo) * scale + offset, the same float
// arithmetic on the host and in the shader. An empty or non-finite range
// (lo == hi) maps every value to the middle of the map. hi < lo is allowed
// and reverses the map.
struct Normalisation {
    float lo;
    float scale;
    float offset;
};
Normalisation normalisation(float lo, float hi);

// What the shader draws for `value` with the range [lo, hi]: NaN and
// infinities give kNanColour; otherwise t is clamped to [0, 1] (values
// outside the range take the end colours) and the kColourTableEntries table
// is interpolated linearly between neighbouring entries.
Rgb8 colourOfValue(ColourMap map, float value, float lo, float hi);

// A range symmetric about zero that covers [lo, hi]: with it the diverging
// map's neutral middle is exactly at zero, so the sign of a value reads at a
// glance.
struct ValueRange {
    float lo;
    float hi;
};
ValueRange centredOnZero(float lo, float hi);

}  // namespace heatlab
