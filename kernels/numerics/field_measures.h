#pragma once
// Measurements of a host copy of a field: what the checks, the readouts and
// the tests look at. (A backend measures its own field where it lives:
// Backend::maxAbs; the checkerboard amplitude's per-cell definition below is
// shared with the backends' reductions, CUDA's included.)

#include <cmath>
#include <cstddef>
#include <limits>

#include "kernels/numerics/params.h"
#include "kernels/numerics/stencil.h"

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
// interior (ring excluded): the mean of (-1)^(row + col) u, row and col
// counted in the full grid, ring included, so cell (1, 1) counts +. It is
// the mode an unstable r amplifies by |1 - 8r| per step (flipping its sign
// when r > 0.25); smooth fields project to almost nothing. Summed in double.
// NaN when an interior cell is NaN or infinite. The double reference of
// Backend::checkerboardAmplitude().
double signedCheckerboardAmplitude(const float* field, const GridSize& grid);
// Its magnitude, |signedCheckerboardAmplitude()|: what a growth rate divides.
double checkerboardAmplitude(const float* field, const GridSize& grid);

// The two halves of that definition every backend shares with the reference.
// A cell's term: u with the checkerboard's sign at (row, col) of the full
// grid, + where row + col is even.
HEATLAB_HD inline double checkerboardTerm(float u, long long row, long long col) {
    const double v = u;
    return (row + col) % 2 == 0 ? v : -v;
}
// The amplitude from the sum of the terms of every interior cell. Finite
// floats cannot overflow a double sum (3.4e38 a cell), so an infinite sum
// means an infinite cell: NaN, as +inf - inf and a NaN cell already give.
HEATLAB_HD inline double checkerboardMean(double sumOfTerms, long long interiorCells) {
    return std::isinf(sumOfTerms) ? std::numeric_limits<double>::quiet_NaN()
                                  : sumOfTerms / static_cast<double>(interiorCells);
}

}  // namespace heatlab
