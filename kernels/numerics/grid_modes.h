#pragma once
// The stability of the explicit step on the grid it runs on, not on the
// infinite grid. One step maps the interior to A u (+ the Dirichlet ring's
// constant input), and because the five-point stencil and every ghost rule
// of kernels/numerics/stencil.h act along one axis at a time, A is a
// Kronecker sum: A = I + r (Lx (+) Ly), with Lx, Ly the 1D second
// differences of the nx - 2 and ny - 2 interior cells under the boundary's
// ghost rule. Every eigenvalue of A is 1 + r (lx + ly) for eigenvalues lx,
// ly of the 1D operators, all real and <= 0, so the mode that decides
// stability is the highest-frequency one, the product of each axis's most
// negative eigenvalue's mode: on the infinite grid the checkerboard, with
// factor 1 - 8r; on a finite grid a smaller one.
//
// The 1D operators with N interior cells (closed forms; tests/cpu/
// test_grid_modes.cpp holds each against a dense eigen-solve of the real
// step):
//   dirichlet:   ghost fixed (0 in A): l = -4 sin^2(pi N / (2 (N + 1))),
//                mode sin(pi N (j + 1) / (N + 1)) = (-1)^j sin(pi (j + 1) / (N + 1))
//   insulated:   ghost = edge: l = -4 sin^2(pi (N - 1) / (2 N)),
//                mode cos(pi (N - 1) (j + 1/2) / N); N = 1: l = 0
//   periodic:    period N, l = -4 sin^2(pi k / N) at k = floor(N / 2):
//                N even: -4, mode (-1)^j; N odd: a two-dimensional
//                eigenspace, cos and sin(2 pi k j / N); N = 1: l = 0
//   extrapolate: ghost = 2 edge - inner, so the rows of the two edge cells
//                vanish and A is not symmetric. N >= 3: the nonzero
//                eigenvalues are the Dirichlet ones of the N - 2 inner
//                cells, l = -4 sin^2(pi (N - 2) / (2 (N - 1))), right mode
//                (0, their sine, 0), left mode (s_1 / l, the sine, s_M / l);
//                N = 2 or 1: the operator is 0 (every field is linear)
// Insulated and extrapolate also keep modes of factor 1 (constant, linear);
// none ever exceeds 1, so the highest mode alone sets the bound.

#include <vector>

#include "kernels/numerics/params.h"

namespace heatlab {

// The most negative eigenvalue of one axis's 1D second difference, and the
// eigenspace it spans (j = 0 .. N - 1 over the interior cells).
struct AxisMode {
    double eigenvalue = 0.0;
    // A basis of the eigenspace: orthonormal where the operator is symmetric
    // (every boundary but extrapolate). Usually one vector; two for periodic
    // with an odd period (cos and sin) and extrapolate with N = 2.
    std::vector<std::vector<double>> right;
    // Its dual basis of left eigenvectors, left[a] . right[b] = (a == b):
    // what a projection takes, since w^T A^n u = lambda^n w^T u for a left
    // eigenvector w whatever else u holds. Equal to `right` where symmetric.
    std::vector<std::vector<double>> left;
};

// The highest-frequency mode along an axis of `interiorCells` cells (>= 1).
double axisEigenvalue(int interiorCells, Boundary boundary);
AxisMode axisMode(int interiorCells, Boundary boundary);

// lx + ly of the grid's highest-frequency mode (<= 0; 0 where the step is
// the identity, as on an insulated 3 x 3 grid). Grid sides include the ring.
double highestModeLaplacian(const GridSize& grid, Boundary boundary);

// That mode's factor per step, 1 + r (lx + ly): negative past r = 1 /
// |lx + ly| (the mode flips sign every step), 0 where it dies in one step.
double highestModeFactor(const GridSize& grid, Boundary boundary, double r);

// The grid's own stability bound: the largest r with |factor| <= 1, that is
// 2 / |lx + ly|; +infinity where no r makes it unstable. At least 0.25.
double gridStabilityBound(const GridSize& grid, Boundary boundary);

// The infinite grid's values, as the lesson states them: the checkerboard's
// factor 1 - 8r, stable for r <= kStabilityBound.
inline double infiniteGridFactor(double r) { return 1.0 - 8.0 * r; }

}  // namespace heatlab
