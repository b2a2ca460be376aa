#include "kernels/numerics/grid_modes.h"

#include <cmath>
#include <limits>

namespace heatlab {

namespace {

constexpr double kPi = 3.14159265358979323846264338327950288;

// -4 sin^2(pi k / m): the eigenvalues of every second difference here.
double minusFourSinSquared(double k, double m) {
    const double s = std::sin(kPi * k / m);
    return -4.0 * s * s;
}

// v scaled to unit length.
std::vector<double> normalised(std::vector<double> v) {
    double norm = 0.0;
    for (double x : v) {
        norm += x * x;
    }
    norm = std::sqrt(norm);
    for (double& x : v) {
        x /= norm;
    }
    return v;
}

// A symmetric operator's eigenspace: orthonormal, its own dual.
AxisMode symmetricMode(double eigenvalue, std::vector<std::vector<double>> basis) {
    AxisMode mode;
    mode.eigenvalue = eigenvalue;
    for (auto& v : basis) {
        mode.right.push_back(normalised(std::move(v)));
    }
    mode.left = mode.right;
    return mode;
}

// f(j) for j = 0 .. n - 1.
template <typename F>
std::vector<double> sampled(int n, F f) {
    std::vector<double> v(static_cast<std::size_t>(n));
    for (int j = 0; j < n; ++j) {
        v[static_cast<std::size_t>(j)] = f(j);
    }
    return v;
}

// The unit vectors: a basis of the whole space, for an operator that is 0.
std::vector<std::vector<double>> unitVectors(int n) {
    std::vector<std::vector<double>> basis;
    for (int a = 0; a < n; ++a) {
        basis.push_back(sampled(n, [a](int j) { return j == a ? 1.0 : 0.0; }));
    }
    return basis;
}

// Extrapolate with N >= 3: the N - 2 inner cells see the edge cells as a
// Dirichlet ring that never moves (their rows of the operator vanish), so
// the right mode is the inner cells' sine with 0 at both edges. A left
// eigenvector w solves w^T L = l w^T: its inner part is the same sine (the
// inner block is symmetric), and the edge columns of L hold one entry each,
// from the inner neighbour's row, so l w_edge = w_neighbour.
AxisMode extrapolatedMode(int n) {
    const int inner = n - 2;
    AxisMode mode;
    mode.eigenvalue = minusFourSinSquared(inner, 2.0 * (inner + 1));
    const std::vector<double> right = normalised(sampled(n, [&](int j) {
        return (j == 0 || j == n - 1) ? 0.0 : std::sin(kPi * inner * j / (inner + 1));
    }));
    std::vector<double> left = right;
    left.front() = left[1] / mode.eigenvalue;
    left.back() = left[static_cast<std::size_t>(n - 2)] / mode.eigenvalue;
    // The edge entries meet the right mode's zeros, so left . right is the
    // inner part's, 1: the pair is already dual.
    mode.right = {right};
    mode.left = {left};
    return mode;
}

}  // namespace

double axisEigenvalue(int n, Boundary boundary) {
    switch (boundary) {
    case Boundary::Dirichlet: return minusFourSinSquared(n, 2.0 * (n + 1));
    case Boundary::Insulated: return minusFourSinSquared(n - 1, 2.0 * n);
    case Boundary::Periodic: return n % 2 == 0 ? -4.0 : minusFourSinSquared(n / 2, n);
    case Boundary::Extrapolate: return n >= 3 ? minusFourSinSquared(n - 2, 2.0 * (n - 1)) : 0.0;
    }
    return 0.0;
}

AxisMode axisMode(int n, Boundary boundary) {
    const double l = axisEigenvalue(n, boundary);
    switch (boundary) {
    case Boundary::Dirichlet:
        return symmetricMode(
            l, {sampled(n, [n](int j) { return std::sin(kPi * n * (j + 1.0) / (n + 1)); })});
    case Boundary::Insulated:
        return symmetricMode(
            l, {sampled(n, [n](int j) { return std::cos(kPi * (n - 1) * (j + 0.5) / n); })});
    case Boundary::Periodic:
        if (n % 2 == 0) {
            return symmetricMode(l, {sampled(n, [](int j) { return j % 2 == 0 ? 1.0 : -1.0; })});
        }
        if (n == 1) {
            return symmetricMode(l, unitVectors(1));
        }
        // k and N - k share the eigenvalue: cos and sin of the same wave,
        // orthogonal over a whole period.
        return symmetricMode(
            l, {sampled(n, [n](int j) { return std::cos(2.0 * kPi * (n / 2) * j / n); }),
                sampled(n, [n](int j) { return std::sin(2.0 * kPi * (n / 2) * j / n); })});
    case Boundary::Extrapolate:
        if (n >= 3) {
            return extrapolatedMode(n);
        }
        return symmetricMode(l, unitVectors(n));
    }
    return {};
}

double highestModeLaplacian(const GridSize& grid, Boundary boundary) {
    return axisEigenvalue(grid.nx - 2, boundary) + axisEigenvalue(grid.ny - 2, boundary);
}

double highestModeFactor(const GridSize& grid, Boundary boundary, double r) {
    return 1.0 + r * highestModeLaplacian(grid, boundary);
}

double gridStabilityBound(const GridSize& grid, Boundary boundary) {
    const double laplacian = highestModeLaplacian(grid, boundary);
    return laplacian < 0.0 ? 2.0 / -laplacian : std::numeric_limits<double>::infinity();
}

}  // namespace heatlab
