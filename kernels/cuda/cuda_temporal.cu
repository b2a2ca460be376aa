// The temporal-blocked kernel: `levels` steps per pass over device memory.
// A single step must read and write the whole grid, so it can at best match
// the copy floor; this kernel reads and writes the grid once for several
// steps and keeps the steps in between in registers.
//
// Shape. Each warp owns a band of kBandCols columns (lane l holds columns
// 4l .. 4l + 3 of it) and a strip of rows, and streams down the strip one row
// at a time. For every row it loads (level 0) it computes level 1 of the row
// above, level 2 of the row above that, ... level `levels` of the row
// `levels` above, each from the three newest rows of the level below, kept
// in registers. Nothing is shared between warps: no shared memory, no
// barriers. The price is overlap: a band's outer `levels` columns on each
// side and a strip's `levels` rows above and below are computed but not
// stored (they are only right for fewer levels), so neighbouring bands and
// strips overlap by that much and recompute it.
//
// Numerics. Every interior cell of every level is heatUpdate() of the same
// five operands in the same order as one step of the single-step kernels,
// and the ring of every level is derived from that level's interior by the
// same ghost rule as their ring fill, so after N steps the field is the
// same, bit for bit. How each boundary gets its ring at each level:
//   dirichlet    the ring is data: ring cells keep their value
//   periodic     a ring cell is the interior cell one period away, so cells
//                outside the field are loaded from there (wrapped) and every
//                cell is updated like an interior cell: a translated cell
//                has the same operands in the same order
//   insulated,   after each level's interior, the ring columns and then the
//   extrapolate  ring rows are rewritten from it (ghostValue()'s order: a
//                corner is the row ghost of two column ghosts)

#include "kernels/cuda/cuda_temporal.cuh"

#include <algorithm>
#include <string>

#include "kernels/base/errors.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_launch.cuh"
#include "kernels/numerics/stencil.h"

