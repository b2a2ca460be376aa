#pragma once
// How a value is placed on the colour map before the range normalises it,
// defined once for the shader (uScale, uScaleReference), the host's
// colours, the colour bar's ticks and the tests.
//
// Linear: the value itself. SignedLog: sign(u) * log10(1 + |u| / u0), so an
// unstable run's checkerboard at 1e30 and the diffusing field at 0..1 are
// both visible in one picture: every decade above the reference u0 gets the
// same share of the map, and the sign is kept (zero stays zero, so the
// diverging map's middle is still zero). The range, automatic or locked,
// stays in field units and is placed the same way, so the map's ends are
// still the field's min and max.

#include <vector>

namespace heatlab {

enum class ColourScale { Linear, SignedLog };

// "linear", "signed-log": the PNG's heatlab.scale.
const char* name(ColourScale scale);
std::vector<ColourScale> allColourScales();

// What --scale, the scene's and cue's "scale", the panel and L choose: a
// scale, or auto (the default): linear, turned signed-log by the lecture
// once a run past the grid's bound explodes (app/lecture/measures/auto_scale.h), so
// the checkerboard shows on the whole field and not as a few spots on a
// flat map; linear again on a new field.
enum class ScaleChoice { Auto, Linear, SignedLog };

// "auto", "linear", "signed-log".
const char* name(ScaleChoice choice);
std::vector<ScaleChoice> allScaleChoices();

// u0 unless told (--scale-reference, the scene's "scale_reference"): a
// thousandth of the hot square's 1 that every initial field is scaled to,
// so the diffusing field keeps three decades of the map (its tail down to
// 1e-3 shows), while float32 round-off, about 1e-7 of the field, stays at
// the map's middle and does not dress the background as a pattern.
inline constexpr float kDefaultScaleReference = 1.0e-3f;
// u0 is a positive normal float (isPositiveNormal() of app/io/value_parsers.h):
// a subnormal one would be flushed to zero by a GPU, and log10(1 + |u| / 0)
// is no scale.

// Where `value` sits on the map before normalisation: itself (Linear) or
// sign(value) * log10(1 + |value| / reference) (SignedLog), computed so that
// |value| / reference never overflows (the result is finite for every finite
// float). NaN and infinities are returned as they are, so they keep the NaN
// colour.
float scaledValue(ColourScale scale, float reference, float value);

}  // namespace heatlab
