#include "tests/support/backend_conformance.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "kernels/base/errors.h"
#include "kernels/checks/bit_difference.h"
#include "kernels/checks/reference_check.h"
#include "kernels/checks/reference_comparison.h"
#include "kernels/checks/stability_run.h"
#include "kernels/checks/stability_verdicts.h"
#include "kernels/numerics/field_measures.h"
#include "kernels/numerics/ghost_ring.h"
#include "kernels/numerics/grid_modes.h"
#include "kernels/numerics/initial_conditions.h"
#include "kernels/numerics/mode_projection.h"
#include "kernels/numerics/view_image.h"
#include "kernels/simulation.h"

using namespace heatlab;

void BackendConformance::SetUp() {
    const std::string why = GetParam().unavailable();
    if (!why.empty()) {
        GTEST_SKIP() << GetParam().label << " backend unavailable: " << why;
    }
    backend_ = GetParam().make();
}

void PrintTo(const BackendFactory& factory, std::ostream* os) { *os << factory.label; }

std::string backendLabel(const ::testing::TestParamInfo<BackendFactory>& info) {
    return info.param.label;
}

namespace {

// Grids that are not multiples of any block size: one interior cell, odd
// and even non-square, 2^k +- 1, and one large enough to span many blocks.
const std::vector<GridSize> kAwkwardGrids{{3, 3},   {4, 7},   {7, 4},     {31, 33},
                                          {33, 31}, {65, 63}, {257, 129}, {1000, 1000}};

// Odd, so a ping-pong kernel ends in the buffer it did not start in.
constexpr int kCheckSteps = 5;

}  // namespace

TEST_P(BackendConformance, EveryFieldOperationBeforeTheFirstUploadIsARuntimeError) {
    std::vector<float> host(9, 0.0f);
    EXPECT_THROW(backend_->step(Kernel::Global, 1, 0.24f), RuntimeError);
    EXPECT_THROW(backend_->systemCopy(), RuntimeError);
    EXPECT_THROW(backend_->copyToHost(host.data(), HostMemory::Pageable), RuntimeError);
    EXPECT_THROW(backend_->maxAbs(), RuntimeError);
    EXPECT_THROW(backend_->checkerboardAmplitude(), RuntimeError);
}

TEST_P(BackendConformance, AFieldOperationBeforeTheFirstUploadSaysWhichAndWhatToDo) {
    try {
        backend_->maxAbs();
        ADD_FAILURE() << "maxAbs() before an upload did not throw";
    } catch (const RuntimeError& error) {
        const std::string what = error.what();
        EXPECT_NE(what.find("maxAbs"), std::string::npos) << what;
        EXPECT_NE(what.find("upload"), std::string::npos) << what;
    }
}

TEST_P(BackendConformance, AKernelTheBackendDoesNotListIsRefusedByName) {
    const std::vector<float> field(9, 0.0f);
    backend_->upload({3, 3}, field.data(), Boundary::Dirichlet);
    for (Kernel kernel : allKernels()) {
        if (backend_->hasKernel(kernel)) {
            EXPECT_NO_THROW(backend_->step(kernel, 1, 0.24f)) << name(kernel);
            continue;
        }
        try {
            backend_->step(kernel, 1, 0.24f);
            ADD_FAILURE() << name(kernel) << " ran although kernels() does not list it";
        } catch (const UsageError& e) {
            EXPECT_NE(std::string(e.what()).find(name(kernel)), std::string::npos) << e.what();
        }
    }
}

TEST_P(BackendConformance, AGridWithoutInteriorIsRefusedAtUpload) {
    const std::vector<float> field(4, 0.0f);
    EXPECT_THROW(backend_->upload({2, 2}, field.data(), Boundary::Dirichlet), UsageError);
}

TEST_P(BackendConformance, EveryKernelMatchesTheReferenceOnAwkwardGridsForEveryBoundary) {
    for (Kernel kernel : backend_->stencilKernels()) {
        for (const GridSize& grid : kAwkwardGrids) {
            for (Boundary boundary : allBoundaries()) {
                for (InitialCondition initial :
                     {InitialCondition::HotSquare, InitialCondition::Sine}) {
                    Params p;
                    p.grid = grid;
                    p.kernel = kernel;
                    p.boundary = boundary;
                    p.initial = initial;
                    p.r = 0.23f;
                    const ReferenceCheck result = checkAgainstReference(*backend_, p, kCheckSteps);
                    EXPECT_TRUE(result.field.passed)
                        << name(kernel) << " on " << gridText(grid) << ", " << name(boundary)
                        << ", " << name(initial) << ": " << result.field.detail;
                    EXPECT_TRUE(result.ringExact)
                        << name(kernel) << " on " << gridText(grid) << " changed the ring";
                }
            }
        }
    }
}

