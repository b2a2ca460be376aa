#pragma once
// Measurements of a host copy of a field: what the checks, the readouts and
// the tests look at. (A backend measures its own field where it lives:
// Backend::maxAbs; the checkerboard amplitude's per-cell definition below is
// shared with the backends' reductions, CUDA's included.)

#include <cmath>
#include <cstddef>
#include <cstring>
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

// Where the checkerboard is strongest: the loupe's spot. A cell's strength is
// |4u - (its four neighbours)|, the five-point Laplacian's size, which a
// smooth field keeps small and the checkerboard mode makes 8 times its
// amplitude: past the bound the strongest cell sits where the mode grows
// from the largest start. Only interior cells count; a cell whose strength is
// not finite or is 0 is no candidate, so a uniform field has no spot. The
// strength is kept to 12 significant bits (about 1 part in 2 000), so cells
// that a symmetric field makes equal up to rounding tie, and ties go to the
// first cell in row-major order: the spot does not hop between the mirror
// images of one feature from frame to frame, and every backend finds the
// same one.
struct CellSpot {
    int col = -1;
    int row = -1;
    float strength = 0.0f;
    bool found() const { return col >= 0; }
};

// The strength of interior cell `index` (row-major, ring included) of a
// field nx cells wide, in double, rounded to float and cut to 12 significant
// bits; 0 when not finite. Shared by every backend's reduction and the
// reference.
HEATLAB_HD inline float checkerboardStrength(const float* field, int nx, long long index) {
    const double around = static_cast<double>(field[index - 1]) + field[index + 1] +
                          field[index - nx] + field[index + nx];
    const double strength = std::fabs(4.0 * static_cast<double>(field[index]) - around);
    const float rounded = static_cast<float>(strength);
    if (!std::isfinite(rounded)) {
        return 0.0f;
    }
    unsigned int bits = 0;
    memcpy(&bits, &rounded, sizeof bits);
    bits &= ~0xfffu;  // 12 of the 23 stored mantissa bits dropped: 12 significant bits left
    float kept = 0.0f;
    memcpy(&kept, &bits, sizeof kept);
    return kept;
}

// The stronger of two spots under the rule above (the earlier on a tie).
inline CellSpot strongerSpot(const CellSpot& a, const CellSpot& b, int nx) {
    if (!b.found()) {
        return a;
    }
    if (!a.found() || b.strength > a.strength) {
        return b;
    }
    if (b.strength < a.strength) {
        return a;
    }
    const long long ia = static_cast<long long>(a.row) * nx + a.col;
    const long long ib = static_cast<long long>(b.row) * nx + b.col;
    return ib < ia ? b : a;
}

// The strongest cell of one interior row, and of the whole field (the
// reference the backends are held to).
CellSpot strongestInRow(const float* field, int nx, int row);
CellSpot strongestCheckerboardSpot(const float* field, const GridSize& grid);

}  // namespace heatlab
