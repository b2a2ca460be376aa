#include <cmath>

#include <gtest/gtest.h>

#include "kernels/numerics/field_measures.h"
#include "kernels/numerics/initial_conditions.h"

using namespace heatlab;

TEST(InitialConditions, HotSquareHasAHotLeftWallAndAnOddCentredSquare) {
    const GridSize grid{64, 64};
    const auto u = makeInitialField(grid, InitialCondition::HotSquare, Boundary::Dirichlet);
    for (int row = 0; row < grid.ny; ++row) {
        EXPECT_EQ(u[static_cast<std::size_t>(row) * grid.nx], kHot);
    }
    // Side n / 4 + 1 = 17, centred on (32, 32): rows and columns 24 .. 40.
    int hotInRow32 = 0;
    for (int col = 1; col < grid.nx; ++col) {
        hotInRow32 += u[32 * grid.nx + col] == kHot ? 1 : 0;
    }
    EXPECT_EQ(hotInRow32, 17);
    EXPECT_EQ(u[24 * grid.nx + 24], kHot);
    EXPECT_EQ(u[40 * grid.nx + 40], kHot);
    EXPECT_EQ(u[23 * grid.nx + 24], kCold);
    EXPECT_EQ(u[41 * grid.nx + 40], kCold);
}

TEST(InitialConditions, SineIsZeroOnTheRingAndPeaksInside) {
    const GridSize grid{65, 33};
    const auto u = makeInitialField(grid, InitialCondition::Sine, Boundary::Dirichlet);
    for (int col = 0; col < grid.nx; ++col) {
        EXPECT_EQ(u[col], 0.0f);
        EXPECT_EQ(u[static_cast<std::size_t>(grid.ny - 1) * grid.nx + col], 0.0f);
    }
    // x = pi / 2 at col 16, y = pi / 2 at row 8.
    EXPECT_NEAR(u[8 * grid.nx + 16], 1.0f, 1e-6f);
    EXPECT_NEAR(largestMagnitude(u.data(), u.size()), 1.0f, 1e-6f);
}

TEST(InitialConditions, GhostRingsFollowTheirBoundaryRule) {
    const GridSize grid{8, 6};
    for (Boundary b : {Boundary::Insulated, Boundary::Periodic, Boundary::Extrapolate}) {
        const auto u = makeInitialField(grid, InitialCondition::Sine, b);
        const auto at = [&](int row, int col) {
            return u[static_cast<std::size_t>(row) * grid.nx + col];
        };
        for (int row = 1; row < grid.ny - 1; ++row) {
            const float left = at(row, 0);
            const float right = at(row, grid.nx - 1);
            switch (b) {
            case Boundary::Insulated:
                EXPECT_EQ(left, at(row, 1));
                EXPECT_EQ(right, at(row, grid.nx - 2));
                break;
            case Boundary::Periodic:
                EXPECT_EQ(left, at(row, grid.nx - 2));
                EXPECT_EQ(right, at(row, 1));
                break;
            default:
                EXPECT_FLOAT_EQ(left, 2.0f * at(row, 1) - at(row, 2));
                EXPECT_FLOAT_EQ(right, 2.0f * at(row, grid.nx - 2) - at(row, grid.nx - 3));
            }
        }
    }
}
