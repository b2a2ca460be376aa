// The temporal kernel's deep passes (9 .. kTimeBlockMax steps): a block's
// warps as a pipeline in time. A block owns a band of 256 columns (lane l
// of every warp holds columns 8l .. 8l + 7 of it) and a strip of rows, and
// streams down the strip one row a tick. Warp 0 loads a row of the field
// (level 0) and computes levels 1 .. L of the rows above it, each from the
// three newest rows of the level below, kept in registers; it hands its
// level-L row to warp 1 through shared memory, which computes levels
// L + 1 .. 2L, and so on; the last warp stores level `levels`. So each warp
// holds the windows of L levels only (a deep pass's registers are spread
// over the block), horizontal neighbours come by warp shuffles, and shared
// memory is touched twice a cell at each warp boundary (one word written,
// one read) for L updates. One barrier a tick: a warp reads at tick t what
// the warp before it wrote at tick t - 1, from the half of a double buffer
// not being written. A warp whose input level came through shared memory
// derives that level's ring row 0 again when its row 2 arrives, as the
// warp that made the level did. The row operations, the numerics and the
// overlap between tiles: cuda_temporal_rows.cuh.
//
// Measured slower than the one-warp-a-strip kernel at 8 steps (H100,
// 2026-12-07, kernels/NOTEBOOK.md): a tick is one row's 8 updates a lane
// between two barriers, too little work to hide the barrier and the
// shared-memory hand-off. Kept for the depths that kernel cannot reach.

#include "kernels/cuda/cuda_temporal_pipeline.cuh"

#include <algorithm>
#include <string>

#include "kernels/base/errors.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_launch.cuh"
#include "kernels/cuda/cuda_temporal_rows.cuh"

