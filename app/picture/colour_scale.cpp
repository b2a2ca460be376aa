#include "app/picture/colour_scale.h"

#include <algorithm>
#include <cmath>

namespace heatlab {

namespace {

// log10(x) = log2(x) * log10(2): the shader has log2 only, and the host
// computes it the same way so the two agree to the last bits the map sees.
constexpr float kLog10Of2 = 0.30102999566f;

}  // namespace

const char* name(ColourScale scale) {
    return scale == ColourScale::Linear ? "linear" : "signed-log";
}

std::vector<ColourScale> allColourScales() { return {ColourScale::Linear, ColourScale::SignedLog}; }

const char* name(ScaleChoice choice) {
    switch (choice) {
    case ScaleChoice::Auto: return "auto";
    case ScaleChoice::Linear: return "linear";
    case ScaleChoice::SignedLog: return "signed-log";
    }
    return "?";
}

std::vector<ScaleChoice> allScaleChoices() {
    return {ScaleChoice::Auto, ScaleChoice::Linear, ScaleChoice::SignedLog};
}

float scaledValue(ColourScale scale, float reference, float value) {
    if (scale == ColourScale::Linear || !std::isfinite(value)) {
        return value;
    }
    // log10(1 + a / u0) = log10(big / u0) + log10(1 + small / big), with big
    // and small the larger and smaller of a and u0: no quotient above 1.
    const float magnitude = std::fabs(value);
    const float big = std::max(magnitude, reference);
    const float small = std::min(magnitude, reference);
    const float decades =
        (std::log2(big) - std::log2(reference) + std::log2(1.0f + small / big)) * kLog10Of2;
    return std::copysign(decades, value);
}

}  // namespace heatlab