// The sine on a 3 x 3 grid is one cell of sin(pi)^2 ~ 1e-32, which decays
// by 1 - 4r a step: within a few steps the double reference is far below
// anything a float holds (2.6e-56 after the temporal kernel's 17 steps in
// the bench, where the kernel rightly holds 0). Every kernel still passes,
// over its passes and beyond; a 4 x 4 grid's four cells likewise.
TEST_P(BackendConformance, AFieldDecayedBelowFloatsRangeStillMatchesTheReference) {
    for (Kernel kernel : backend_->stencilKernels()) {
        for (const GridSize& grid : {GridSize{3, 3}, GridSize{4, 4}}) {
            for (Boundary boundary : allBoundaries()) {
                for (int steps : {17, 40}) {
                    Params p;
                    p.grid = grid;
                    p.kernel = kernel;
                    p.boundary = boundary;
                    p.initial = InitialCondition::Sine;
                    p.r = 0.24f;
                    const ReferenceCheck result = checkAgainstReference(*backend_, p, steps);
                    EXPECT_TRUE(result.field.passed)
                        << name(kernel) << " on " << gridText(grid) << ", " << name(boundary)
                        << ", " << steps << " steps: " << result.field.detail;
                }
            }
        }
    }
}

TEST_P(BackendConformance, DirichletRingStaysBitExactOverManySteps) {
    for (Kernel kernel : backend_->stencilKernels()) {
        Params p;
        p.grid = {131, 67};
        p.kernel = kernel;
        const std::vector<float> initial = makeInitialField(p.grid, p.initial, p.boundary);
        backend_->upload(p.grid, initial.data(), p.boundary);
        for (int steps : {1, 2, 101}) {
            backend_->step(kernel, steps, 0.25f);
            std::vector<float> got(p.grid.cells());
            backend_->copyToHost(got.data(), HostMemory::Pageable);
            backend_->synchronize();
            EXPECT_TRUE(ringBitExact(got.data(), initial.data(), p.grid))
                << name(kernel) << " changed the Dirichlet ring";
        }
    }
}

TEST_P(BackendConformance, MaximumPrincipleHoldsAtAndBelowTheBound) {
    for (float r : {0.24f, 0.25f}) {
        Params p;
        p.grid = {255, 255};
        p.r = r;
        const StabilityResult result = runStability(*backend_, p, 400);
        EXPECT_TRUE(result.finite);
        EXPECT_TRUE(result.maxNeverGrew)
            << "r = " << r << ": max |u| " << result.maxAbsStart << " -> " << result.maxAbsEnd;
        EXPECT_LE(result.maxAbsEnd, result.maxAbsStart + kMaxPrincipleSlack);
    }
}

// The bench's stability run measures the grid's own highest mode, whose
// factor is |1 - 8r| only on the infinite grid (or a periodic grid of even
// periods): on every boundary and on grids small enough to be stable at
// r = 0.26 (Dirichlet 8 x 8: its bound is 0.263, its mode decays x0.977).
TEST_P(BackendConformance, TheHighestModeGrowsByTheGridsOwnFactor) {
    for (const GridSize& grid :
         {GridSize{255, 255}, GridSize{16, 16}, GridSize{67, 45}, GridSize{8, 8}}) {
        for (Boundary boundary : allBoundaries()) {
            Params p;
            p.grid = grid;
            p.boundary = boundary;
            p.r = 0.26f;
            const StabilityResult result = runStability(*backend_, p, 400);
            EXPECT_TRUE(growthMatches(result.measuredGrowth, result.predictedGrowth))
                << gridText(grid) << " " << name(boundary) << ": measured " << result.measuredGrowth
                << ", predicted " << result.predictedGrowth;
            EXPECT_EQ(result.predictedGrowth,
                      std::fabs(highestModeFactor(grid, boundary, static_cast<double>(p.r))));
        }
    }
    Params p;
    p.grid = {255, 255};
    p.r = 0.26f;
    const StabilityResult large = runStability(*backend_, p, 400);
    EXPECT_GT(large.maxAbsEnd, 1e6f) << "400 steps at 1.08 per step should explode";
    EXPECT_FALSE(large.maxNeverGrew) << "the maximum principle check must see the growth";
    p.grid = {8, 8};
    const StabilityResult small = runStability(*backend_, p, 400);
    EXPECT_NEAR(small.predictedGrowth, 0.977, 1e-3);
    EXPECT_TRUE(small.finite);
    EXPECT_LE(small.maxAbsEnd, 1.0f) << "8 x 8 is stable at r = 0.26";
}

