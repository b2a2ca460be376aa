#pragma once
// How a fast path's field is compared with the double reference: the
// tolerances and the comparison the bench's checks and the tests share.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "kernels/numerics/params.h"

namespace heatlab {

// Relative tolerance of a fast path against the double reference, as the
// product sets it. A cell whose reference value has cancelled to below
// kSmallValueFraction of the field's largest magnitude is held instead to
// kRelativeTolerance of that fraction of the largest magnitude (1e-6 of it,
// about eight float ulps): the relative error of a near-zero value measures
// the cancellation, not the kernel. And no scale is below kSmallestScale,
// float's smallest normal: a field that has decayed below it (a sine on a
// 3 x 3 grid, whose one cell holds sin(pi)^2 ~ 1e-32 and falls to 1e-56 in
// double) lies where a float holds no relative precision, or holds 0, so
// its cells are compared absolutely, to kRelativeTolerance of that normal.
constexpr double kRelativeTolerance = 1e-4;
constexpr double kSmallValueFraction = 1e-2;
constexpr double kSmallestScale = static_cast<double>(std::numeric_limits<float>::min());

struct Comparison {
    bool passed = true;
    double worstError = 0.0;  // largest error, relative to its scale
    std::string detail;       // where the first mismatch is, when there is one
    // The first mismatched cell's index, row-major; cells() when none.
    std::size_t firstWrong = 0;
};

Comparison compareWithReference(const float* got, const std::vector<double>& want,
                                const GridSize& grid);

// One byte a cell, 1 where `got` is outside compareWithReference()'s
// tolerance (NaN included): where a kernel is wrong, for its picture.
std::vector<std::uint8_t> wrongCells(const float* got, const std::vector<double>& want);

// True when the ring of `got` equals the ring of `want` bit for bit.
bool ringBitExact(const float* got, const float* want, const GridSize& grid);

}  // namespace heatlab
