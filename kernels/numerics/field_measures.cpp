#include "kernels/numerics/field_measures.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace heatlab {

float largestMagnitude(const float* field, std::size_t count) {
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

double signedCheckerboardAmplitude(const float* field, const GridSize& grid) {
    double sum = 0.0;
    for (int row = 1; row < grid.ny - 1; ++row) {
        for (int col = 1; col < grid.nx - 1; ++col) {
            sum += checkerboardTerm(field[static_cast<std::size_t>(row) * grid.nx + col], row, col);
        }
    }
    return checkerboardMean(sum, grid.interiorCells());
}

double checkerboardAmplitude(const float* field, const GridSize& grid) {
    return std::fabs(signedCheckerboardAmplitude(field, grid));
}

CellSpot strongestInRow(const float* field, int nx, int row) {
    CellSpot best;
    const long long start = static_cast<long long>(row) * nx;
    for (int col = 1; col < nx - 1; ++col) {
        const float strength = checkerboardStrength(field, nx, start + col);
        if (strength > best.strength) {
            best = CellSpot{col, row, strength};
        }
    }
    return best;
}

CellSpot strongestCheckerboardSpot(const float* field, const GridSize& grid) {
    CellSpot best;
    for (int row = 1; row < grid.ny - 1; ++row) {
        best = strongerSpot(best, strongestInRow(field, grid.nx, row), grid.nx);
    }
    return best;
}

FieldRange rangeOf(const float* field, std::size_t count) {
    FieldRange range{std::numeric_limits<float>::infinity(),
                     -std::numeric_limits<float>::infinity(), false};
    for (std::size_t i = 0; i < count; ++i) {
        const float v = field[i];
        if (std::isnan(v)) {
            range.hasNaN = true;
            continue;
        }
        range.min = std::min(range.min, v);
        range.max = std::max(range.max, v);
    }
    return range;
}

FieldRange mergeRanges(const FieldRange* ranges, std::size_t count) {
    FieldRange merged{std::numeric_limits<float>::infinity(),
                      -std::numeric_limits<float>::infinity(), false};
    for (std::size_t i = 0; i < count; ++i) {
        merged.min = std::min(merged.min, ranges[i].min);
        merged.max = std::max(merged.max, ranges[i].max);
        merged.hasNaN = merged.hasNaN || ranges[i].hasNaN;
    }
    return merged;
}

}  // namespace heatlab
