// The price of accuracy, against the heat equation's closed form: for the
// sine field the exact solution is known, so the error of a run is a
// measurement, not an estimate. Halving h at the same r (129^2 to 257^2,
// four times the steps to the same physical time) divides the double
// reference's error by about four; the float backends' error is the
// reference's own plus their rounding.

#include <cstdio>
#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "kernels/cpu/cpu_backend.h"
#include "kernels/numerics/exact_solution.h"
#include "kernels/numerics/initial_conditions.h"
#include "kernels/numerics/reference.h"
#include "kernels/simulation.h"

namespace heatlab {
namespace {

constexpr float kR = 0.25f;

Params sineParams(const GridSize& grid) {
    Params p;
    p.grid = grid;
    p.r = kR;
    p.initial = InitialCondition::Sine;
    p.boundary = Boundary::Dirichlet;
    p.kernel = Kernel::Optimised;
    return p;
}

ExactError referenceError(const GridSize& grid, int steps) {
    Reference reference(grid, makeInitialField(grid, InitialCondition::Sine, Boundary::Dirichlet),
                        Boundary::Dirichlet);
    reference.step(steps, kR);
    return errorAgainstExactSine(reference.field().data(), grid, kR, steps);
}

ExactError backendError(const GridSize& grid, int steps) {
    Simulation simulation(std::make_unique<CpuBackend>(), sineParams(grid));
    simulation.advance(steps);
    const std::vector<float> field = simulation.fieldOnHost();
    return errorAgainstExactSine(field.data(), grid, kR, steps);
}

TEST(ExactSine, TheInitialFieldIsTheClosedFormAtStepZero) {
    const GridSize grid{129, 65};
    const std::vector<float> u =
        makeInitialField(grid, InitialCondition::Sine, Boundary::Dirichlet);
    const ExactError e = errorAgainstExactSine(u.data(), grid, kR, 0);
    EXPECT_LT(e.maxAbs, 1e-7) << "float rounding only";
    EXPECT_NEAR(e.exactMax, 1.0, 1e-3);
    EXPECT_DOUBLE_EQ(exactSineAmplitude(grid, kR, 0), 1.0);
    EXPECT_EQ(halvedSpacing(grid).nx, 257);
    EXPECT_EQ(halvedSpacing(grid).ny, 129);
}

// About e^-0.5 of the amplitude left at 129^2: long enough for the
// truncation error to build, short enough for the field to stay large.
constexpr int kCoarseSteps = 415;

TEST(ExactSine, HalvingHAtTheSameRDividesTheErrorByAboutFour) {
    const GridSize coarse{129, 129};
    const GridSize fine = halvedSpacing(coarse);
    const ExactError a = referenceError(coarse, kCoarseSteps);
    const ExactError b = referenceError(fine, 4 * kCoarseSteps);
    std::printf("double reference: 129^2 error %.4g (%.3g relative), 257^2 %.4g: ratio %.3f\n",
                a.maxAbs, a.relative(), b.maxAbs, a.maxAbs / b.maxAbs);
    EXPECT_NEAR(a.exactMax, b.exactMax, 1e-3) << "the same physical time";
    EXPECT_GE(a.maxAbs / b.maxAbs, 3.6);
    EXPECT_LE(a.maxAbs / b.maxAbs, 4.4);
}

TEST(ExactSine, TheFloatRunsErrorIsTheReferencesPlusItsRounding) {
    const GridSize coarse{129, 129};
    const ExactError want = referenceError(coarse, kCoarseSteps);
    const ExactError got = backendError(coarse, kCoarseSteps);
    std::printf("129^2 after %d steps: float %.6g, double %.6g (%.3g apart)\n", kCoarseSteps,
                got.maxAbs, want.maxAbs, (got.maxAbs - want.maxAbs) / want.maxAbs);
    EXPECT_NEAR(got.maxAbs, want.maxAbs, 1e-3 * want.maxAbs + 2e-6);
    // The lesson shows in float too: at 257^2 the rounding of four times the
    // steps is still well below the truncation error it measures.
    const ExactError fine = backendError(halvedSpacing(coarse), 4 * kCoarseSteps);
    std::printf("float: 257^2 error %.4g, ratio %.3f\n", fine.maxAbs, got.maxAbs / fine.maxAbs);
    EXPECT_GE(got.maxAbs / fine.maxAbs, 3.6);
    EXPECT_LE(got.maxAbs / fine.maxAbs, 4.4);
}

}  // namespace
}  // namespace heatlab
