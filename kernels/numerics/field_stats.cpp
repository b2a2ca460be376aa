#include "kernels/numerics/field_stats.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <sstream>

namespace heatlab {

float maxAbs(const float* field, std::size_t count) {
    float biggest = 0.0f;
    for (std::size_t i = 0; i < count; ++i) {
        const float v = std::fabs(field[i]);
        if (std::isnan(v)) {
            return v;  // a comparison would drop it, and it is the news
        }
        biggest = std::max(biggest, v);
    }
    return biggest;
}

bool allFinite(const float* field, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
        if (!std::isfinite(field[i])) {
            return false;
        }
    }
    return true;
}

double checkerboardAmplitude(const float* field, const GridSize& grid) {
    double sum = 0.0;
    for (int row = 1; row < grid.ny - 1; ++row) {
        for (int col = 1; col < grid.nx - 1; ++col) {
            const double v = field[static_cast<std::size_t>(row) * grid.nx + col];
            sum += ((row + col) % 2 == 0) ? v : -v;
        }
    }
    return std::fabs(sum) / static_cast<double>(grid.interiorCells());
}

Comparison compareWithReference(const float* got, const std::vector<double>& want,
                                const GridSize& grid) {
    double largest = 0.0;
    for (double w : want) {
        largest = std::max(largest, std::fabs(w));
    }
    const double floor = kSmallValueFraction * largest;

    Comparison result;
    for (std::size_t i = 0; i < want.size(); ++i) {
        const double scale = std::max(std::fabs(want[i]), floor);
        const double error = std::fabs(static_cast<double>(got[i]) - want[i]);
        const double relative = scale > 0.0 ? error / scale : error;
        if (!(relative <= kRelativeTolerance)) {  // also catches NaN
            if (result.passed) {
                std::ostringstream where;
                where << "cell (row " << i / grid.nx << ", col " << i % grid.nx << ") is " << got[i]
                      << ", reference " << want[i];
                result.detail = where.str();
            }
            result.passed = false;
        }
        if (!(relative <= result.worstError)) {
            result.worstError = relative;
        }
    }
    return result;
}

bool ringBitExact(const float* got, const float* want, const GridSize& grid) {
    for (int row = 0; row < grid.ny; ++row) {
        const bool edgeRow = row == 0 || row == grid.ny - 1;
        for (int col = 0; col < grid.nx; ++col) {
            if (!edgeRow && col != 0 && col != grid.nx - 1) {
                continue;
            }
            const std::size_t i = static_cast<std::size_t>(row) * grid.nx + col;
            if (std::memcmp(&got[i], &want[i], sizeof(float)) != 0) {
                return false;
            }
        }
    }
    return true;
}

}  // namespace heatlab
