// The temporal-blocked kernel: `levels` steps per pass over device memory.
// A single step must read and write the whole grid, so it can at best match
// the copy floor; this kernel reads and writes the grid once for several
// steps and keeps the steps in between in registers.
//
// Shape, up to 8 steps a pass. Each warp owns a band of
// 128 columns (lane l holds columns 4l .. 4l + 3 of it) and a strip of rows,
// and streams down the strip one row at a time. For every row it loads
// (level 0) it computes level 1 of the row above, level 2 of the row above
// that, ... level `levels` of the row `levels` above, each from the three
// newest rows of the level below, kept in registers. Nothing is shared
// between warps: no shared memory, no barriers. Deeper passes would spill
// (two rows of window a level): they spread their levels over a block's
// warps instead (cuda_temporal_pipeline.cu). The row operations, the
// numerics and the overlap between tiles: cuda_temporal_rows.cuh.

#include "kernels/cuda/cuda_temporal.cuh"

#include <algorithm>
#include <string>

#include "kernels/base/errors.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_launch.cuh"
#include "kernels/cuda/cuda_temporal_pipeline.cuh"
#include "kernels/cuda/cuda_temporal_rows.cuh"

namespace heatlab::cuda {
namespace {

constexpr int kColsPerLane = 4;
constexpr int kBandCols = kWarpSize * kColsPerLane;
constexpr int kTemporalWarps = 4;  // warps of a block, each a strip of its own
// Rows loaded ahead of the one being computed. One row's compute is shorter
// than a load's latency from memory; on the H200 two ahead and one ahead
// measured alike, and more only cost registers.
constexpr int kPrefetchRows = 2;

using Chunk = temporal::Chunk<kColsPerLane>;
// The row operations of cuda_temporal_rows.cuh, by their own names.
using namespace temporal;

// Streams one warp's strip. kEdges: the tile touches the ring or lies
// outside the field, so cells are tested for being interior and, for the
// insulated and extrapolated boundaries, ring cells derived at each level;
// most tiles touch neither and run without any of it.
template <int kLevels, bool kEdges>
__device__ __forceinline__ void streamStrip(const float* __restrict__ in, float* __restrict__ out,
                                            int nx, int ny, float r, Boundary boundary,
                                            const Tile& t) {
    const bool periodic = boundary == Boundary::Periodic;
    const bool derivedRing = boundary == Boundary::Insulated || boundary == Boundary::Extrapolate;
    const bool extrapolate = boundary == Boundary::Extrapolate;
    const bool interiorOnly = boundary == Boundary::Dirichlet;
    const bool bandHasRingColumn = derivedRing && temporal::holdsRingColumn<kColsPerLane>(t, nx);

    // window[l][0], window[l][1]: the two newest rows of level l, older
    // first. Rows before the stream's start hold 0 and only feed rows that
    // are not stored.
    Chunk window[kLevels + 1][2];
#pragma unroll
    for (int l = 0; l <= kLevels; ++l) {
#pragma unroll
        for (int j = 0; j < kColsPerLane; ++j) {
            window[l][0].v[j] = 0.0f;
            window[l][1].v[j] = 0.0f;
        }
    }
    // The next kPrefetchRows rows to load are in flight while the current
    // one is computed: one row's compute is shorter than a load's latency.
    Chunk ahead[kPrefetchRows];
#pragma unroll
    for (int i = 0; i < kPrefetchRows; ++i) {
        ahead[i] = loadRow<kColsPerLane>(in, nx, ny, t.firstLoaded + i, t.col0, periodic);
    }
    for (int loaded = t.firstLoaded; loaded <= t.lastLoaded; ++loaded) {
        // `produced`: the newest row of the level in hand, here level 0.
        Chunk produced = ahead[0];
#pragma unroll
        for (int i = 0; i + 1 < kPrefetchRows; ++i) {
            ahead[i] = ahead[i + 1];
        }
        // Near the stream's end the last row is loaded again (a cache hit)
        // rather than under a condition, which would wait for the load.
        ahead[kPrefetchRows - 1] = loadRow<kColsPerLane>(
            in, nx, ny, std::min(loaded + kPrefetchRows, t.lastLoaded), t.col0, periodic);
#pragma unroll
        for (int l = 1; l <= kLevels; ++l) {
            // Row `row` of level l, from rows row - 1 .. row + 1 of level
            // l - 1, the last of which was just produced.
            // An edge tile tests every cell, even on its interior rows: a
            // branch between the two forms, taken row by row, measured 11 %
            // slower at 2048 (the edge warps are the ones the wave waits for).
            const int row = loaded - l;
            Chunk y = stepRow<!kEdges, kColsPerLane>(window[l - 1][0], window[l - 1][1], produced,
                                                     row, t.col0, nx, ny, r);
            window[l - 1][0] = window[l - 1][1];
            window[l - 1][1] = produced;
            if (kEdges && derivedRing) {
                if (bandHasRingColumn) {
                    fixRingColumns(y, t.col0, nx, extrapolate);
                }
                if (row == ny - 1) {
                    y = ghostRow(window[l][1], window[l][0], ny, extrapolate);
                }
                if (row == 2) {
                    // Row 0 of this level is complete once row 2 is; it is
                    // read first as row 1's north at level l + 1, and stored
                    // only now at the last level.
                    window[l][0] = ghostRow(window[l][1], y, ny, extrapolate);
                    if (l == kLevels && t.firstRow == 0) {
                        storeRow(out, nx, ny, 0, t.col0, t.firstStoredCol, t.lastStoredCol,
                                 interiorOnly, window[l][0]);
                    }
                }
            }
            produced = y;
        }
        window[kLevels][0] = window[kLevels][1];
        window[kLevels][1] = produced;

        const int row = loaded - kLevels;
        const bool ringRowNotYetDerived = kEdges && derivedRing && row == 0;
        if (row >= t.firstRow && row <= t.lastRow && !ringRowNotYetDerived) {
            storeRow(out, nx, ny, row, t.col0, t.firstStoredCol, t.lastStoredCol, interiorOnly,
                     produced);
        }
    }
}

// kLevels steps from `in` to `out`. Launch assumption: blockDim.x ==
// kWarpSize * kTemporalWarps; blockIdx.x is the band, blockIdx.y *
// kTemporalWarps + warp the strip of stripRows output rows. Every early
// return and every branch around a shuffle is uniform across a warp.
template <int kLevels>
__global__ void __launch_bounds__(kWarpSize* kTemporalWarps)
    heatTemporalKernel(const float* __restrict__ in, float* __restrict__ out, int nx, int ny,
                       float r, Boundary boundary, int stripRows) {
    const int lane = static_cast<int>(threadIdx.x) % kWarpSize;
    const int warp = static_cast<int>(threadIdx.x) / kWarpSize;
    const int firstRow = (static_cast<int>(blockIdx.y) * kTemporalWarps + warp) * stripRows;
    if (firstRow >= ny) {
        return;
    }
    const Tile t = temporal::tileOf<kColsPerLane>(static_cast<int>(blockIdx.x), firstRow, stripRows,
                                                  kLevels, lane, nx, ny);
    if (temporal::insideField<kColsPerLane>(t, nx, ny) || boundary == Boundary::Periodic) {
        streamStrip<kLevels, false>(in, out, nx, ny, r, boundary, t);
    } else {
        streamStrip<kLevels, true>(in, out, nx, ny, r, boundary, t);
    }
}

// Rows a warp's strip stores. Short strips recompute more (2 x levels rows
// of overlap each) but give more warps. The launch is sized in whole waves
// of resident blocks: a second wave only a little full would double the
// time of a grid that fits in one (2048 x 2048 does), so the strips of a
// wave are as many as fit at once, and a tall grid takes as many waves as
// keep strips to about kStripRowsAim rows.
constexpr int kStripRowsAim = 128;

template <int kLevels>
int stripRowsFor(int nx, int ny) {
    // One device-wide wave; one device per process.
    static const int residentBlocks =
        fullWaveBlocks(heatTemporalKernel<kLevels>, kWarpSize * kTemporalWarps);
    const long long bands = (nx + (kBandCols - 2 * kLevels) - 1) / (kBandCols - 2 * kLevels);
    const long long stripsPerWave =
        std::max(1LL, residentBlocks / bands) * static_cast<long long>(kTemporalWarps);
    const long long waves =
        std::max(1LL, (ny + stripsPerWave * kStripRowsAim - 1) / (stripsPerWave * kStripRowsAim));
    const long long rows = (ny + stripsPerWave * waves - 1) / (stripsPerWave * waves);
    return static_cast<int>(std::max(rows, 2LL * kLevels));
}

template <int kLevels>
void launchLevels(const float* in, float* out, int nx, int ny, float r, Boundary boundary,
                  int stripRows, cudaStream_t stream) {
    if (stripRows <= 0) {
        stripRows = stripRowsFor<kLevels>(nx, ny);
    }
    const unsigned bands = ceilDiv(static_cast<std::size_t>(nx), kBandCols - 2 * kLevels);
    const std::size_t strips = ceilDiv(static_cast<std::size_t>(ny), stripRows);
    const dim3 grid =
        checkedGrid(bands, ceilDiv(strips, kTemporalWarps), nx, ny, "heatTemporalKernel");
    heatTemporalKernel<kLevels>
        <<<grid, kWarpSize * kTemporalWarps, 0, stream>>>(in, out, nx, ny, r, boundary, stripRows);
    CUDA_CHECK_LAUNCH("heatTemporalKernel");
}

}  // namespace

void launchHeatTemporal(const float* in, float* out, int nx, int ny, float r, Boundary boundary,
                        int levels, int stripRows, cudaStream_t stream) {
    switch (levels) {
    case 1: launchLevels<1>(in, out, nx, ny, r, boundary, stripRows, stream); return;
    case 2: launchLevels<2>(in, out, nx, ny, r, boundary, stripRows, stream); return;
    case 3: launchLevels<3>(in, out, nx, ny, r, boundary, stripRows, stream); return;
    case 4: launchLevels<4>(in, out, nx, ny, r, boundary, stripRows, stream); return;
    case 5: launchLevels<5>(in, out, nx, ny, r, boundary, stripRows, stream); return;
    case 6: launchLevels<6>(in, out, nx, ny, r, boundary, stripRows, stream); return;
    case 7: launchLevels<7>(in, out, nx, ny, r, boundary, stripRows, stream); return;
    case 8: launchLevels<8>(in, out, nx, ny, r, boundary, stripRows, stream); return;
    default:
        launchHeatTemporalPipeline(in, out, nx, ny, r, boundary, levels, stripRows, stream);
        return;
    }
}

}  // namespace heatlab::cuda
