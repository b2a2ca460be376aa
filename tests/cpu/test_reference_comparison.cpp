// The comparison with the double reference never fails a correct field,
// even one decayed below float's range, and still fails a wrong one: a
// kernel stepping at a wrong r, on a grid of ordinary values and on a field
// of values near float's smallest normal.

#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "kernels/checks/reference_comparison.h"
#include "kernels/cpu/cpu_kernels.h"
#include "kernels/numerics/initial_conditions.h"
#include "kernels/numerics/reference.h"

using namespace heatlab;

namespace {

// `steps` Dirichlet steps of the optimised CPU loop at `r`.
std::vector<float> optimisedSteps(const std::vector<float>& initial, const GridSize& grid,
                                  int steps, float r) {
    std::vector<float> a = initial;
    std::vector<float> b = initial;
    for (int s = 0; s < steps; ++s) {
        cpu::stepOptimised(a.data(), b.data(), grid, r);
        std::swap(a, b);
    }
    return a;
}

Comparison againstReference(const std::vector<float>& got, const std::vector<float>& initial,
                            const GridSize& grid, int steps, double r) {
    Reference reference(grid, initial, Boundary::Dirichlet);
    reference.step(steps, r);
    return compareWithReference(got.data(), reference.field(), grid);
}

}  // namespace

TEST(ReferenceComparison, AFieldBelowFloatsRangePassesAndAWrongROnItFails) {
    const GridSize grid{3, 3};
    const std::vector<float> initial =
        makeInitialField(grid, InitialCondition::Sine, Boundary::Dirichlet);
    // 1e-32 falling by 0.04 a step: subnormal from step 5, 0 from step 26.
    for (int steps : {1, 4, 8, 17, 40}) {
        const Comparison right = againstReference(optimisedSteps(initial, grid, steps, 0.24f),
                                                  initial, grid, steps, 0.24f);
        EXPECT_TRUE(right.passed) << steps << " steps: " << right.detail;
    }
    // One step at r 1 % off moves the value by 4 % of itself, far above
    // float rounding while the field is within float's normal range.
    for (int steps : {1, 3}) {
        const Comparison wrong = againstReference(optimisedSteps(initial, grid, steps, 0.2424f),
                                                  initial, grid, steps, 0.24f);
        EXPECT_FALSE(wrong.passed) << steps << " steps";
    }
}

TEST(ReferenceComparison, AWrongKernelFailsOnAnOrdinaryGrid) {
    const GridSize grid{37, 29};
    const std::vector<float> initial =
        makeInitialField(grid, InitialCondition::HotSquare, Boundary::Dirichlet);
    EXPECT_TRUE(
        againstReference(optimisedSteps(initial, grid, 5, 0.24f), initial, grid, 5, 0.24f).passed);
    const Comparison wrong =
        againstReference(optimisedSteps(initial, grid, 5, 0.2401f), initial, grid, 5, 0.24f);
    EXPECT_FALSE(wrong.passed);
    EXPECT_FALSE(wrong.detail.empty());
}

// Below float's smallest normal the comparison is absolute, to 1e-4 of that
// normal: a lost value a float could hold still fails, a 0 where double
// holds 1e-56 does not.
TEST(ReferenceComparison, ValuesBelowTheSmallestNormalAreComparedAbsolutely) {
    const GridSize grid{3, 3};
    const float smallest = std::numeric_limits<float>::min();
    std::vector<double> want(grid.cells(), 0.0);
    std::vector<float> got(grid.cells(), 0.0f);
    want[4] = 2.57659e-56;
    EXPECT_TRUE(compareWithReference(got.data(), want, grid).passed);
    want[4] = 0.5 * smallest;  // a subnormal, held by a float
    EXPECT_FALSE(compareWithReference(got.data(), want, grid).passed);
    got[4] = 0.5f * smallest;
    EXPECT_TRUE(compareWithReference(got.data(), want, grid).passed);
}
