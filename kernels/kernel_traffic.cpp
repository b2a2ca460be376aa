#include "kernels/kernel_traffic.h"

#include "kernels/numerics/stencil.h"
#include "kernels/resident_tiles.h"

namespace heatlab {

namespace {

// One exchanged cell: its value's bits and its step's, in one 64-bit word.
constexpr double kExchangedCellBytes = 8.0;

}  // namespace

int gridsMovedPerPass(Kernel kernel) { return traits(kernel).gridsMovedPerPass; }

double residentExchangeBytesPerStep(const GridSize& grid) {
    const ResidentTileCount tiles = residentTileCount(grid.nx, grid.ny);
    // Edges between a tile and the one below it, and between a tile and the
    // one to its right; each is written by both tiles and read by both.
    const double rowEdges = static_cast<double>(tiles.across * (tiles.down - 1));
    const double columnEdges = static_cast<double>((tiles.across - 1) * tiles.down);
    const double cellsExchanged = rowEdges * kResidentTileCols + columnEdges * kResidentTileRows;
    return 2.0 * 2.0 * kExchangedCellBytes * cellsExchanged;
}

KernelTraffic kernelTraffic(Kernel kernel, const GridSize& grid, int stepsPerPass) {
    KernelTraffic traffic;
    if (!traits(kernel).copyFloor) {
        traffic.flopsPerStep =
            static_cast<double>(kHeatUpdateFlops) * static_cast<double>(grid.interiorCells());
    }
    if (stepsPerPass <= 0) {
        traffic.level = TrafficLevel::OnChipL2;
        traffic.bytesPerStep = residentExchangeBytesPerStep(grid);
        return traffic;
    }
    traffic.bytesPerStep = static_cast<double>(gridsMovedPerPass(kernel)) *
                           static_cast<double>(grid.bytes()) / stepsPerPass;
    return traffic;
}

}  // namespace heatlab
