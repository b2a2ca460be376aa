#pragma once
// Measurements of a host copy of a field: what the checks, the readouts and
// the tests look at. (A backend measures its own field where it lives:
// Backend::maxAbs.)

#include <cstddef>

#include "kernels/numerics/params.h"

namespace heatlab {

// The smallest and largest value of a field, for an automatic colour range.
struct FieldRange {
    float min = 0.0f;
    float max = 0.0f;
    bool hasNaN = false;  // NaN cells take no part in min and max
};

// max |u| of a host field; NaN when the field holds one.
float largestMagnitude(const float* field, std::size_t count);
bool allFinite(const float* field, std::size_t count);
// min and max of `count` values (NaNs flagged, not compared), and of several
// such ranges merged; an all-NaN or empty input gives min > max (+inf, -inf).
FieldRange rangeOf(const float* field, std::size_t count);
FieldRange mergeRanges(const FieldRange* ranges, std::size_t count);

// The field's projection on the alternating (checkerboard) mode over the
// interior: mean of (-1)^(row + col) u. It is the mode an unstable r
// amplifies by |1 - 8r| per step; smooth fields project to almost nothing.
double checkerboardAmplitude(const float* field, const GridSize& grid);

}  // namespace heatlab
