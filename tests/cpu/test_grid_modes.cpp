// The grid's own stability (kernels/numerics/grid_modes.h) against the
// operator of the real step: the double reference applied to every unit
// vector of the interior builds the matrix A (so the ghost rule tested is
// the product's own, kernels/numerics/stencil.h), and a dense eigen-solve
// written here gives its whole spectrum, assuming nothing of it.

#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "kernels/numerics/ghost_ring.h"
#include "kernels/numerics/grid_modes.h"
#include "kernels/numerics/reference.h"
#include "tests/cpu/dense_eigenvalues.h"

namespace heatlab {
namespace {

using test::DenseMatrix;
using test::eigenvaluesOf;
using test::Spectrum;

int interiorCells(const GridSize& grid) { return static_cast<int>(grid.interiorCells()); }

// A of one step at r on the interior (the Dirichlet ring's constant input
// left out: its ring is 0 here), column k the step of unit vector k.
DenseMatrix stepOperator(const GridSize& grid, Boundary boundary, double r) {
    const int nxIn = grid.nx - 2;
    const int n = interiorCells(grid);
    DenseMatrix a(n, std::vector<double>(n, 0.0));
    for (int k = 0; k < n; ++k) {
        std::vector<float> field(grid.cells(), 0.0f);
        field[static_cast<std::size_t>(k / nxIn + 1) * grid.nx + k % nxIn + 1] = 1.0f;
        fillGhostRing(field.data(), grid, boundary);
        Reference reference(grid, field, boundary);
        reference.step(1, r);
        for (int i = 0; i < n; ++i) {
            a[i][k] =
                reference.field()[static_cast<std::size_t>(i / nxIn + 1) * grid.nx + i % nxIn + 1];
        }
    }
    return a;
}

// y (x) x over the interior, row-major like the field.
std::vector<double> outer(const std::vector<double>& y, const std::vector<double>& x) {
    std::vector<double> v;
    for (double yi : y) {
        for (double xj : x) {
            v.push_back(yi * xj);
        }
    }
    return v;
}

std::vector<double> times(const DenseMatrix& a, const std::vector<double>& v, bool transposed) {
    std::vector<double> out(v.size(), 0.0);
    for (std::size_t i = 0; i < v.size(); ++i) {
        for (std::size_t j = 0; j < v.size(); ++j) {
            out[i] += (transposed ? a[j][i] : a[i][j]) * v[j];
        }
    }
    return out;
}

double distance(const std::vector<double>& a, const std::vector<double>& b, double scale) {
    double worst = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        worst = std::max(worst, std::fabs(a[i] - scale * b[i]));
    }
    return worst;
}

double dot(const std::vector<double>& a, const std::vector<double>& b) {
    double sum = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        sum += a[i] * b[i];
    }
    return sum;
}

bool isSymmetric(const DenseMatrix& a) {
    for (std::size_t i = 0; i < a.size(); ++i) {
        for (std::size_t j = 0; j < i; ++j) {
            if (a[i][j] != a[j][i]) {
                return false;
            }
        }
    }
    return true;
}

double spectralRadius(const Spectrum& s) {
    return std::max(std::fabs(s.eigenvalues.front()), std::fabs(s.eigenvalues.back()));
}

// Every grid from 3 x 3 to 12 x 9, every boundary.
template <typename F>
void forEverySmallGrid(F f) {
    for (Boundary boundary : allBoundaries()) {
        for (int nx = 3; nx <= 12; ++nx) {
            for (int ny = 3; ny <= 9; ++ny) {
                f(GridSize{nx, ny}, boundary);
            }
        }
    }
}

std::string where(const GridSize& grid, Boundary boundary) {
    return gridText(grid) + " " + name(boundary);
}