TEST_P(BackendConformance, SineDecaysAtTheRateOfTheExactSolution) {
    // u(t) = exp(-2 alpha t) sin x sin y with alpha t = steps * r * h^2.
    const GridSize grid{257, 257};
    const float r = 0.2f;
    const int steps = 2000;
    const double h = 2.0 * M_PI / (grid.nx - 1);
    const std::vector<float> initial =
        makeInitialField(grid, InitialCondition::Sine, Boundary::Dirichlet);
    backend_->upload(grid, initial.data(), Boundary::Dirichlet);
    backend_->step(Kernel::Optimised, steps, r);
    std::vector<float> got(grid.cells());
    backend_->copyToHost(got.data(), HostMemory::Pageable);
    backend_->synchronize();

    // Project on sin x sin y: the amplitude of the one mode the field holds.
    const auto amplitude = [&](const std::vector<float>& u) {
        double dot = 0.0;
        double norm = 0.0;
        for (int row = 1; row < grid.ny - 1; ++row) {
            for (int col = 1; col < grid.nx - 1; ++col) {
                const double mode = std::sin(col * h) * std::sin(row * h);
                dot += mode * u[static_cast<std::size_t>(row) * grid.nx + col];
                norm += mode * mode;
            }
        }
        return dot / norm;
    };
    const double alphaT = steps * static_cast<double>(r) * h * h;
    const double measuredRate = -std::log(amplitude(got) / amplitude(initial)) / alphaT;
    EXPECT_NEAR(measuredRate, 2.0, 0.02) << "decay rate, exact solution: 2";
}

TEST_P(BackendConformance, CopyPoliciesGiveBitIdenticalGrids) {
    for (Kernel kernel : backend_->stencilKernels()) {
        Params p;
        p.grid = {97, 61};
        p.kernel = kernel;
        p.boundary = Boundary::Insulated;
        std::vector<float> never;
        for (CopyPolicy policy :
             {CopyPolicy{0, HostMemory::Pageable}, CopyPolicy{3, HostMemory::Pageable},
              CopyPolicy{1, HostMemory::Pageable}, CopyPolicy{3, HostMemory::Pinned},
              CopyPolicy{1, HostMemory::Pinned}}) {
            Simulation simulation(GetParam().make(), p);
            simulation.setCopyPolicy(policy);
            simulation.advance(10);
            simulation.advance(11);
            EXPECT_EQ(simulation.stepCount(), 21);
            const std::vector<float>& field = simulation.fieldOnHost();
            if (never.empty()) {
                never = field;
                EXPECT_EQ(simulation.bytesCopiedBack(), 0.0);
                continue;
            }
            EXPECT_EQ(simulation.bytesCopiedBack(),
                      static_cast<double>(21 / policy.every) * static_cast<double>(p.grid.bytes()));
            EXPECT_EQ(0, std::memcmp(field.data(), never.data(), field.size() * sizeof(float)))
                << name(kernel) << ": copy every " << policy.every << " (" << name(policy.memory)
                << ") changed the arithmetic";
        }
    }
}

TEST_P(BackendConformance, MaxAbsIsReducedWhereTheFieldLivesAndReportsNaN) {
    for (const GridSize& grid : {GridSize{3, 3}, GridSize{257, 129}, GridSize{1000, 1000}}) {
        std::vector<float> field =
            makeInitialField(grid, InitialCondition::Sine, Boundary::Dirichlet);
        field[field.size() / 3] = -7.5f;  // the largest magnitude is negative
        backend_->upload(grid, field.data(), Boundary::Dirichlet);
        EXPECT_EQ(backend_->maxAbs(), 7.5f) << gridText(grid);
        backend_->step(Kernel::Optimised, 3, 0.2f);
        std::vector<float> got(grid.cells());
        backend_->copyToHost(got.data(), HostMemory::Pageable);
        backend_->synchronize();
        EXPECT_EQ(backend_->maxAbs(), largestMagnitude(got.data(), got.size())) << gridText(grid);

        field[field.size() - 1] = std::nanf("");
        backend_->upload(grid, field.data(), Boundary::Dirichlet);
        EXPECT_TRUE(std::isnan(backend_->maxAbs())) << gridText(grid);
    }
}

TEST_P(BackendConformance, RangeIsReducedWhereTheFieldLivesWithNaNFlagged) {
    for (const GridSize& grid : {GridSize{3, 3}, GridSize{257, 129}, GridSize{1000, 1000}}) {
        std::vector<float> field =
            makeInitialField(grid, InitialCondition::Sine, Boundary::Dirichlet);
        field[field.size() / 3] = -7.5f;
        field[field.size() / 2] = 3.25f;
        backend_->upload(grid, field.data(), Boundary::Dirichlet);
        FieldRange range = backend_->range();
        EXPECT_EQ(range.min, -7.5f) << gridText(grid);
        EXPECT_EQ(range.max, 3.25f) << gridText(grid);
        EXPECT_FALSE(range.hasNaN) << gridText(grid);

        field[0] = std::nanf("");
        field[field.size() - 1] = -std::numeric_limits<float>::infinity();
        backend_->upload(grid, field.data(), Boundary::Dirichlet);
        range = backend_->range();
        EXPECT_EQ(range.min, -std::numeric_limits<float>::infinity()) << gridText(grid);
        EXPECT_EQ(range.max, 3.25f) << gridText(grid);
        EXPECT_TRUE(range.hasNaN) << gridText(grid);
    }
}

