#include "kernels/checks/reference_comparison.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <sstream>

namespace heatlab {

namespace {

// The smallest scale a cell's error is measured against (the header says
// why).
double scaleFloor(const std::vector<double>& want) {
    double largest = 0.0;
    for (double w : want) {
        largest = std::max(largest, std::fabs(w));
    }
    return std::max(kSmallValueFraction * largest, kSmallestScale);
}

}  // namespace

std::vector<std::uint8_t> wrongCells(const float* got, const std::vector<double>& want) {
    const double floor = scaleFloor(want);
    std::vector<std::uint8_t> wrong(want.size(), 0);
    for (std::size_t i = 0; i < want.size(); ++i) {
        const double scale = std::max(std::fabs(want[i]), floor);
        const double relative = std::fabs(static_cast<double>(got[i]) - want[i]) / scale;
        wrong[i] = relative <= kRelativeTolerance ? 0 : 1;  // NaN: wrong
    }
    return wrong;
}

Comparison compareWithReference(const float* got, const std::vector<double>& want,
                                const GridSize& grid) {
    const double floor = scaleFloor(want);

    Comparison result;
    result.firstWrong = want.size();
    for (std::size_t i = 0; i < want.size(); ++i) {
        const double scale = std::max(std::fabs(want[i]), floor);
        const double error = std::fabs(static_cast<double>(got[i]) - want[i]);
        const double relative = error / scale;
        if (!(relative <= kRelativeTolerance)) {  // also catches NaN
            if (result.passed) {
                std::ostringstream where;
                where << "cell (row " << i / grid.nx << ", col " << i % grid.nx << ") is " << got[i]
                      << ", reference " << want[i];
                result.detail = where.str();
                result.firstWrong = i;
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
