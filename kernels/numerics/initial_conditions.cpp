#include "kernels/numerics/initial_conditions.h"

#include <algorithm>
#include <cmath>

#include "kernels/numerics/ghost_ring.h"

namespace heatlab {

namespace {

constexpr double kTwoPi = 6.283185307179586476925286766559;

// Cold everywhere, the left wall hot, and a hot square of odd side
// 2 * (n / 8) + 1 (that is n / 4 + 1 for n a multiple of 8) centred in the
// grid. The sharp edges carry every spatial frequency, the checkerboard
// included, so an unstable r has something to amplify without added noise.
void fillHotSquare(std::vector<float>& u, const GridSize& g) {
    for (int row = 0; row < g.ny; ++row) {
        u[static_cast<std::size_t>(row) * g.nx] = kHot;
    }
    const int half = std::min(g.nx, g.ny) / 8;
    const int rowLo = g.ny / 2 - half;
    const int colLo = g.nx / 2 - half;
    for (int row = rowLo; row <= rowLo + 2 * half; ++row) {
        for (int col = colLo; col <= colLo + 2 * half; ++col) {
            u[static_cast<std::size_t>(row) * g.nx + col] = kHot;
        }
    }
}

// u = sin(x) sin(y) on [0, 2 pi]^2, the ring at x, y = 0 and 2 pi. Its exact
// continuous solution decays as exp(-2 alpha t).
void fillSine(std::vector<float>& u, const GridSize& g) {
    for (int row = 1; row < g.ny - 1; ++row) {
        const double y = kTwoPi * row / (g.ny - 1);
        for (int col = 1; col < g.nx - 1; ++col) {
            const double x = kTwoPi * col / (g.nx - 1);
            u[static_cast<std::size_t>(row) * g.nx + col] =
                static_cast<float>(std::sin(x) * std::sin(y));
        }
    }
    // The ring stays exactly zero: sin(2 pi) in double is 2e-16, not 0.
}

}  // namespace

std::vector<float> makeInitialField(const GridSize& grid, InitialCondition initial,
                                    Boundary boundary) {
    std::vector<float> u(grid.cells(), kCold);
    switch (initial) {
    case InitialCondition::HotSquare: fillHotSquare(u, grid); break;
    case InitialCondition::Sine: fillSine(u, grid); break;
    case InitialCondition::Blank: break;
    }
    fillGhostRing(u.data(), grid, boundary);
    return u;
}

}  // namespace heatlab