namespace {

// Grids that no block size divides, one of them with a single interior cell.
const std::vector<GridSize> kCheckerboardGrids{{3, 3}, {67, 45}, {257, 131}};

// (-1)^(row + col) * sign in the interior, counted in the full grid; the
// ring holds a value far off the pattern, so a reduction that took the ring
// in would show it.
std::vector<float> pureCheckerboard(const GridSize& grid, float sign) {
    std::vector<float> field(grid.cells(), 1000.0f);
    for (int row = 1; row < grid.ny - 1; ++row) {
        for (int col = 1; col < grid.nx - 1; ++col) {
            field[static_cast<std::size_t>(row) * grid.nx + col] =
                (row + col) % 2 == 0 ? sign : -sign;
        }
    }
    return field;
}

std::vector<float> newestField(Backend& backend, const GridSize& grid) {
    std::vector<float> field(grid.cells());
    backend.copyToHost(field.data(), HostMemory::Pageable);
    backend.synchronize();
    return field;
}

// Relative to the reference, with an absolute floor for a projection that is
// exactly zero (a symmetric field's terms cancel exactly).
::testing::AssertionResult amplitudeNear(double got, double want, double relative) {
    const double allowed = relative * std::fabs(want) + 1e-12;
    if (std::fabs(got - want) <= allowed) {
        return ::testing::AssertionSuccess();
    }
    return ::testing::AssertionFailure()
           << "amplitude " << got << ", reference " << want << " (allowed " << allowed << ")";
}

}  // namespace

TEST_P(BackendConformance, CheckerboardAmplitudeOfAPureCheckerboardIsPlusOrMinusOne) {
    for (const GridSize& grid : kCheckerboardGrids) {
        for (float sign : {1.0f, -1.0f}) {
            const std::vector<float> field = pureCheckerboard(grid, sign);
            backend_->upload(grid, field.data(), Boundary::Dirichlet);
            EXPECT_TRUE(amplitudeNear(backend_->checkerboardAmplitude(), sign, 1e-6))
                << gridText(grid) << ", sign " << sign;
        }
    }
}

TEST_P(BackendConformance, CheckerboardAmplitudeMatchesTheReferenceOnTheHotSquare) {
    for (const GridSize& grid : kCheckerboardGrids) {
        for (Boundary boundary : allBoundaries()) {
            const std::vector<float> field =
                makeInitialField(grid, InitialCondition::HotSquare, boundary);
            backend_->upload(grid, field.data(), boundary);
            EXPECT_TRUE(amplitudeNear(backend_->checkerboardAmplitude(),
                                      signedCheckerboardAmplitude(field.data(), grid), 1e-6))
                << gridText(grid) << ", " << name(boundary);
        }
    }
}

TEST_P(BackendConformance, ManyStepsAtOnceAreTheSameStepsBitForBit) {
    const GridSize grid{259, 131};  // no multiple of any block or tile
    // Not a multiple of any submission size, and more than two of them.
    const int steps =
        3 * backend_->manySteps(Kernel::Optimised, grid, Boundary::Dirichlet).stepsPerSubmission +
        7;
    for (Kernel kernel : backend_->kernels()) {
        for (Boundary boundary : allBoundaries()) {
            const std::vector<float> initial =
                makeInitialField(grid, InitialCondition::HotSquare, boundary);
            backend_->upload(grid, initial.data(), boundary);
            backend_->step(kernel, steps, 0.24f);
            const std::vector<float> one = newestField(*backend_, grid);
            backend_->upload(grid, initial.data(), boundary);
            backend_->stepMany(kernel, steps, 0.24f);
            backend_->stepMany(kernel, steps, 0.24f);  // a second time: from the captured graphs
            backend_->upload(grid, initial.data(), boundary);
            backend_->stepMany(kernel, steps, 0.24f);
            EXPECT_EQ(newestField(*backend_, grid), one) << name(kernel) << ", " << name(boundary);
        }
    }
}

