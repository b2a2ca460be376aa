#include "kernels/numerics/exact_solution.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace heatlab {

namespace {

constexpr double kTwoPi = 6.283185307179586476925286766559;

double wavenumber(int cells) { return kTwoPi / (cells - 1); }

template <typename T>
ExactError errorOf(const T* field, const GridSize& grid, double r, long long steps) {
    const double amplitude = exactSineAmplitude(grid, r, steps);
    const double kx = wavenumber(grid.nx);
    const double ky = wavenumber(grid.ny);
    // The same angles as the initial field's (initial_conditions.cpp).
    std::vector<double> sinX(static_cast<std::size_t>(grid.nx));
    for (int col = 0; col < grid.nx; ++col) {
        sinX[static_cast<std::size_t>(col)] = std::sin(kx * col);
    }
    ExactError error;
    for (int row = 1; row < grid.ny - 1; ++row) {
        const double sinY = std::sin(ky * row);
        const T* line = field + static_cast<std::size_t>(row) * grid.nx;
        for (int col = 1; col < grid.nx - 1; ++col) {
            const double exact = amplitude * sinX[static_cast<std::size_t>(col)] * sinY;
            error.maxAbs =
                std::max(error.maxAbs, std::fabs(static_cast<double>(line[col]) - exact));
            error.exactMax = std::max(error.exactMax, std::fabs(exact));
        }
    }
    return error;
}

}  // namespace

double sinePhysicalTime(const GridSize& grid, double r, long long steps) {
    const double h = wavenumber(grid.nx);  // 2 pi / (nx - 1): one period across
    return r * static_cast<double>(steps) * h * h;
}

double exactSineAmplitude(const GridSize& grid, double r, long long steps) {
    const double kx = wavenumber(grid.nx);
    const double ky = wavenumber(grid.ny);
    return std::exp(-(kx * kx + ky * ky) * r * static_cast<double>(steps));
}

GridSize halvedSpacing(const GridSize& grid) { return {2 * grid.nx - 1, 2 * grid.ny - 1}; }

ExactError errorAgainstExactSine(const float* field, const GridSize& grid, double r,
                                 long long steps) {
    return errorOf(field, grid, r, steps);
}

ExactError errorAgainstExactSine(const double* field, const GridSize& grid, double r,
                                 long long steps) {
    return errorOf(field, grid, r, steps);
}

}  // namespace heatlab
