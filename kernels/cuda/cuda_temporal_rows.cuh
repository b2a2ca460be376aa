#pragma once
// The row operations both temporal kernels are made of (cuda_temporal.cu,
// one warp a strip, and cuda_temporal_pipeline.cu, a block's warps as a
// pipeline in time): a lane holds kCols consecutive columns of a row, a
// warp 32 lanes of them, a band of 32 x kCols columns. Device code, for
// those two files only.
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
//                corner is the row ghost of two column ghosts); row 0 of a
//                level is complete only once its row 2 is
// A band's outer `levels` columns on each side and a strip's `levels` rows
// above and below are computed but not stored (they are only right for
// fewer levels), so neighbouring bands and strips overlap by that much and
// recompute it.

#include <algorithm>
#include <cstddef>

#include "kernels/cuda/cuda_launch.cuh"
#include "kernels/numerics/stencil.h"

namespace heatlab::cuda::temporal {

constexpr int kQuad = 4;  // columns of one float4

// A row's worth of one lane: columns col0 .. col0 + kCols - 1.
template <int kCols>
struct Chunk {
    static_assert(kCols % kQuad == 0, "a lane's columns are whole float4s");
    float v[kCols];
};

// Where a warp (or a block's warps together) works: the band's columns and
// the strip's rows, and this lane's first column.
struct Tile {
    int col0;            // the first column of this lane
    int bandCol0;        // the band's first column (lane 0's col0)
    int firstStoredCol;  // the columns the band stores
    int lastStoredCol;
    int firstRow;  // the rows the strip stores
    int lastRow;
    int firstLoaded;  // the rows streamed from memory
    int lastLoaded;
};

// The tile of band `band` and the strip whose first stored row is
// `firstRow`, for `levels` steps a pass. A ring column is derived from the
// two columns inside it, so those must be right at every level: a last
// band that would start at nx - 2 or nx - 1 computes from further left
// (storing only its own columns); likewise a strip holding a ring row
// streams from (or to) far enough to have the two rows inside it.
template <int kCols>
__device__ __forceinline__ Tile tileOf(int band, int firstRow, int stripRows, int levels, int lane,
                                       int nx, int ny) {
    constexpr int kBandCols = kWarpSize * kCols;
    Tile t;
    t.firstRow = firstRow;
    const int storedCols = kBandCols - 2 * levels;
    t.firstStoredCol = band * storedCols;
    t.lastStoredCol = t.firstStoredCol + storedCols - 1;
    t.bandCol0 = std::min(t.firstStoredCol, nx - 3) - levels;
    t.col0 = t.bandCol0 + lane * kCols;
    t.lastRow = std::min(firstRow + stripRows, ny) - 1;
    t.firstLoaded = std::min(firstRow, ny - 3) - levels;
    t.lastLoaded = std::max(t.lastRow, 2) + levels;
    return t;
}

// The tile needs none of the edge work: every cell it streams is interior.
template <int kCols>
__device__ __forceinline__ bool insideField(const Tile& t, int nx, int ny) {
    return t.bandCol0 >= 1 && t.bandCol0 + kWarpSize * kCols - 1 <= nx - 2 && t.firstLoaded >= 1 &&
           t.lastLoaded <= ny - 2;
}

// Some lane of the band holds ring column 0 or nx - 1.
template <int kCols>
__device__ __forceinline__ bool holdsRingColumn(const Tile& t, int nx) {
    const int end = t.bandCol0 + kWarpSize * kCols;
    return (t.bandCol0 <= 0 && 0 < end) || (t.bandCol0 <= nx - 1 && nx - 1 < end);
}

// Level 0 of extended row `row`: cells inside the field are read as they are
// (the ring holds its ghosts already); outside it they are the wrapped()
// cell (periodic; kernels/numerics/stencil.h) or 0 (never reaching a stored
// cell).
template <int kCols>
__device__ __forceinline__ Chunk<kCols> loadRow(const float* __restrict__ in, int nx, int ny,
                                                int row, int col0, bool periodic) {
    Chunk<kCols> c;
    const bool rowInside = row >= 0 && row < ny;
    if (!rowInside && !periodic) {
#pragma unroll
        for (int j = 0; j < kCols; ++j) {
            c.v[j] = 0.0f;
        }
        return c;
    }
    const int fieldRow = rowInside ? row : wrapped(row, ny);
    const float* rowIn = in + static_cast<std::size_t>(fieldRow) * static_cast<std::size_t>(nx);
    if (nx % kQuad == 0 && col0 % kQuad == 0 && col0 >= 0 && col0 + kCols - 1 < nx) {
#pragma unroll
        for (int q = 0; q < kCols / kQuad; ++q) {
            const float4 f = __ldg(reinterpret_cast<const float4*>(rowIn + col0 + q * kQuad));
            c.v[q * kQuad + 0] = f.x;
            c.v[q * kQuad + 1] = f.y;
            c.v[q * kQuad + 2] = f.z;
            c.v[q * kQuad + 3] = f.w;
        }
        return c;
    }
#pragma unroll
    for (int j = 0; j < kCols; ++j) {
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
template <int kCols>
__device__ __forceinline__ void fixRingColumns(Chunk<kCols>& y, int col0, int nx,
                                               bool extrapolate) {
    // wide[k + 2]: column col0 + k, for k = -2 .. kCols + 1, the outer ones
    // from the neighbouring lanes.
    float wide[kCols + 4];
    wide[0] = __shfl_up_sync(kFullWarp, y.v[kCols - 2], 1);
    wide[1] = __shfl_up_sync(kFullWarp, y.v[kCols - 1], 1);
#pragma unroll
    for (int j = 0; j < kCols; ++j) {
        wide[j + 2] = y.v[j];
    }
    wide[kCols + 2] = __shfl_down_sync(kFullWarp, y.v[0], 1);
    wide[kCols + 3] = __shfl_down_sync(kFullWarp, y.v[1], 1);
#pragma unroll
    for (int j = 0; j < kCols; ++j) {
        const int col = col0 + j;
        if (col == 0) {
            y.v[j] = ghostAlongAxis(wide[j + 3], wide[j + 4], nx - 2, extrapolate);
        } else if (col == nx - 1) {
            y.v[j] = ghostAlongAxis(wide[j + 1], wide[j], nx - 2, extrapolate);
        }
    }
}

template <int kCols>
__device__ __forceinline__ Chunk<kCols> ghostRow(const Chunk<kCols>& edge,
                                                 const Chunk<kCols>& inner, int ny,
                                                 bool extrapolate) {
    Chunk<kCols> g;
#pragma unroll
    for (int j = 0; j < kCols; ++j) {
        g.v[j] = ghostAlongAxis(edge.v[j], inner.v[j], ny - 2, extrapolate);
    }
    return g;
}

// One row of level l from the three newest rows of level l - 1. With
// kUpdateAll every cell is updated (periodic, or a tile of interior cells
// only: most of them); otherwise only the interior, the rest kept.
template <bool kUpdateAll, int kCols>
__device__ __forceinline__ Chunk<kCols> stepRow(const Chunk<kCols>& north,
                                                const Chunk<kCols>& centre,
                                                const Chunk<kCols>& south, int row, int col0,
                                                int nx, int ny, float r) {
    // West of the lane's first column and east of its last, from the
    // neighbouring lanes; lanes 0 and 31 get their own values back, which
    // only reach the band's outer columns, never stored.
    const float west = __shfl_up_sync(kFullWarp, centre.v[kCols - 1], 1);
    const float east = __shfl_down_sync(kFullWarp, centre.v[0], 1);
    const bool rowInterior = row >= 1 && row <= ny - 2;
    Chunk<kCols> y;
#pragma unroll
    for (int j = 0; j < kCols; ++j) {
        const int col = col0 + j;
        const float w = (j == 0) ? west : centre.v[j - 1];
        const float e = (j == kCols - 1) ? east : centre.v[j + 1];
        const float next = heatUpdate(centre.v[j], w, e, north.v[j], south.v[j], r);
        y.v[j] = (kUpdateAll || (rowInterior && col >= 1 && col <= nx - 2)) ? next : centre.v[j];
    }
    return y;
}

// Stores the columns of a row that this band owns: [firstCol, lastCol], and
// of them only the interior when `interiorOnly` (a Dirichlet ring is data
// both buffers already hold).
template <int kCols>
__device__ __forceinline__ void storeRow(float* __restrict__ out, int nx, int ny, int row, int col0,
                                         int firstCol, int lastCol, bool interiorOnly,
                                         const Chunk<kCols>& y) {
    if (row < 0 || row >= ny || (interiorOnly && (row == 0 || row == ny - 1))) {
        return;
    }
    const int lo = interiorOnly ? std::max(firstCol, 1) : std::max(firstCol, 0);
    const int hi = interiorOnly ? std::min(lastCol, nx - 2) : std::min(lastCol, nx - 1);
    float* rowOut = out + static_cast<std::size_t>(row) * static_cast<std::size_t>(nx);
#pragma unroll
    for (int q = 0; q < kCols / kQuad; ++q) {
        const int c0 = col0 + q * kQuad;
        if (nx % kQuad == 0 && c0 % kQuad == 0 && c0 >= lo && c0 + kQuad - 1 <= hi) {
            *reinterpret_cast<float4*>(rowOut + c0) = make_float4(
                y.v[q * kQuad], y.v[q * kQuad + 1], y.v[q * kQuad + 2], y.v[q * kQuad + 3]);
            continue;
        }
#pragma unroll
        for (int j = 0; j < kQuad; ++j) {
            const int col = c0 + j;
            if (col >= lo && col <= hi) {
                rowOut[col] = y.v[q * kQuad + j];
            }
        }
    }
}

}  // namespace heatlab::cuda::temporal