// The solver itself: non-symmetric matrices of known real spectra (block
// triangular; one with a defective repeated eigenvalue), and one holding a
// rotation, whose eigenvalues are +/- i.
TEST(GridModes, TheDenseSolverFindsKnownSpectraAndRefusesComplexOnes) {
    const DenseMatrix similar{{4.0, -1.0, 3.0}, {1.0, 1.0, 2.0}, {0.0, 0.0, 1.0}};
    // Its eigenvalues: 1 (the last row) and those of [[4, -1], [1, 1]]:
    // (5 +/- sqrt(5)) / 2.
    const Spectrum s = eigenvaluesOf(similar);
    ASSERT_TRUE(s.failure.empty()) << s.failure;
    ASSERT_EQ(s.eigenvalues.size(), 3u);
    EXPECT_NEAR(s.eigenvalues[0], 1.0, 1e-13);
    EXPECT_NEAR(s.eigenvalues[1], (5.0 - std::sqrt(5.0)) / 2.0, 1e-13);
    EXPECT_NEAR(s.eigenvalues[2], (5.0 + std::sqrt(5.0)) / 2.0, 1e-13);
    const Spectrum repeated = eigenvaluesOf({{2.0, 1.0, 0.0}, {0.0, 2.0, 0.0}, {1.0, 0.0, -3.0}});
    ASSERT_TRUE(repeated.failure.empty()) << repeated.failure;
    EXPECT_NEAR(repeated.eigenvalues[0], -3.0, 1e-12);
    EXPECT_NEAR(repeated.eigenvalues[1], 2.0, 1e-7);  // a Jordan block: sqrt(eps)
    EXPECT_NEAR(repeated.eigenvalues[2], 2.0, 1e-7);
    const Spectrum rotation = eigenvaluesOf({{1.0, 0.0, 0.0}, {0.0, 0.0, -1.0}, {0.0, 1.0, 0.0}});
    EXPECT_NE(rotation.failure.find("complex"), std::string::npos) << rotation.failure;
}

TEST(GridModes, TheLessonsFiguresOnADirichletGrid) {
    // heatlab's own bench measured 1.05727 a step on 16 x 16 at r = 0.26.
    EXPECT_NEAR(highestModeFactor({16, 16}, Boundary::Dirichlet, 0.26), -1.05727, 1e-5);
    EXPECT_NEAR(gridStabilityBound({16, 16}, Boundary::Dirichlet), 0.25276, 1e-5);
    EXPECT_NEAR(highestModeFactor({64, 64}, Boundary::Dirichlet, 0.26), -1.07871, 1e-5);
    EXPECT_NEAR(gridStabilityBound({64, 64}, Boundary::Dirichlet), 0.25016, 1e-5);
    // A large grid comes close to the infinite one, from the stable side.
    const double large = gridStabilityBound({2048, 2048}, Boundary::Dirichlet);
    EXPECT_GT(large, 0.25);
    EXPECT_LT(large, 0.2500002);
}

TEST(GridModes, PeriodicEvenPeriodsAreTheInfiniteGrid) {
    for (float r : {0.1f, 0.125f, 0.26f, 1.0f}) {
        EXPECT_EQ(highestModeFactor({18, 10}, Boundary::Periodic, r), infiniteGridFactor(r)) << r;
    }
    EXPECT_EQ(gridStabilityBound({18, 10}, Boundary::Periodic), 0.25);
    // The mode dies in one step at r = 1/8: exactly 0.
    EXPECT_EQ(highestModeFactor({18, 10}, Boundary::Periodic, 0.125), 0.0);
}

TEST(GridModes, AnInsulatedThreeByThreeGridIsNeverUnstable) {
    // One interior cell whose ghosts are itself: the step is the identity.
    EXPECT_EQ(highestModeFactor({3, 3}, Boundary::Insulated, 1.0), 1.0);
    EXPECT_EQ(gridStabilityBound({3, 3}, Boundary::Insulated),
              std::numeric_limits<double>::infinity());
    EXPECT_EQ(gridStabilityBound({4, 4}, Boundary::Extrapolate),
              std::numeric_limits<double>::infinity());
}

