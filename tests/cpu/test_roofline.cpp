// The roofline's model: the bytes and operations each kernel is counted to
// move (kernels/kernel_traffic.h), the points and roofs built from table 1
// as measured (app/measure/roofline.h), and the running kernel's point.

#include <algorithm>
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "app/measure/bench_measure.h"
#include "app/measure/roofline.h"
#include "kernels/cpu/cpu_backend.h"
#include "kernels/kernel_traffic.h"

namespace heatlab {
namespace {

TEST(KernelTraffic, CountsSevenFlopsAnInteriorCellAndTheGridsEachPassMoves) {
    const GridSize grid{2048, 1024};
    const double flops = 7.0 * 2046.0 * 1022.0;
    const double gridBytes = 2048.0 * 1024.0 * 4.0;
    const KernelTraffic optimised = kernelTraffic(Kernel::Optimised, grid, 1);
    EXPECT_DOUBLE_EQ(optimised.flopsPerStep, flops);
    EXPECT_DOUBLE_EQ(optimised.bytesPerStep, 2.0 * gridBytes);
    EXPECT_EQ(optimised.level, TrafficLevel::FieldMemory);
    EXPECT_DOUBLE_EQ(kernelTraffic(Kernel::Global, grid, 1).intensity(), optimised.intensity());
    // Laplacian (1 + 1), integrate (2 + 1), update (1 + 1).
    EXPECT_DOUBLE_EQ(kernelTraffic(Kernel::ThreePass, grid, 1).bytesPerStep, 7.0 * gridBytes);
    // k steps a pass: the grid read and written once for k steps.
    const KernelTraffic temporal = kernelTraffic(Kernel::Temporal, grid, 4);
    EXPECT_DOUBLE_EQ(temporal.bytesPerStep, 2.0 * gridBytes / 4.0);
    EXPECT_DOUBLE_EQ(temporal.intensity(), 4.0 * optimised.intensity());
    // The floor computes nothing.
    EXPECT_EQ(kernelTraffic(Kernel::Copy, grid, 1).flopsPerStep, 0.0);
    EXPECT_EQ(kernelTraffic(Kernel::Copy, grid, 1).intensity(), 0.0);
}

TEST(KernelTraffic, TheResidentKernelMovesItsTilesEdgesThroughTheL2) {
    // 2048 x 2048 in tiles of 128 x 256 from row 0 (2047 % 16 = 15): 16
    // across, 8 down; 16 x 7 edges between rows of tiles, 15 x 8 between
    // columns; each cell of each written twice and read twice, 8 bytes a go.
    const GridSize grid{2048, 2048};
    const double cells = 16.0 * 7.0 * 128.0 + 15.0 * 8.0 * 256.0;
    EXPECT_DOUBLE_EQ(residentExchangeBytesPerStep(grid), 4.0 * 8.0 * cells);
    const KernelTraffic resident = kernelTraffic(Kernel::Optimised, grid, 0);
    EXPECT_EQ(resident.level, TrafficLevel::OnChipL2);
    EXPECT_DOUBLE_EQ(resident.bytesPerStep, 4.0 * 8.0 * cells);
    // About 1.4 MB a step against 33.5 MB for a step through memory.
    EXPECT_GT(resident.intensity(), 20.0 * kernelTraffic(Kernel::Optimised, grid, 1).intensity());
    // A grid of one tile exchanges nothing.
    EXPECT_EQ(residentExchangeBytesPerStep(GridSize{128, 200}), 0.0);
}

TEST(CacheRoofGrid, FitsBothBuffersInHalfTheCache) {
    const GridSize grid = cacheRoofGrid(std::size_t{32} << 20);
    EXPECT_EQ(grid.nx, grid.ny);
    EXPECT_EQ(grid.nx % 32, 0);
    EXPECT_LE(2 * grid.bytes(), (std::size_t{32} << 20) / 2);
    const GridSize larger{grid.nx + 32, grid.nx + 32};
    EXPECT_GT(2 * larger.bytes(), (std::size_t{32} << 20) / 2);
    EXPECT_EQ(cacheRoofGrid(0).nx, 0);
}

// Table 1 measured on the CPU, once for the tests below.
const KernelTable& measuredTable() {
    static const KernelTable table = [] {
        CpuBackend backend;
        Params params;
        params.grid = GridSize{130, 97};
        return measureKernelTable(backend, params, 3);
    }();
    return table;
}

TEST(Roofline, ItsPointsAreTableOnesRowsAndItsRoofsTheMeasuredOnes) {
    const KernelTable& table = measuredTable();
    const Roofline roofline = rooflineOf(table, "cpu");
    // Every stencil row a point with the row's own figures.
    std::size_t stencilRows = 0;
    for (const KernelTiming& k : table.kernels) {
        if (k.kernel == Kernel::Copy) {
            continue;
        }
        ASSERT_LT(stencilRows, roofline.points.size());
        const RooflinePoint& p = roofline.points[stencilRows++];
        EXPECT_EQ(p.label, k.name);
        EXPECT_EQ(p.flopsPerByte, k.traffic.intensity());
        EXPECT_EQ(p.gflopPerS, k.gflopPerS);
        EXPECT_NEAR(k.gflopPerS, 7.0 * k.cellUpdatesPerS / 1e9, 1e-9 * k.gflopPerS);
        EXPECT_FALSE(p.running);
    }
    EXPECT_EQ(roofline.points.size(), stencilRows);
    EXPECT_EQ(stencilRows, 4u);  // global, three-pass, optimised, temporal

    // The roofs: each a figure the table measured, none a constant, and no
    // datasheet figure on the CPU.
    const auto roofValue = [&](Roof::Role role, int nth) {
        for (const Roof& roof : roofline.roofs) {
            if (roof.role == role && nth-- == 0) {
                EXPECT_EQ(roof.source, Roof::Source::Measured) << roof.name;
                return roof.value;
            }
        }
        return -1.0;
    };
    EXPECT_EQ(roofValue(Roof::Role::FieldMemory, 0), table.floorGBs);
    EXPECT_EQ(roofValue(Roof::Role::FieldMemory, 1), table.systemCopy.gbPerS);
    EXPECT_EQ(roofValue(Roof::Role::Cache, 0), table.roofs.cacheCopy.gbPerS);
    ASSERT_EQ(table.hostCopies.size(), 2u);
    EXPECT_EQ(roofValue(Roof::Role::HostCopy, 0), table.hostCopies[0].gbPerS);
    EXPECT_EQ(roofValue(Roof::Role::HostCopy, 1), table.hostCopies[1].gbPerS);
    EXPECT_EQ(roofValue(Roof::Role::Arithmetic, 0), table.roofs.arithmeticGflops);
    EXPECT_EQ(roofline.roofs.size(), 6u);
    for (const Roof& roof : roofline.roofs) {
        EXPECT_GT(roof.value, 0.0) << roof.name;
        EXPECT_TRUE(std::isfinite(roof.value)) << roof.name;
    }
    // The cache roof was timed on its own grid, in the cache.
    EXPECT_GT(table.roofs.cacheGrid.nx, 130);
    EXPECT_FALSE(table.roofs.cacheName.empty());
    // Which of two rates timed a moment apart is higher (a kernel's against
    // the arithmetic roof) is how busy the cores were then, not what the
    // code does: the bench shows it, no test holds it.
}

// A roof bounds what it claims to: a measured arithmetic roof that a
// kernel's point passes (the burst timed while something else ran) says so
// in its name; one above every point keeps its name.
TEST(Roofline, AnArithmeticRoofBelowAKernelSaysItWasTimedWhileBusy) {
    KernelTable table = measuredTable();
    ASSERT_FALSE(table.kernels.empty());
    double fastest = 0.0;
    for (const KernelTiming& k : table.kernels) {
        fastest = k.kernel == Kernel::Copy ? fastest : std::max(fastest, k.gflopPerS);
    }
    const auto arithmeticName = [](const Roofline& roofline) {
        for (const Roof& roof : roofline.roofs) {
            if (roof.role == Roof::Role::Arithmetic) {
                return roof.name;
            }
        }
        return std::string();
    };
    table.roofs.arithmeticGflops = 2.0 * fastest;
    EXPECT_EQ(arithmeticName(rooflineOf(table, "cpu")), "the stencil's arithmetic");
    table.roofs.arithmeticGflops = 0.5 * fastest;
    const std::string busy = arithmeticName(rooflineOf(table, "cpu"));
    EXPECT_NE(busy.find("timed while busy"), std::string::npos) << busy;
}

TEST(Roofline, TheArithmeticBurstIsTimedAndCountsWhatItDoes) {
    CpuBackend backend;
    // 8 lanes x 6 chains x 2^15 rounds x 7 flops on every thread.
    EXPECT_GT(backend.arithmeticBurstFlops(), 0.0);
    EXPECT_EQ(std::fmod(backend.arithmeticBurstFlops(), 7.0 * 8.0 * 6.0 * 32768.0), 0.0);
    // Needs no field.
    EXPECT_NO_THROW(backend.arithmeticBurst());
}

TEST(Roofline, TheRunningKernelSitsByItsCountedBytesOrByWhatItCopiesBack) {
    RunningKernel running;
    running.kernel = Kernel::Temporal;
    running.grid = GridSize{2048, 2048};
    running.stepsPerPass = 8;
    running.stepsPerSecond = 1000.0;
    running.label = "temporal, 8 steps a pass";
    const auto alone = runningPoint(running);
    ASSERT_EQ(alone.size(), 1u);
    EXPECT_TRUE(alone[0].running);
    EXPECT_EQ(alone[0].bytes, RooflinePoint::Bytes::FieldMemory);
    EXPECT_DOUBLE_EQ(alone[0].gflopPerS, 7.0 * 2046.0 * 2046.0 * 1000.0 / 1e9);
    EXPECT_DOUBLE_EQ(alone[0].flopsPerByte,
                     kernelTraffic(Kernel::Temporal, running.grid, 8).intensity());
    // Fewer steps a pass: it moves left.
    running.stepsPerPass = 2;
    EXPECT_LT(runningPoint(running)[0].flopsPerByte, alone[0].flopsPerByte);
    // Copying back: operations per byte sent to the host.
    running.copyGBs = 16.0;
    const auto copying = runningPoint(running);
    ASSERT_EQ(copying.size(), 1u);
    EXPECT_EQ(copying[0].bytes, RooflinePoint::Bytes::ToHost);
    EXPECT_DOUBLE_EQ(copying[0].flopsPerByte, copying[0].gflopPerS / 16.0);
    // On chip: by its edge exchange.
    running.copyGBs = 0.0;
    running.kernel = Kernel::Optimised;
    running.stepsPerPass = 0;
    EXPECT_EQ(runningPoint(running)[0].bytes, RooflinePoint::Bytes::OnChipL2);
    // Paused: no rate, no point.
    running.stepsPerSecond = 0.0;
    EXPECT_TRUE(runningPoint(running).empty());
}

}  // namespace
}  // namespace heatlab