TEST_P(BackendConformance, APinnedCopyStillReadsItsFieldWhenManyStepsFollow) {
    const GridSize grid{259, 131};
    const std::vector<float> initial =
        makeInitialField(grid, InitialCondition::HotSquare, Boundary::Dirichlet);
    backend_->upload(grid, initial.data(), Boundary::Dirichlet);
    backend_->step(Kernel::Optimised, 3, 0.24f);
    const std::vector<float> before = newestField(*backend_, grid);
    HostBuffer copy = backend_->allocateHost(grid.cells(), HostMemory::Pinned);
    backend_->copyToHost(copy.get(), HostMemory::Pinned);
    const int submission =
        backend_->manySteps(Kernel::Optimised, grid, Boundary::Dirichlet).stepsPerSubmission;
    backend_->stepMany(Kernel::Optimised, 4 * submission, 0.24f);
    backend_->synchronize();
    EXPECT_EQ(std::vector<float>(copy.get(), copy.get() + grid.cells()), before);
}

TEST_P(BackendConformance, RequestedMeasuresAreTheWaitedForOnesOfTheFieldAtTheRequest) {
    const GridSize grid{257, 131};
    const std::vector<float> initial =
        makeInitialField(grid, InitialCondition::HotSquare, Boundary::Dirichlet);
    backend_->upload(grid, initial.data(), Boundary::Dirichlet);
    backend_->step(Kernel::Optimised, 30, 0.26f);
    const float maxAbs = backend_->maxAbs();
    const double amplitude = backend_->checkerboardAmplitude();
    ASSERT_TRUE(backend_->requestMeasures(30));
    // Steps queued after the request change the field, not its answer.
    backend_->step(Kernel::Optimised, 5, 0.26f);
    backend_->synchronize();
    const std::optional<FieldMeasures> measured = backend_->finishedMeasures();
    ASSERT_TRUE(measured);
    EXPECT_EQ(measured->tag, 30);
    EXPECT_EQ(measured->maxAbs, maxAbs);
    EXPECT_EQ(measured->checkerboard, amplitude);
    EXPECT_FALSE(backend_->finishedMeasures()) << "an answer is collected once";
    // The next request measures the newest field.
    ASSERT_TRUE(backend_->requestMeasures(35));
    backend_->synchronize();
    const std::optional<FieldMeasures> next = backend_->finishedMeasures();
    ASSERT_TRUE(next);
    EXPECT_EQ(next->tag, 35);
    EXPECT_EQ(next->maxAbs, backend_->maxAbs());
}

TEST_P(BackendConformance, CheckerboardAmplitudeMatchesTheReferenceAfterUnstableSteps) {
    for (Kernel kernel : backend_->stencilKernels()) {
        for (const GridSize& grid : kCheckerboardGrids) {
            const std::vector<float> initial =
                makeInitialField(grid, InitialCondition::HotSquare, Boundary::Dirichlet);
            backend_->upload(grid, initial.data(), Boundary::Dirichlet);
            for (int steps : {1, 20, 60}) {
                backend_->step(kernel, steps, 0.26f);
                const double got = backend_->checkerboardAmplitude();
                const std::vector<float> field = newestField(*backend_, grid);
                EXPECT_TRUE(
                    amplitudeNear(got, signedCheckerboardAmplitude(field.data(), grid), 1e-5))
                    << name(kernel) << " on " << gridText(grid) << " after " << steps << " more";
            }
        }
    }
}

// An interior NaN or infinity leaves no amplitude to speak of; the ring is
// not part of the projection, so its values never reach it.
TEST_P(BackendConformance, CheckerboardAmplitudeIsNaNForANonFiniteInteriorOnly) {
    const GridSize grid{67, 45};
    const std::size_t interiorCell = static_cast<std::size_t>(20) * grid.nx + 30;
    const float inf = std::numeric_limits<float>::infinity();
    for (float bad : {std::nanf(""), inf, -inf}) {
        std::vector<float> field = pureCheckerboard(grid, 1.0f);
        field[interiorCell] = bad;
        backend_->upload(grid, field.data(), Boundary::Dirichlet);
        EXPECT_TRUE(std::isnan(backend_->checkerboardAmplitude())) << bad << " in the interior";
        EXPECT_TRUE(std::isnan(signedCheckerboardAmplitude(field.data(), grid))) << bad;

        field = pureCheckerboard(grid, 1.0f);
        field[0] = bad;
        field[grid.cells() - 1] = bad;
        backend_->upload(grid, field.data(), Boundary::Dirichlet);
        EXPECT_TRUE(amplitudeNear(backend_->checkerboardAmplitude(), 1.0, 1e-6))
            << bad << " in the ring";
    }
}

