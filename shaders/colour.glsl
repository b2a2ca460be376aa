// The colour arithmetic every program that colours the field shares: the
// scale, the range's normalisation and the table lookup, the same float
// operations as the host's scaledValue(), normalisation() and
// colourOfValue(). Not a stage of its own: gl::linkProgram() puts it after
// the #version line of both stages of the field and surface programs,
// behind the line that defines kColourTableEntries from the host's constant.

// The display buffer (kernels/display_layout.h): the field's min and max
// at its start, the values a draw reads after them.
uniform samplerBuffer uDisplay;
uniform ivec2 uGrid;           // nx, ny
uniform int uScale;            // ColourScale: 0 linear, 1 signed-log
uniform float uScaleReference; // the signed-log scale's u0, a normal float > 0
// t = (scaled(value) - lo) * scale + offset: (lo, scale, offset), lo the
// range's scaled low end.
uniform vec3 uNormalisation;
// Automatic range: lo and hi are the two values at the display buffer's
// start (the field's min and max, reduced where the field lives), placed by scaled(),
// not uNormalisation; uCentreOnZero widens them to -m .. m, m = max(|lo|,
// |hi|), so the diverging map's middle is zero.
uniform bool uRangeFromField;
uniform bool uCentreOnZero;
// One row of kColourTableEntries RGBA8 texels per map.
uniform sampler2D uColourTables;
uniform int uMapRow;

// Bits, not isnan/isinf, which an optimising compiler may assume false.
bool nonFinite(float v) { return (floatBitsToUint(v) & 0x7f800000u) == 0x7f800000u; }

// Where a finite value sits on the map: itself (linear) or
// sign(v) * log10(1 + |v| / u0) (signed-log), as log10(big / u0) +
// log10(1 + small / big), big and small the larger and smaller of |v| and
// u0, so no quotient above 1 overflows.
float scaled(float v) {
    if (uScale == 0 || nonFinite(v)) {
        return v;
    }
    float magnitude = abs(v);
    float big = max(magnitude, uScaleReference);
    float small = min(magnitude, uScaleReference);
    float decades = (log2(big) - log2(uScaleReference) + log2(1.0 + small / big)) * 0.30102999566;
    return sign(v) * decades;
}

// (lo, scale, offset) as the host's normalisation() makes them: an empty or
// non-finite range maps every value to the middle of the map.
vec3 normalisationOf(float lo, float hi) {
    float width = hi - lo;
    if (nonFinite(lo) || nonFinite(width) || width == 0.0) {
        return vec3(0.0, 0.0, 0.5);
    }
    return vec3(lo, 1.0 / width, 0.0);
}

// The normalisation this draw uses: the locked range's, or the stored one's.
// The same for every pixel, so the vertex stages compute it.
vec3 normalisation() {
    if (!uRangeFromField) {
        return uNormalisation;
    }
    float lo = scaled(texelFetch(uDisplay, 0).r);
    float hi = scaled(texelFetch(uDisplay, 1).r);
    if (uCentreOnZero) {
        float reach = max(abs(lo), abs(hi));
        lo = -reach;
        hi = reach;
    }
    return normalisationOf(lo, hi);
}

// The map at t, interpolated linearly between neighbouring table entries.
vec3 colourAt(float t) {
    float position = clamp(t, 0.0, 1.0) * float(kColourTableEntries - 1);
    int below = min(int(position), kColourTableEntries - 2);
    vec3 a = texelFetch(uColourTables, ivec2(below, uMapRow), 0).rgb;
    vec3 b = texelFetch(uColourTables, ivec2(below + 1, uMapRow), 0).rgb;
    return mix(a, b, position - float(below));
}
