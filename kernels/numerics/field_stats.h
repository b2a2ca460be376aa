#pragma once
// Measurements of a host copy of a field: what the checks, the readouts and
// the tests look at.

#include <cstddef>
#include <string>
#include <vector>

#include "kernels/numerics/params.h"

namespace heatlab {

// NaN when the field holds one.
float maxAbs(const float* field, std::size_t count);
bool allFinite(const float* field, std::size_t count);

// The field's projection on the alternating (checkerboard) mode over the
// interior: mean of (-1)^(row + col) u. It is the mode an unstable r
// amplifies by |1 - 8r| per step; smooth fields project to almost nothing.
double checkerboardAmplitude(const float* field, const GridSize& grid);

// Relative tolerance of a fast path against the double reference, as SPEC.md
// sets it. A cell whose reference value has cancelled to below
// kSmallValueFraction of the field's largest magnitude is held instead to
// kRelativeTolerance of that fraction of the largest magnitude (1e-6 of it,
// about eight float ulps): the relative error of a near-zero value measures
// the cancellation, not the kernel.
constexpr double kRelativeTolerance = 1e-4;
constexpr double kSmallValueFraction = 1e-2;

struct Comparison {
    bool passed = true;
    double worstError = 0.0;  // largest error, relative to its scale
    std::string detail;       // where the first mismatch is, when there is one
};

Comparison compareWithReference(const float* got, const std::vector<double>& want,
                                const GridSize& grid);

// True when the ring of `got` equals the ring of `want` bit for bit.
bool ringBitExact(const float* got, const float* want, const GridSize& grid);

}  // namespace heatlab