// The grid's highest mode, alone in the field, is what the backend's
// checkerboard amplitude (the plain mean of (-1)^(row + col) u) then
// follows: every step multiplies it by the grid's own factor, sign and all.
TEST_P(BackendConformance, CheckerboardAmplitudeOfTheModeChangesByTheGridsFactorPerStep) {
    const GridSize grid{257, 131};
    for (Boundary boundary : {Boundary::Dirichlet, Boundary::Insulated}) {
        for (float r : {0.2f, 0.26f}) {
            const double factor = highestModeFactor(grid, boundary, static_cast<double>(r));
            const ModeProjection mode(grid, boundary);
            // Of the interior's length: cells of about 1.
            const std::vector<float> field =
                mode.withMode(std::vector<float>(grid.cells(), 0.0f),
                              std::sqrt(static_cast<double>(grid.interiorCells())));
            backend_->upload(grid, field.data(), boundary);
            double before = backend_->checkerboardAmplitude();
            for (int step = 1; step <= 5; ++step) {
                backend_->step(Kernel::Optimised, 1, r);
                const double now = backend_->checkerboardAmplitude();
                EXPECT_NEAR(now / before / factor, 1.0, 1e-5)
                    << name(boundary) << " r " << r << " step " << step << ": " << before << " -> "
                    << now << ", factor " << factor;
                before = now;
            }
        }
    }
}

// The mouse's brush: exactly the interior cells whose centres lie in the
// disc take the value, the ring is never painted (Dirichlet keeps its data,
// the others are derived again), and a disc off the grid paints nothing.
TEST_P(BackendConformance, PaintSetsTheInteriorCellsInTheDiscAndNothingElse) {
    const GridSize grid{37, 23};
    for (Boundary boundary : allBoundaries()) {
        const std::vector<float> initial = makeInitialField(grid, InitialCondition::Sine, boundary);
        backend_->upload(grid, initial.data(), boundary);
        backend_->paint(2.5f, 3.0f, 4.0f, 7.0f);      // overlaps the left and top ring
        backend_->paint(-50.0f, -50.0f, 3.0f, 9.0f);  // misses the grid
        std::vector<float> got(grid.cells());
        backend_->copyToHost(got.data(), HostMemory::Pageable);
        backend_->synchronize();
        std::vector<float> want = initial;
        for (int row = 1; row < grid.ny - 1; ++row) {
            for (int col = 1; col < grid.nx - 1; ++col) {
                const float dx = static_cast<float>(col) + 0.5f - 2.5f;
                const float dy = static_cast<float>(row) + 0.5f - 3.0f;
                if (dx * dx + dy * dy <= 16.0f) {
                    want[static_cast<std::size_t>(row) * grid.nx + col] = 7.0f;
                }
            }
        }
        fillGhostRing(want.data(), grid, boundary);
        EXPECT_EQ(got, want) << name(boundary);
        // The painted field steps on like any other.
        backend_->step(Kernel::Global, 1, 0.2f);
        EXPECT_TRUE(std::isfinite(backend_->maxAbs())) << name(boundary);
    }
}

TEST_P(BackendConformance, InsulatedBoundaryConservesHeat) {
    const GridSize grid{129, 77};
    const std::vector<float> initial =
        makeInitialField(grid, InitialCondition::HotSquare, Boundary::Insulated);
    const auto interiorSum = [&](const std::vector<float>& u) {
        double sum = 0.0;
        for (int row = 1; row < grid.ny - 1; ++row) {
            for (int col = 1; col < grid.nx - 1; ++col) {
                sum += u[static_cast<std::size_t>(row) * grid.nx + col];
            }
        }
        return sum;
    };
    for (Kernel kernel : backend_->stencilKernels()) {
        backend_->upload(grid, initial.data(), Boundary::Insulated);
        backend_->step(kernel, 300, 0.24f);
        std::vector<float> got(grid.cells());
        backend_->copyToHost(got.data(), HostMemory::Pageable);
        backend_->synchronize();
        EXPECT_NEAR(interiorSum(got) / interiorSum(initial), 1.0, 1e-4) << name(kernel);
    }
}