namespace heatlab::cuda {
namespace {

constexpr int kColsPerLane = 4;
constexpr int kBandCols = kWarpSize * kColsPerLane;
constexpr int kTemporalWarps = 4;  // warps of a block, each a strip of its own
// Rows loaded ahead of the one being computed. One row's compute is shorter
// than a load's latency from memory; on the H200 two ahead and one ahead
// measured alike, and more only cost registers.
constexpr int kPrefetchRows = 2;

// A row's worth of one lane: columns col0 .. col0 + 3.
struct Chunk {
    float v[kColsPerLane];
};

// Level 0 of extended row `row`: cells inside the field are read as they are
// (the ring holds its ghosts already); outside it they are the wrapped()
// cell (periodic; kernels/numerics/stencil.h) or 0 (never reaching a stored
// cell, see the file comment).
__device__ __forceinline__ Chunk loadRow(const float* __restrict__ in, int nx, int ny, int row,
                                         int col0, bool periodic) {
    Chunk c;
    const bool rowInside = row >= 0 && row < ny;
    if (!rowInside && !periodic) {
#pragma unroll
        for (int j = 0; j < kColsPerLane; ++j) {
            c.v[j] = 0.0f;
        }
        return c;
    }
    const int fieldRow = rowInside ? row : wrapped(row, ny);
    const float* rowIn = in + static_cast<std::size_t>(fieldRow) * static_cast<std::size_t>(nx);
    if (nx % 4 == 0 && col0 % 4 == 0 && col0 >= 0 && col0 + 3 < nx) {
        const float4 q = __ldg(reinterpret_cast<const float4*>(rowIn + col0));
        c.v[0] = q.x;
        c.v[1] = q.y;
        c.v[2] = q.z;
        c.v[3] = q.w;
        return c;
    }
#pragma unroll
    for (int j = 0; j < kColsPerLane; ++j) {
        const int col = col0 + j;
        if (col >= 0 && col < nx) {
            c.v[j] = __ldg(rowIn + col);
        } else {
            c.v[j] = periodic ? __ldg(rowIn + wrapped(col, nx)) : 0.0f;
        }
    }
    return c;
}

// Rewrites the ring columns (0 and nx - 1) of one row of a level from the
// row's interior. Called by the whole warp (it shuffles); only bands that
// hold a ring column call it.
__device__ __forceinline__ void fixRingColumns(Chunk& y, int col0, int nx, bool extrapolate) {
    // The values one and two columns east and west of each of this lane's.
    const float east0 = __shfl_down_sync(kFullWarp, y.v[0], 1);
    const float east1 = __shfl_down_sync(kFullWarp, y.v[1], 1);
    const float west3 = __shfl_up_sync(kFullWarp, y.v[3], 1);
    const float west2 = __shfl_up_sync(kFullWarp, y.v[2], 1);
    const float plus1[kColsPerLane] = {y.v[1], y.v[2], y.v[3], east0};
    const float plus2[kColsPerLane] = {y.v[2], y.v[3], east0, east1};
    const float minus1[kColsPerLane] = {west3, y.v[0], y.v[1], y.v[2]};
    const float minus2[kColsPerLane] = {west2, west3, y.v[0], y.v[1]};
#pragma unroll
    for (int j = 0; j < kColsPerLane; ++j) {
        const int col = col0 + j;
        if (col == 0) {
            y.v[j] = ghostAlongAxis(plus1[j], plus2[j], nx - 2, extrapolate);
        } else if (col == nx - 1) {
            y.v[j] = ghostAlongAxis(minus1[j], minus2[j], nx - 2, extrapolate);
        }
    }
}

__device__ __forceinline__ Chunk ghostRow(const Chunk& edge, const Chunk& inner, int ny,
                                          bool extrapolate) {
    Chunk g;
#pragma unroll
    for (int j = 0; j < kColsPerLane; ++j) {
        g.v[j] = ghostAlongAxis(edge.v[j], inner.v[j], ny - 2, extrapolate);
    }
    return g;
}

// One row of level l from the three newest rows of level l - 1. With
// kUpdateAll every cell is updated (periodic, or a tile of interior cells
// only: most of them); otherwise only the interior, the rest kept.
template <bool kUpdateAll>
__device__ __forceinline__ Chunk stepRow(const Chunk& north, const Chunk& centre,
                                         const Chunk& south, int row, int col0, int nx, int ny,
                                         float r) {
    // West of the lane's first column and east of its last, from the
    // neighbouring lanes; lanes 0 and 31 get their own values back, which
    // only reach the band's outer columns, never stored.
    const float west = __shfl_up_sync(kFullWarp, centre.v[kColsPerLane - 1], 1);
    const float east = __shfl_down_sync(kFullWarp, centre.v[0], 1);
    const bool rowInterior = row >= 1 && row <= ny - 2;
    Chunk y;
#pragma unroll
    for (int j = 0; j < kColsPerLane; ++j) {
        const int col = col0 + j;
        const float w = (j == 0) ? west : centre.v[j - 1];
        const float e = (j == kColsPerLane - 1) ? east : centre.v[j + 1];
        const float next = heatUpdate(centre.v[j], w, e, north.v[j], south.v[j], r);
        y.v[j] = (kUpdateAll || (rowInterior && col >= 1 && col <= nx - 2)) ? next : centre.v[j];
    }
    return y;
}

// Stores the columns of a row that this band owns: [firstCol, lastCol], and
// of them only the interior when `interiorOnly` (a Dirichlet ring is data
// both buffers already hold).
__device__ __forceinline__ void storeRow(float* __restrict__ out, int nx, int ny, int row, int col0,
                                         int firstCol, int lastCol, bool interiorOnly,
                                         const Chunk& y) {
    if (row < 0 || row >= ny || (interiorOnly && (row == 0 || row == ny - 1))) {
        return;
    }
    const int lo = interiorOnly ? std::max(firstCol, 1) : std::max(firstCol, 0);
    const int hi = interiorOnly ? std::min(lastCol, nx - 2) : std::min(lastCol, nx - 1);
    float* rowOut = out + static_cast<std::size_t>(row) * static_cast<std::size_t>(nx);
    if (nx % 4 == 0 && col0 % 4 == 0 && col0 >= lo && col0 + 3 <= hi) {
        *reinterpret_cast<float4*>(rowOut + col0) = make_float4(y.v[0], y.v[1], y.v[2], y.v[3]);
        return;
    }
#pragma unroll
    for (int j = 0; j < kColsPerLane; ++j) {
        const int col = col0 + j;
        if (col >= lo && col <= hi) {
            rowOut[col] = y.v[j];
        }
    }
}

// Where one warp works: its band's columns and its strip's rows.
struct WarpTile {
    int col0;            // the first column of this lane
    int bandCol0;        // the band's first column (lane 0's col0)
    int firstStoredCol;  // the columns the band stores
    int lastStoredCol;
    int firstRow;  // the rows the strip stores
    int lastRow;
    int firstLoaded;  // the rows it streams
    int lastLoaded;
};

// Streams one warp's strip. kEdges: the tile touches the ring or lies
// outside the field, so cells are tested for being interior and, for the
// insulated and extrapolated boundaries, ring cells derived at each level;
// most tiles touch neither and run without any of it.
template <int kLevels, bool kEdges>
__device__ __forceinline__ void streamStrip(const float* __restrict__ in, float* __restrict__ out,
                                            int nx, int ny, float r, Boundary boundary,
                                            const WarpTile& t) {
    const bool periodic = boundary == Boundary::Periodic;
    const bool derivedRing = boundary == Boundary::Insulated || boundary == Boundary::Extrapolate;
    const bool extrapolate = boundary == Boundary::Extrapolate;
    const bool interiorOnly = boundary == Boundary::Dirichlet;
    const bool bandHasRingColumn =
        derivedRing && ((t.bandCol0 <= 0 && 0 < t.bandCol0 + kBandCols) ||
                        (t.bandCol0 <= nx - 1 && nx - 1 < t.bandCol0 + kBandCols));

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
        ahead[i] = loadRow(in, nx, ny, t.firstLoaded + i, t.col0, periodic);
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
        ahead[kPrefetchRows - 1] =
            loadRow(in, nx, ny, std::min(loaded + kPrefetchRows, t.lastLoaded), t.col0, periodic);
#pragma unroll
        for (int l = 1; l <= kLevels; ++l) {
            // Row `row` of level l, from rows row - 1 .. row + 1 of level
            // l - 1, the last of which was just produced.
            // An edge tile tests every cell, even on its interior rows: a
            // branch between the two forms, taken row by row, measured 11 %
            // slower at 2048 (the edge warps are the ones the wave waits for).
            const int row = loaded - l;
            Chunk y = stepRow<!kEdges>(window[l - 1][0], window[l - 1][1], produced, row, t.col0,
                                       nx, ny, r);
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
    WarpTile t;
    t.firstRow = (static_cast<int>(blockIdx.y) * kTemporalWarps + warp) * stripRows;
    if (t.firstRow >= ny) {
        return;
    }
    const int storedCols = kBandCols - 2 * kLevels;
    t.firstStoredCol = static_cast<int>(blockIdx.x) * storedCols;
    t.lastStoredCol = t.firstStoredCol + storedCols - 1;
    // A ring column is derived from the two columns inside it, so those
    // must be right at every level: a last band that would start at nx - 2
    // or nx - 1 computes from further left (storing only its own columns).
    t.bandCol0 = std::min(t.firstStoredCol, nx - 3) - kLevels;
    t.col0 = t.bandCol0 + lane * kColsPerLane;
    t.lastRow = std::min(t.firstRow + stripRows, ny) - 1;
    // As for the columns: a ring row is derived from the two rows inside it,
    // so a strip holding one streams from (or to) far enough to have them.
    t.firstLoaded = std::min(t.firstRow, ny - 3) - kLevels;
    t.lastLoaded = std::max(t.lastRow, 2) + kLevels;

    const bool inside = t.bandCol0 >= 1 && t.bandCol0 + kBandCols - 1 <= nx - 2 &&
                        t.firstLoaded >= 1 && t.lastLoaded <= ny - 2;
    if (inside || boundary == Boundary::Periodic) {
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
        throw RuntimeError("heatTemporalKernel: " + std::to_string(levels) +
                           " steps a pass is outside 1 .. " + std::to_string(kTimeBlockMax));
    }
}

}  // namespace heatlab::cuda
