#pragma once
// Measurements of a host copy of a field: what the checks, the readouts and
// the tests look at. (A backend measures its own field where it lives:
// Backend::maxAbs.)

#include <cstddef>

#include "kernels/numerics/params.h"

namespace heatlab {

// max |u| of a host field; NaN when the field holds one.
float largestMagnitude(const float* field, std::size_t count);
bool allFinite(const float* field, std::size_t count);

// The field's projection on the alternating (checkerboard) mode over the
// interior: mean of (-1)^(row + col) u. It is the mode an unstable r
// amplifies by |1 - 8r| per step; smooth fields project to almost nothing.
double checkerboardAmplitude(const float* field, const GridSize& grid);

}  // namespace heatlab