// The temporal kernel's passes against as many single steps of the
// optimised kernel: every steps-a-pass, every boundary, grids that are no
// multiple of a band or a strip (and wider than one band, taller than one
// strip), a step count that is no multiple of the pass, and an unstable r,
// whose checkerboard shows any cell computed from a wrong neighbour.
TEST_P(BackendConformance, TemporalPassesAreTheSingleStepsBitForBit) {
    if (!backend_->hasKernel(Kernel::Temporal)) {
        GTEST_SKIP() << "no temporal kernel on " << backend_->facts().name;
    }
    std::vector<GridSize> grids = kAwkwardGrids;
    grids.push_back({517, 300});
    grids.push_back({3, 301});
    grids.push_back({301, 3});
    for (int levels = 1; levels <= kTimeBlockMax; ++levels) {
        backend_->setTimeBlock(levels);
        const int steps = 2 * levels + 3;
        for (const GridSize& grid : grids) {
            for (Boundary boundary : allBoundaries()) {
                for (InitialCondition initial :
                     {InitialCondition::HotSquare, InitialCondition::Sine}) {
                    const float r = initial == InitialCondition::Sine ? 0.26f : 0.24f;
                    const std::vector<float> start = makeInitialField(grid, initial, boundary);
                    backend_->upload(grid, start.data(), boundary);
                    backend_->step(Kernel::Optimised, steps, r);
                    const std::vector<float> single = newestField(*backend_, grid);
                    backend_->upload(grid, start.data(), boundary);
                    backend_->step(Kernel::Temporal, steps, r);
                    const std::vector<float> temporal = newestField(*backend_, grid);
                    const BitDifference d = bitDifference(single, temporal);
                    EXPECT_EQ(d.cells, 0u)
                        << levels << " steps a pass, " << gridText(grid) << ", " << name(boundary)
                        << ", " << name(initial) << ": first at row " << d.first / grid.nx
                        << " col " << d.first % grid.nx << ": " << temporal[d.first] << " against "
                        << single[d.first];
                }
            }
        }
    }
    backend_->setTimeBlock(kTimeBlockAuto);
}

TEST_P(BackendConformance, ATimeBlockOutsideItsRangeIsRefused) {
    EXPECT_THROW(backend_->setTimeBlock(-1), UsageError);
    EXPECT_THROW(backend_->setTimeBlock(kTimeBlockMax + 1), UsageError);
    backend_->setTimeBlock(3);
    EXPECT_EQ(backend_->timeBlockFor(GridSize{2048, 2048}), 3);
    backend_->setTimeBlock(kTimeBlockAuto);
    for (const GridSize& grid : {GridSize{3, 3}, GridSize{2048, 2048}, GridSize{8192, 8192}}) {
        EXPECT_GE(backend_->timeBlockFor(grid), 1);
        EXPECT_LE(backend_->timeBlockFor(grid), kTimeBlockMax);
    }
}

// The loupe's spot: the strongest checkerboard cell, found where the field
// lives, is the double reference's to the bit (the same per-cell arithmetic,
// the same tie rule), on grids that are no multiple of a block.
TEST_P(BackendConformance, CheckerboardSpotIsTheReferencesOnAwkwardGrids) {
    for (const GridSize& grid : kAwkwardGrids) {
        const std::vector<float> initial =
            makeInitialField(grid, InitialCondition::HotSquare, Boundary::Dirichlet);
        backend_->upload(grid, initial.data(), Boundary::Dirichlet);
        for (int steps : {0, 1, 40}) {
            backend_->step(Kernel::Optimised, steps, 0.26f);
            const CellSpot got = backend_->checkerboardSpot();
            const std::vector<float> field = newestField(*backend_, grid);
            const CellSpot want = strongestCheckerboardSpot(field.data(), grid);
            EXPECT_EQ(got.col, want.col) << gridText(grid) << " after " << steps << " more";
            EXPECT_EQ(got.row, want.row) << gridText(grid) << " after " << steps << " more";
            EXPECT_EQ(got.strength, want.strength) << gridText(grid);
        }
    }
}

TEST_P(BackendConformance, CheckerboardSpotFindsASpikeTakesTheFirstOfATieAndNoneOnAFlatField) {
    const GridSize grid{131, 77};
    std::vector<float> field(grid.cells(), 0.5f);
    backend_->upload(grid, field.data(), Boundary::Dirichlet);
    EXPECT_FALSE(backend_->checkerboardSpot().found()) << "a uniform field has no spot";

    field[static_cast<std::size_t>(60) * grid.nx + 100] = 3.0f;
    backend_->upload(grid, field.data(), Boundary::Dirichlet);
    CellSpot spot = backend_->checkerboardSpot();
    EXPECT_EQ(spot.col, 100);
    EXPECT_EQ(spot.row, 60);
    EXPECT_EQ(spot.strength, 10.0f);  // |4 * 3 - 4 * 0.5|

    // The same spike earlier in row-major order wins the tie.
    field[static_cast<std::size_t>(20) * grid.nx + 120] = 3.0f;
    backend_->upload(grid, field.data(), Boundary::Dirichlet);
    spot = backend_->checkerboardSpot();
    EXPECT_EQ(spot.col, 120);
    EXPECT_EQ(spot.row, 20);

    // A non-finite cell is no candidate, and its neighbours are none either.
    field[static_cast<std::size_t>(40) * grid.nx + 40] = std::numeric_limits<float>::infinity();
    backend_->upload(grid, field.data(), Boundary::Dirichlet);
    spot = backend_->checkerboardSpot();
    EXPECT_EQ(spot.col, 120);
    EXPECT_EQ(spot.row, 20);
}

