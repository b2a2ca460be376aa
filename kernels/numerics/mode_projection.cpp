#include "kernels/numerics/mode_projection.h"

#include <cmath>

#include "kernels/numerics/ghost_ring.h"

namespace heatlab {

ModeProjection::ModeProjection(const GridSize& grid, Boundary boundary)
    : grid_(grid),
      boundary_(boundary),
      x_(axisMode(grid.nx - 2, boundary)),
      y_(axisMode(grid.ny - 2, boundary)) {}

std::vector<double> ModeProjection::coordinates(const float* field) const {
    // Separable: each row's sums along x first, then those along y.
    std::vector<double> result(x_.left.size() * y_.left.size(), 0.0);
    std::vector<double> alongX(x_.left.size());
    for (int i = 0; i < grid_.ny - 2; ++i) {
        const float* row = field + static_cast<std::size_t>(i + 1) * grid_.nx + 1;
        for (std::size_t a = 0; a < x_.left.size(); ++a) {
            double sum = 0.0;
            for (int j = 0; j < grid_.nx - 2; ++j) {
                sum += x_.left[a][static_cast<std::size_t>(j)] * static_cast<double>(row[j]);
            }
            alongX[a] = sum;
        }
        for (std::size_t b = 0; b < y_.left.size(); ++b) {
            for (std::size_t a = 0; a < x_.left.size(); ++a) {
                result[b * x_.left.size() + a] +=
                    y_.left[b][static_cast<std::size_t>(i)] * alongX[a];
            }
        }
    }
    return result;
}

std::vector<float> ModeProjection::withMode(std::vector<float> field, double amplitude) const {
    for (int i = 0; i < grid_.ny - 2; ++i) {
        for (int j = 0; j < grid_.nx - 2; ++j) {
            float& u = field[static_cast<std::size_t>(i + 1) * grid_.nx + j + 1];
            u = static_cast<float>(u + amplitude * y_.right[0][static_cast<std::size_t>(i)] *
                                           x_.right[0][static_cast<std::size_t>(j)]);
        }
    }
    fillGhostRing(field.data(), grid_, boundary_);
    return field;
}

double lengthOf(const std::vector<double>& coordinates) {
    double sum = 0.0;
    for (double c : coordinates) {
        sum += c * c;
    }
    return std::sqrt(sum);
}

double lengthOfDifference(const std::vector<double>& a, const std::vector<double>& b) {
    double sum = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        sum += (a[i] - b[i]) * (a[i] - b[i]);
    }
    return std::sqrt(sum);
}

double interiorLength(const float* field, const GridSize& grid) {
    double sum = 0.0;
    for (int row = 1; row < grid.ny - 1; ++row) {
        for (int col = 1; col < grid.nx - 1; ++col) {
            const double u = field[static_cast<std::size_t>(row) * grid.nx + col];
            sum += u * u;
        }
    }
    return std::sqrt(sum);
}

}  // namespace heatlab
