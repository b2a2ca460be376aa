#include "kernels/numerics/initial_conditions.h"

#include <algorithm>
#include <cmath>

#include "kernels/numerics/stencil.h"

namespace heatlab {

namespace {

constexpr double kTwoPi = 6.283185307179586476925286766559;

// The field's values before its ring obeys the boundary, one cell at a
// time, so any strip of rows is made alike:
//   hot square: cold everywhere, the left wall hot, and a hot square of odd
//     side 2 * (n / 8) + 1 (that is n / 4 + 1 for n a multiple of 8)
//     centred in the grid. The sharp edges carry every spatial frequency,
//     the checkerboard included, so an unstable r has something to amplify
//     without added noise.
//   sine: u = sin(x) sin(y) on [0, 2 pi]^2, the ring at x, y = 0 and 2 pi,
//     left exactly zero (sin(2 pi) in double is 2e-16, not 0). Its exact
//     continuous solution decays as exp(-2 alpha t).
//   blank: cold.
class BaseField {
public:
    BaseField(const GridSize& grid, InitialCondition initial) : grid_(grid), initial_(initial) {
        const int half = std::min(grid.nx, grid.ny) / 8;
        rowLo_ = grid.ny / 2 - half;
        colLo_ = grid.nx / 2 - half;
        side_ = 2 * half + 1;
        if (initial == InitialCondition::Sine) {
            // sin(x) once a column: the same double each cell would compute.
            sinX_.resize(static_cast<std::size_t>(grid.nx), 0.0);
            for (int col = 1; col < grid.nx - 1; ++col) {
                sinX_[static_cast<std::size_t>(col)] = std::sin(kTwoPi * col / (grid.nx - 1));
            }
        }
    }

    // sin(y) of a row, for sineCell().
    double sinY(int row) const { return std::sin(kTwoPi * row / (grid_.ny - 1)); }

    float cell(int row, int col, double sinY) const {
        switch (initial_) {
        case InitialCondition::HotSquare:
            return col == 0 || (row >= rowLo_ && row < rowLo_ + side_ && col >= colLo_ &&
                                col < colLo_ + side_)
                       ? kHot
                       : kCold;
        case InitialCondition::Sine:
            if (row < 1 || row > grid_.ny - 2 || col < 1 || col > grid_.nx - 2) {
                return kCold;
            }
            return static_cast<float>(sinX_[static_cast<std::size_t>(col)] * sinY);
        case InitialCondition::Blank:
        default: return kCold;
        }
    }

private:
    GridSize grid_;
    InitialCondition initial_;
    int rowLo_ = 0;
    int colLo_ = 0;
    int side_ = 0;
    std::vector<double> sinX_;
};

// One interior row of the base field, as ghostFromRows() reads a row.
struct BaseRow {
    const BaseField& base;
    int row;
    double sinY;
    float operator[](int col) const { return base.cell(row, col, sinY); }
};

// The rows a ring cell's taps name, of the base field (whose interior is
// the made field's): what ghostValue() reads in a whole field.
struct BaseTapRows {
    const BaseField& base;
    const GhostTaps& ty;
    const double* sinY;  // of the tapped rows, by tap
    BaseRow operator[](int a) const { return BaseRow{base, ty.index[a], sinY[a]}; }
};

}  // namespace

void makeInitialRows(const GridSize& grid, InitialCondition initial, Boundary boundary,
                     int firstRow, int rows, float* out) {
    const BaseField base(grid, initial);
    const bool ghosts = boundary != Boundary::Dirichlet;
    for (int row = firstRow; row < firstRow + rows; ++row) {
        float* cells = out + static_cast<std::size_t>(row - firstRow) * grid.nx;
        const bool ringRow = row == 0 || row == grid.ny - 1;
        if (!ghosts || !ringRow) {
            const double sinY = base.sinY(row);
            for (int col = 0; col < grid.nx; ++col) {
                cells[col] = base.cell(row, col, sinY);
            }
        }
        if (!ghosts) {
            continue;  // a Dirichlet ring keeps its values
        }
        // The ring of this row from the interior, as fillGhostRing() makes
        // it: the whole row where it is the ring, its two ends elsewhere.
        const GhostTaps ty = ghostTaps(row, grid.ny, boundary);
        const double sinY[2] = {base.sinY(ty.index[0]),
                                ty.count > 1 ? base.sinY(ty.index[1]) : 0.0};
        const BaseTapRows taps{base, ty, sinY};
        const auto ghost = [&](int col) {
            return ghostFromRows<float>(taps, ty, ghostTaps(col, grid.nx, boundary));
        };
        if (ringRow) {
            for (int col = 0; col < grid.nx; ++col) {
                cells[col] = ghost(col);
            }
        } else {
            cells[0] = ghost(0);
            cells[grid.nx - 1] = ghost(grid.nx - 1);
        }
    }
}

std::vector<float> makeInitialField(const GridSize& grid, InitialCondition initial,
                                    Boundary boundary) {
    std::vector<float> u(grid.cells());
    makeInitialRows(grid, initial, boundary, 0, grid.ny, u.data());
    return u;
}

}  // namespace heatlab