TEST_P(BackendConformance, RequestedMeasuresCarryTheSpotOfTheFieldAtTheRequest) {
    const GridSize grid{257, 131};
    const std::vector<float> initial =
        makeInitialField(grid, InitialCondition::HotSquare, Boundary::Dirichlet);
    backend_->upload(grid, initial.data(), Boundary::Dirichlet);
    backend_->step(Kernel::Optimised, 50, 0.26f);
    const CellSpot spot = backend_->checkerboardSpot();
    ASSERT_TRUE(spot.found());
    ASSERT_TRUE(backend_->requestMeasures(50, true));
    backend_->step(Kernel::Optimised, 5, 0.26f);
    backend_->synchronize();
    const std::optional<FieldMeasures> measured = backend_->finishedMeasures();
    ASSERT_TRUE(measured);
    EXPECT_EQ(measured->spot.col, spot.col);
    EXPECT_EQ(measured->spot.row, spot.row);
    EXPECT_EQ(measured->spot.strength, spot.strength);
}

// A minified view's image, made where the field lives, is the reference's
// bit for bit: fitted, zoomed past the grid's edge, footprints of a few
// cells and of more than 16 a side (which the shader alone read at a
// stride), on grids no multiple of a block, and a NaN shows in its pixel.
TEST_P(BackendConformance, TheViewImageIsTheReferencesBitForBit) {
    struct Case {
        GridSize grid;
        ViewSampling view;
    };
    const std::vector<Case> cases{
        {{301, 203}, {0.0f, -0.75f, 2.5f, 121, 82}},
        {{257, 129}, {-10.3f, 5.2f, 1.37f, 200, 90}},
        {{1000, 1000}, {0.0f, 0.0f, 17.3f, 58, 58}},
        {{65, 63}, {30.0f, 30.0f, 3.0f, 40, 40}},
    };
    for (const Case& c : cases) {
        std::vector<float> field =
            makeInitialField(c.grid, InitialCondition::HotSquare, Boundary::Dirichlet);
        // A NaN under the view's middle pixel.
        const auto middle = [](float origin, float s, int pixels, int cells) {
            return std::clamp(static_cast<int>(origin + s * static_cast<float>(pixels / 2)), 1,
                              cells - 2);
        };
        const int nanCol = middle(c.view.originCol, c.view.cellsPerPixel, c.view.width, c.grid.nx);
        const int nanRow = middle(c.view.originRow, c.view.cellsPerPixel, c.view.height, c.grid.ny);
        field[static_cast<std::size_t>(nanRow) * c.grid.nx + nanCol] =
            std::numeric_limits<float>::quiet_NaN();
        backend_->upload(c.grid, field.data(), Boundary::Dirichlet);
        std::vector<float> got(c.view.pixels(), -1.0f);
        backend_->viewImage(c.view, got.data());
        std::vector<float> want(c.view.pixels());
        viewImageOf(field.data(), c.grid, c.view, want.data());
        const BitDifference differ = bitDifference(got, want);
        EXPECT_EQ(differ.cells, 0u) << gridText(c.grid) << ", first at pixel " << differ.first
                                    << ": " << got[differ.first] << " vs " << want[differ.first];
        int nanPixels = 0;
        for (float v : want) {
            nanPixels += std::isnan(v) ? 1 : 0;
        }
        EXPECT_GT(nanPixels, 0) << gridText(c.grid) << ": the NaN cell shows";
    }
}

TEST_P(BackendConformance, AViewImageTakesTheMaxOnEvenPixelsAndTheMinOnOdd) {
    // A checkerboard of +-1 under 2 x 2 footprints: every footprint holds
    // both, so even pixels are +1 and odd ones -1.
    const GridSize grid{40, 30};
    std::vector<float> field(grid.cells());
    for (int row = 0; row < grid.ny; ++row) {
        for (int col = 0; col < grid.nx; ++col) {
            field[static_cast<std::size_t>(row) * grid.nx + col] =
                (row + col) % 2 == 0 ? 1.0f : -1.0f;
        }
    }
    backend_->upload(grid, field.data(), Boundary::Dirichlet);
    const ViewSampling view{0.0f, 0.0f, 2.0f, 20, 15};
    std::vector<float> image(view.pixels());
    backend_->viewImage(view, image.data());
    for (int py = 0; py < view.height; ++py) {
        for (int px = 0; px < view.width; ++px) {
            EXPECT_EQ(image[static_cast<std::size_t>(py) * view.width + px],
                      (px + py) % 2 == 0 ? 1.0f : -1.0f)
                << px << ", " << py;
        }
    }
}
