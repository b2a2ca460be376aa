#pragma once
// The resident kernel's tiles (kernels/cuda/cuda_resident.cu): their shape
// and where the first one starts. Outside the CUDA sources so that what the
// kernel moves through the L2 a step (kernel_traffic.h) is counted from the
// very tiles it runs, in a CPU-only build and its tests too.

namespace heatlab {

constexpr int kResidentColsPerLane = 4;
constexpr int kResidentRowsPerWarp = 16;
constexpr int kResidentWarps = 16;
constexpr int kResidentTileCols = 32 * kResidentColsPerLane;  // a warp of lanes
constexpr int kResidentTileRows = kResidentWarps * kResidentRowsPerWarp;

// Row 0 of the first tile: 0, or -2 where that would leave row ny - 1 among
// the first two rows of its warp (its ghost needs the two rows above it in
// the same thread). Row 0 then sits third in its warp, rows 1 and 2 after it.
inline int residentRowOrigin(int ny) { return (ny - 1) % kResidentRowsPerWarp >= 2 ? 0 : -2; }

// Tiles across and down a field of nx x ny cells.
struct ResidentTileCount {
    long long across;
    long long down;
};
inline ResidentTileCount residentTileCount(int nx, int ny) {
    const long long rows = ny - residentRowOrigin(ny);
    return {(nx + kResidentTileCols - 1) / kResidentTileCols,
            (rows + kResidentTileRows - 1) / kResidentTileRows};
}

}  // namespace heatlab
