#pragma once
// The heat equation's own answer for the sine initial field, so the lecture
// can show what accuracy costs. In cells (h = 1, so alpha t = r * steps) the
// field sin(kx col) sin(ky row), kx = 2 pi / (nx - 1) and ky = 2 pi /
// (ny - 1) (one period across the grid, the ring on its zeros), decays as
// exp(-(kx^2 + ky^2) r steps). The explicit step multiplies that mode by
// 1 - 4r (sin^2(kx / 2) + sin^2(ky / 2)) instead, which differs by O(h^2) a
// unit of time: at one physical time, halving h (a grid of 2n - 1 cells a
// side: twice the intervals) at the same r takes four times the steps on
// four times the cells, sixteen times the work, and divides the error by
// about four.

#include <cstddef>

#include "kernels/numerics/params.h"

namespace heatlab {

// The exact amplitude of the sine field after `steps` steps at `r`.
double exactSineAmplitude(const GridSize& grid, double r, long long steps);

// The physical time alpha t after `steps` steps at `r` on the domain
// [0, 2 pi] across the grid's columns: r steps h^2, h = 2 pi / (nx - 1).
double sinePhysicalTime(const GridSize& grid, double r, long long steps);

// The grid that halves h over the same domain: 2n - 1 cells a side.
GridSize halvedSpacing(const GridSize& grid);

// A field against the exact solution at its step: the largest difference
// over the interior and the exact field's own largest value there.
struct ExactError {
    double maxAbs = 0.0;
    double exactMax = 0.0;
    double relative() const { return exactMax > 0.0 ? maxAbs / exactMax : 0.0; }
};
ExactError errorAgainstExactSine(const float* field, const GridSize& grid, double r,
                                 long long steps);
ExactError errorAgainstExactSine(const double* field, const GridSize& grid, double r,
                                 long long steps);

}  // namespace heatlab