// The closed forms and bounds against the whole spectrum of the real step.
TEST(GridModes, TheHighestModeIsTheSpectrumsEdgeOnEverySmallGrid) {
    forEverySmallGrid([](const GridSize& grid, Boundary boundary) {
        // At r = 1 the step is I + L with L of small integers: exact.
        DenseMatrix laplacian = stepOperator(grid, boundary, 1.0);
        for (std::size_t i = 0; i < laplacian.size(); ++i) {
            laplacian[i][i] -= 1.0;
        }
        const Spectrum spectrum = eigenvaluesOf(laplacian);
        ASSERT_TRUE(spectrum.failure.empty()) << where(grid, boundary) << ": " << spectrum.failure;
        const double lowest = highestModeLaplacian(grid, boundary);
        EXPECT_NEAR(spectrum.eigenvalues.front(), lowest, 1e-10) << where(grid, boundary);
        EXPECT_LE(spectrum.eigenvalues.back(), 1e-10) << where(grid, boundary);
        // The eigenspace is as wide as the product of the axes' bases.
        const AxisMode x = axisMode(grid.nx - 2, boundary);
        const AxisMode y = axisMode(grid.ny - 2, boundary);
        int multiplicity = 0;
        for (double e : spectrum.eigenvalues) {
            multiplicity += std::fabs(e - lowest) < 1e-7 ? 1 : 0;
        }
        EXPECT_EQ(static_cast<std::size_t>(multiplicity), x.right.size() * y.right.size())
            << where(grid, boundary);

        for (double r : {0.1, 0.125, 0.25, 0.2501, 0.26, 0.5, 1.0}) {
            const Spectrum step = eigenvaluesOf(stepOperator(grid, boundary, r));
            ASSERT_TRUE(step.failure.empty()) << where(grid, boundary) << " r " << r;
            EXPECT_NEAR(step.eigenvalues.front(), highestModeFactor(grid, boundary, r), 1e-10)
                << where(grid, boundary) << " r " << r;
        }
        const double bound = gridStabilityBound(grid, boundary);
        if (std::isinf(bound)) {
            EXPECT_NEAR(spectrum.eigenvalues.front(), 0.0, 1e-12) << where(grid, boundary);
            return;
        }
        EXPECT_LE(spectralRadius(eigenvaluesOf(stepOperator(grid, boundary, bound))), 1.0 + 1e-9)
            << where(grid, boundary);
        EXPECT_GT(spectralRadius(eigenvaluesOf(stepOperator(grid, boundary, bound * 1.000001))),
                  1.0 + 1e-7)
            << where(grid, boundary);
    });
}

// Right eigenvectors A v = lambda v and left ones w^T A = lambda w^T, dual
// to each other; the operator is symmetric on every boundary but extrapolate.
TEST(GridModes, TheModesAreRightAndLeftEigenvectorsOfTheRealStep) {
    forEverySmallGrid([](const GridSize& grid, Boundary boundary) {
        const double r = 0.26;
        const DenseMatrix a = stepOperator(grid, boundary, r);
        const bool extrapolated =
            boundary == Boundary::Extrapolate && std::max(grid.nx, grid.ny) >= 5;
        EXPECT_EQ(isSymmetric(a), !extrapolated) << where(grid, boundary);
        const double factor = highestModeFactor(grid, boundary, r);
        const AxisMode x = axisMode(grid.nx - 2, boundary);
        const AxisMode y = axisMode(grid.ny - 2, boundary);
        ASSERT_EQ(x.left.size(), x.right.size());
        ASSERT_EQ(y.left.size(), y.right.size());
        for (std::size_t bx = 0; bx < x.right.size(); ++bx) {
            for (std::size_t by = 0; by < y.right.size(); ++by) {
                const std::vector<double> right = outer(y.right[by], x.right[bx]);
                const std::vector<double> left = outer(y.left[by], x.left[bx]);
                EXPECT_LT(distance(times(a, right, false), right, factor), 1e-12)
                    << where(grid, boundary) << " right " << bx << by;
                EXPECT_LT(distance(times(a, left, true), left, factor), 1e-12)
                    << where(grid, boundary) << " left " << bx << by;
                EXPECT_NEAR(dot(right, right), 1.0, 1e-12) << where(grid, boundary);
                for (std::size_t cx = 0; cx < x.right.size(); ++cx) {
                    for (std::size_t cy = 0; cy < y.right.size(); ++cy) {
                        const double expected = (bx == cx && by == cy) ? 1.0 : 0.0;
                        EXPECT_NEAR(dot(left, outer(y.right[cy], x.right[cx])), expected, 1e-12)
                            << where(grid, boundary);
                    }
                }
            }
        }
    });
}

// The extrapolated boundary's left mode is not its right one: the edge
// entries are the neighbour's over l, where the right mode is 0.
TEST(GridModes, TheExtrapolatedLeftModeCarriesTheEdges) {
    for (int n = 3; n <= 12; ++n) {
        const AxisMode mode = axisMode(n, Boundary::Extrapolate);
        ASSERT_EQ(mode.right.size(), 1u);
        EXPECT_EQ(mode.right[0].front(), 0.0) << n;
        EXPECT_EQ(mode.right[0].back(), 0.0) << n;
        EXPECT_NEAR(mode.left[0].front(), mode.left[0][1] / mode.eigenvalue, 1e-15) << n;
        EXPECT_NE(mode.left[0].front(), 0.0) << n;
    }
}

}  // namespace
}  // namespace heatlab