namespace heatlab::cuda {
namespace {

constexpr int kColsPerLane = 8;
constexpr int kHalfCols = kColsPerLane / 2;  // one float4
constexpr int kBandCols = kWarpSize * kColsPerLane;
// Threads an SM should keep resident: the register budget follows from it
// (65536 / 512 = 128 a thread), enough for the windows of two levels at
// eight columns a lane, and four warps a scheduler.
constexpr int kResidentThreadsAim = 512;
// Rows a strip stores, aimed at: its overlap (2 x levels rows) and the
// pipeline's fill (a tick a warp) are recomputed once a strip.
constexpr int kStripRowsAim = 512;

using Chunk = temporal::Chunk<kColsPerLane>;
// The row operations of cuda_temporal_rows.cuh, by their own names.
using namespace temporal;

// Ring slot of a row: rows are kept in three slots each level, the slot
// given by the tick that made the row, so the rotation is in the unrolled
// code and costs no moves.
__host__ __device__ constexpr int slotOf(int k) { return ((k % 3) + 3) % 3; }

// The rows handed from one warp to the next: [boundary][tick parity][half]
// [lane], each lane's eight columns as two float4s, so that a warp's stores
// and loads touch consecutive words (no bank conflict).
template <int kWarps>
using Handoff = float4[kWarps > 1 ? kWarps - 1 : 1][2][2][kWarpSize];

// What stays fixed over a warp's stream.
struct StreamContext {
    const float* __restrict__ in;
    float* __restrict__ out;
    int nx;
    int ny;
    float r;
    bool periodic;
    bool derivedRing;  // insulated or extrapolate: ring rows and columns derived a level
    bool extrapolate;
    bool interiorOnly;  // Dirichlet: only the interior is stored
    bool bandHasRingColumn;
    int warp;
};

// One tick of one warp: take the input row (loaded, or handed over), compute
// kLevelsPerWarp levels, hand the newest on or store it. kPhase is the
// tick's place in the three-slot rotation (tick % 3), fixed by unrolling.
template <int kWarps, int kLevelsPerWarp, bool kEdges, int kPhase>
__device__ __forceinline__ void tick(const StreamContext& s, const Tile& t, int tickIndex,
                                     Chunk (&ring)[kLevelsPerWarp + 1][3], Chunk (&ahead)[2],
                                     Handoff<kWarps>& handoff) {
    constexpr int kLevels = kWarps * kLevelsPerWarp;
    const int lane = static_cast<int>(threadIdx.x) % kWarpSize;
    // This warp's input row (at level warp * kLevelsPerWarp): warp w is w
    // ticks behind warp 0 and kLevelsPerWarp rows higher a warp.
    const int age = tickIndex - s.warp;
    const int x = t.firstLoaded + age - s.warp * kLevelsPerWarp;
    if (age < 0 || age > t.lastLoaded - t.firstLoaded) {
        return;  // the pipeline filling or draining: nothing for this warp
    }
    Chunk& input = ring[0][slotOf(kPhase)];
    if (s.warp == 0) {
        input = ahead[0];
        ahead[0] = ahead[1];
        // Near the stream's end the last row is loaded again (a cache hit)
        // rather than under a condition, which would wait for the load.
        ahead[1] = loadRow<kColsPerLane>(s.in, s.nx, s.ny, std::min(x + 2, t.lastLoaded), t.col0,
                                         s.periodic);
    } else {
#pragma unroll
        for (int h = 0; h < 2; ++h) {
            const float4 q = handoff[s.warp - 1][(tickIndex - 1) & 1][h][lane];
            input.v[h * kHalfCols + 0] = q.x;
            input.v[h * kHalfCols + 1] = q.y;
            input.v[h * kHalfCols + 2] = q.z;
            input.v[h * kHalfCols + 3] = q.w;
        }
        if (kEdges && s.derivedRing && x == 2) {
            ring[0][slotOf(kPhase + 1)] =
                ghostRow(ring[0][slotOf(kPhase + 2)], input, s.ny, s.extrapolate);
        }
    }
#pragma unroll
    for (int i = 1; i <= kLevelsPerWarp; ++i) {
        // Row x - i of level i (of this warp's), from rows x - i - 1 ..
        // x - i + 1 of level i - 1, the last of which came this tick.
        // An edge tile tests every cell, even on its interior rows: a branch
        // between the two forms, taken row by row, measured slower (the edge
        // tiles are the ones a wave waits for).
        const int row = x - i;
        Chunk y = stepRow<!kEdges, kColsPerLane>(
            ring[i - 1][slotOf(kPhase - i - 1)], ring[i - 1][slotOf(kPhase - i)],
            ring[i - 1][slotOf(kPhase - i + 1)], row, t.col0, s.nx, s.ny, s.r);
        if (kEdges && s.derivedRing) {
            if (s.bandHasRingColumn) {
                fixRingColumns(y, t.col0, s.nx, s.extrapolate);
            }
            if (row == s.ny - 1) {
                y = ghostRow(ring[i][slotOf(kPhase - i - 1)], ring[i][slotOf(kPhase - i + 1)], s.ny,
                             s.extrapolate);
            }
            if (row == 2) {
                // Row 0 of this level is complete once row 2 is; it is read
                // first as row 1's north at the level above, and stored only
                // now at the last level.
                Chunk& row0 = ring[i][slotOf(kPhase - i + 1)];
                row0 = ghostRow(ring[i][slotOf(kPhase - i - 1)], y, s.ny, s.extrapolate);
                if (s.warp == kWarps - 1 && i == kLevelsPerWarp && t.firstRow == 0) {
                    storeRow(s.out, s.nx, s.ny, 0, t.col0, t.firstStoredCol, t.lastStoredCol,
                             s.interiorOnly, row0);
                }
            }
        }
        ring[i][slotOf(kPhase - i)] = y;
    }
    const Chunk& newest = ring[kLevelsPerWarp][slotOf(kPhase - kLevelsPerWarp)];
    if (s.warp < kWarps - 1) {
#pragma unroll
        for (int h = 0; h < 2; ++h) {
            handoff[s.warp][tickIndex & 1][h][lane] =
                make_float4(newest.v[h * kHalfCols], newest.v[h * kHalfCols + 1],
                            newest.v[h * kHalfCols + 2], newest.v[h * kHalfCols + 3]);
        }
        return;
    }
    const int row = x - kLevelsPerWarp;
    static_assert(kLevels >= 1, "a pass is at least one step");
    const bool ringRowNotYetDerived = kEdges && s.derivedRing && row == 0;
    if (row >= t.firstRow && row <= t.lastRow && !ringRowNotYetDerived) {
        storeRow(s.out, s.nx, s.ny, row, t.col0, t.firstStoredCol, t.lastStoredCol, s.interiorOnly,
                 newest);
    }
}

// Streams one block's strip. kEdges: the tile touches the ring or lies
// outside the field, so cells are tested for being interior and, for the
// insulated and extrapolated boundaries, ring cells derived at each level;
// most tiles touch neither and run without any of it.
template <int kWarps, int kLevelsPerWarp, bool kEdges>
__device__ __forceinline__ void streamStrip(const StreamContext& s, const Tile& t,
                                            Handoff<kWarps>& handoff) {
    // ring[i][slot]: rows of level i of this warp's (0: its input), three
    // slots a level. Rows before the stream's start hold 0 and only feed
    // rows that are not stored.
    Chunk ring[kLevelsPerWarp + 1][3];
#pragma unroll
    for (int i = 0; i <= kLevelsPerWarp; ++i) {
#pragma unroll
        for (int k = 0; k < 3; ++k) {
#pragma unroll
            for (int j = 0; j < kColsPerLane; ++j) {
                ring[i][k].v[j] = 0.0f;
            }
        }
    }
    // Warp 0's next two rows are in flight while the current one is computed:
    // one row's compute is shorter than a load's latency.
    Chunk ahead[2];
    if (s.warp == 0) {
        ahead[0] = loadRow<kColsPerLane>(s.in, s.nx, s.ny, t.firstLoaded, t.col0, s.periodic);
        ahead[1] = loadRow<kColsPerLane>(
            s.in, s.nx, s.ny, std::min(t.firstLoaded + 1, t.lastLoaded), t.col0, s.periodic);
    }
    // Every warp runs every tick (the barrier is the block's), the last
    // warp's last row kWarps - 1 ticks after warp 0's.
    const int ticks = (t.lastLoaded - t.firstLoaded + 1) + kWarps - 1;
    for (int t0 = 0; t0 < ticks; t0 += 3) {
        tick<kWarps, kLevelsPerWarp, kEdges, 0>(s, t, t0, ring, ahead, handoff);
        __syncthreads();
        tick<kWarps, kLevelsPerWarp, kEdges, 1>(s, t, t0 + 1, ring, ahead, handoff);
        __syncthreads();
        tick<kWarps, kLevelsPerWarp, kEdges, 2>(s, t, t0 + 2, ring, ahead, handoff);
        __syncthreads();
    }
}

constexpr int minBlocksFor(int threads) {
    return threads >= kResidentThreadsAim ? 1 : kResidentThreadsAim / threads;
}

// kWarps * kLevelsPerWarp steps from `in` to `out`. Launch assumption:
// blockDim.x == kWarpSize * kWarps; blockIdx.x is the band, blockIdx.y the
// strip of stripRows output rows. Every early return and every branch
// around a shuffle is uniform across a warp, and around a barrier across
// the block.
template <int kWarps, int kLevelsPerWarp>
__global__ void __launch_bounds__(kWarpSize* kWarps, minBlocksFor(kWarpSize* kWarps))
    heatTemporalPipelineKernel(const float* __restrict__ in, float* __restrict__ out, int nx,
                               int ny, float r, Boundary boundary, int stripRows) {
    constexpr int kLevels = kWarps * kLevelsPerWarp;
    __shared__ Handoff<kWarps> handoff;
    const int lane = static_cast<int>(threadIdx.x) % kWarpSize;
    const int firstRow = static_cast<int>(blockIdx.y) * stripRows;
    if (firstRow >= ny) {
        return;
    }
    const Tile t = temporal::tileOf<kColsPerLane>(static_cast<int>(blockIdx.x), firstRow, stripRows,
                                                  kLevels, lane, nx, ny);

    StreamContext s{in,
                    out,
                    nx,
                    ny,
                    r,
                    boundary == Boundary::Periodic,
                    false,
                    false,
                    boundary == Boundary::Dirichlet,
                    false,
                    static_cast<int>(threadIdx.x) / kWarpSize};
    s.derivedRing = boundary == Boundary::Insulated || boundary == Boundary::Extrapolate;
    s.extrapolate = boundary == Boundary::Extrapolate;
    s.bandHasRingColumn = s.derivedRing && temporal::holdsRingColumn<kColsPerLane>(t, nx);
    if (temporal::insideField<kColsPerLane>(t, nx, ny) || s.periodic) {
        streamStrip<kWarps, kLevelsPerWarp, false>(s, t, handoff);
    } else {
        streamStrip<kWarps, kLevelsPerWarp, true>(s, t, handoff);
    }
}

// Rows a strip stores. The launch is sized in whole waves of resident
// blocks: a second wave only a little full would double the time of a grid
// that fits in one, so the strips of a wave are as many as fit at once, and
// a tall grid takes as many waves as keep strips to about kStripRowsAim rows.
template <int kWarps, int kLevelsPerWarp>
int stripRowsFor(int nx, int ny) {
    constexpr int kLevels = kWarps * kLevelsPerWarp;
    // One device-wide wave; one device per process.
    static const int residentBlocks =
        fullWaveBlocks(heatTemporalPipelineKernel<kWarps, kLevelsPerWarp>, kWarpSize * kWarps);
    const long long bands = (nx + (kBandCols - 2 * kLevels) - 1) / (kBandCols - 2 * kLevels);
    const long long stripsPerWave = std::max(1LL, residentBlocks / bands);
    const long long waves =
        std::max(1LL, (ny + stripsPerWave * kStripRowsAim - 1) / (stripsPerWave * kStripRowsAim));
    const long long rows = (ny + stripsPerWave * waves - 1) / (stripsPerWave * waves);
    return static_cast<int>(std::max(rows, 2LL * kLevels));
}

template <int kWarps, int kLevelsPerWarp>
void launchPipeline(const float* in, float* out, int nx, int ny, float r, Boundary boundary,
                    int stripRows, cudaStream_t stream) {
    constexpr int kLevels = kWarps * kLevelsPerWarp;
    if (stripRows <= 0) {
        stripRows = stripRowsFor<kWarps, kLevelsPerWarp>(nx, ny);
    }
    const unsigned bands = ceilDiv(static_cast<std::size_t>(nx), kBandCols - 2 * kLevels);
    const std::size_t strips = ceilDiv(static_cast<std::size_t>(ny), stripRows);
    const dim3 grid = checkedGrid(bands, strips, nx, ny, "heatTemporalPipelineKernel");
    heatTemporalPipelineKernel<kWarps, kLevelsPerWarp>
        <<<grid, kWarpSize * kWarps, 0, stream>>>(in, out, nx, ny, r, boundary, stripRows);
    CUDA_CHECK_LAUNCH("heatTemporalPipelineKernel");
}

}  // namespace

// Depth -> <warps, levels a warp>: two levels a warp where the depth is
// even (fewer warps to fill the pipeline with, at the registers of two
// windows), otherwise one a warp. Three a warp spill past 128 registers.
void launchHeatTemporalPipeline(const float* in, float* out, int nx, int ny, float r,
                                Boundary boundary, int levels, int stripRows, cudaStream_t stream) {
    switch (levels) {
    case 9: launchPipeline<9, 1>(in, out, nx, ny, r, boundary, stripRows, stream); return;
    case 10: launchPipeline<5, 2>(in, out, nx, ny, r, boundary, stripRows, stream); return;
    case 11: launchPipeline<11, 1>(in, out, nx, ny, r, boundary, stripRows, stream); return;
    case 12: launchPipeline<6, 2>(in, out, nx, ny, r, boundary, stripRows, stream); return;
    case 13: launchPipeline<13, 1>(in, out, nx, ny, r, boundary, stripRows, stream); return;
    case 14: launchPipeline<7, 2>(in, out, nx, ny, r, boundary, stripRows, stream); return;
    case 15: launchPipeline<15, 1>(in, out, nx, ny, r, boundary, stripRows, stream); return;
    case 16: launchPipeline<8, 2>(in, out, nx, ny, r, boundary, stripRows, stream); return;
    default:
        throw RuntimeError("heatTemporalKernel: " + std::to_string(levels) +
                           " steps a pass is outside 1 .. " + std::to_string(kTimeBlockMax));
    }
}

}  // namespace heatlab::cuda
