// A stencil that never writes the Dirichlet ring is right only when both
// ping-pong buffers start with it. These tests make the mistake on purpose
// and show that the checks the bench and the suites use catch it.

#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "kernels/checks/reference_comparison.h"
#include "kernels/cpu/cpu_kernels.h"
#include "kernels/numerics/initial_conditions.h"
#include "kernels/numerics/reference.h"

using namespace heatlab;

namespace {

// Runs `steps` ping-pong steps of the optimised CPU loop from two buffers the
// caller prepared, and returns the newest.
std::vector<float> pingPong(std::vector<float> a, std::vector<float> b, const GridSize& grid,
                            int steps) {
    for (int s = 0; s < steps; ++s) {
        cpu::stepOptimised(a.data(), b.data(), grid, 0.24f);
        std::swap(a, b);
    }
    return a;
}

}  // namespace

TEST(RingCheck, ARunThatInitialisedOnlyOneBufferIsCaught) {
    const GridSize grid{37, 29};
    const std::vector<float> initial =
        makeInitialField(grid, InitialCondition::HotSquare, Boundary::Dirichlet);
    const std::vector<float> uninitialised(grid.cells(), 0.0f);

    const std::vector<float> got = pingPong(initial, uninitialised, grid, 3);
    EXPECT_FALSE(ringBitExact(got.data(), initial.data(), grid))
        << "the hot wall came from a buffer that never had it";

    Reference reference(grid, initial, Boundary::Dirichlet);
    reference.step(3, 0.24);
    EXPECT_FALSE(compareWithReference(got.data(), reference.field(), grid).passed);
}

TEST(RingCheck, ARunThatInitialisedBothBuffersPasses) {
    const GridSize grid{37, 29};
    const std::vector<float> initial =
        makeInitialField(grid, InitialCondition::HotSquare, Boundary::Dirichlet);

    const std::vector<float> got = pingPong(initial, initial, grid, 3);
    EXPECT_TRUE(ringBitExact(got.data(), initial.data(), grid));

    Reference reference(grid, initial, Boundary::Dirichlet);
    reference.step(3, 0.24);
    EXPECT_TRUE(compareWithReference(got.data(), reference.field(), grid).passed);
}

TEST(RingCheck, ComparisonFlagsOneWrongCellAndNaN) {
    const GridSize grid{9, 8};
    const std::vector<float> initial =
        makeInitialField(grid, InitialCondition::Sine, Boundary::Dirichlet);
    const std::vector<double> want(initial.begin(), initial.end());
    std::vector<float> got = initial;
    EXPECT_TRUE(compareWithReference(got.data(), want, grid).passed);
    got[2 * grid.nx + 2] *= 1.001f;
    EXPECT_FALSE(compareWithReference(got.data(), want, grid).passed);
    got = initial;
    got[3 * grid.nx + 2] = std::nanf("");
    EXPECT_FALSE(compareWithReference(got.data(), want, grid).passed);
}
