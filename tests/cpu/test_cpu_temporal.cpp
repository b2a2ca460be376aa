// The CPU temporal kernel where the conformance suite's grids do not take
// it: a field larger than the cache, whose last level is written with
// streaming stores, cut into more than one band of columns.

#include <vector>

#include <gtest/gtest.h>

#include "kernels/checks/bit_difference.h"
#include "kernels/cpu/cpu_backend.h"
#include "kernels/numerics/initial_conditions.h"
#include "kernels/numerics/stencil.h"

using namespace heatlab;

namespace {

std::vector<float> fieldAfter(CpuBackend& backend, const GridSize& grid,
                              const std::vector<float>& start, Boundary boundary, Kernel kernel,
                              int steps, float r) {
    backend.upload(grid, start.data(), boundary);
    backend.step(kernel, steps, r);
    std::vector<float> field(grid.cells());
    backend.copyToHost(field.data(), HostMemory::Pageable);
    return field;
}

}  // namespace

// Two buffers of 36 MiB: more than the last-level cache of most machines
// (the build machine's is 32 MiB), and 4500 columns are two bands. An
// unstable r, so that any cell computed from a wrong neighbour shows.
TEST(CpuTemporal, PassesOverAFieldLargerThanTheCacheAreTheSingleStepsBitForBit) {
    const GridSize grid{4500, 2100};
    CpuBackend backend;
    for (const int levels : {3, kTimeBlockMax}) {
        backend.setTimeBlock(levels);
        const int steps = 2 * levels + 1;
        for (Boundary boundary : allBoundaries()) {
            const std::vector<float> start =
                makeInitialField(grid, InitialCondition::Sine, boundary);
            const std::vector<float> single =
                fieldAfter(backend, grid, start, boundary, Kernel::Optimised, steps, 0.26f);
            const std::vector<float> temporal =
                fieldAfter(backend, grid, start, boundary, Kernel::Temporal, steps, 0.26f);
            EXPECT_EQ(bitDifference(single, temporal).cells, 0u)
                << levels << " steps a pass, " << name(boundary);
        }
    }
}

// The temporal kernels read a periodic field past its edges through
// wrapped(): on the ring it must name the cell ghostTaps() copies there, and
// one period further out the same cell again.
TEST(CpuTemporal, WrappedIndicesAreThePeriodicGhostsAndRepeatEveryPeriod) {
    for (const int n : {3, 4, 7, 130}) {
        const int period = n - 2;
        for (const int ring : {0, n - 1}) {
            EXPECT_EQ(wrapped(ring, n), ghostTaps(ring, n, Boundary::Periodic).index[0])
                << ring << " of " << n;
        }
        for (int i = 1; i <= n - 2; ++i) {
            EXPECT_EQ(wrapped(i, n), i) << i << " of " << n;
            EXPECT_EQ(wrapped(i - period, n), i) << i << " of " << n;
            EXPECT_EQ(wrapped(i + 3 * period, n), i) << i << " of " << n;
        }
    }
}
