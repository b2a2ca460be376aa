// The optimised single step: the fastest correct one-step kernel of the
// lesson, in a file of its own because it is the one that gets tuned.

#include "kernels/cuda/cuda_optimised.cuh"

#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_launch.cuh"
#include "kernels/numerics/stencil.h"

namespace heatlab::cuda {
namespace {

// Optimised: blocks of 32 x 8 threads; each warp owns a horizontal strip of
// kOptRowsPerThread rows, each lane 4 (vector) or 1 (scalar) columns of it.
// Warps of a block are stacked vertically, so the row a warp loads as its
// bottom neighbour is the next warp's first row: often an L1 hit.
constexpr int kOptWarps = 8;
constexpr int kOptRowsPerThread = 8;

// One chunk: kWidth consecutive floats of a row. The vector load needs the
// address 16-byte aligned, which the launcher guarantees for kWidth == 4.
template <int kWidth>
__device__ __forceinline__ void loadChunk(const float* p, float (&v)[kWidth]) {
    if constexpr (kWidth == 4) {
        const float4 q = __ldg(reinterpret_cast<const float4*>(p));
        v[0] = q.x;
        v[1] = q.y;
        v[2] = q.z;
        v[3] = q.w;
    } else {
        v[0] = __ldg(p);
    }
}

// Stores the interior columns of a chunk: one 16-byte store when the whole
// chunk is interior, otherwise cell by cell, so the ring is never written.
template <int kWidth>
__device__ __forceinline__ void storeInteriorChunk(float* rowOut, int col0, int nx,
                                                   const float (&v)[kWidth]) {
    if constexpr (kWidth == 4) {
        if (col0 >= 1 && col0 + 3 <= nx - 2) {
            *reinterpret_cast<float4*>(rowOut + col0) = make_float4(v[0], v[1], v[2], v[3]);
            return;
        }
    }
#pragma unroll
    for (int j = 0; j < kWidth; ++j) {
        const int col = col0 + j;
        if (col >= 1 && col <= nx - 2) {
            rowOut[col] = v[j];
        }
    }
}

// The optimised single step. Lane l of a warp owns columns [col0, col0 +
// kWidth) of kOptRowsPerThread consecutive interior rows. It loads those rows
// plus one above and one below into registers before computing anything, so
// all of a thread's loads are in flight at once. North and south come from
// that window; west and east of the chunk come from the neighbouring lanes
// by shuffle, and only lanes 0 and 31 read them from memory (the adjacent
// warp's columns, usually an L2 hit). Global traffic per cell: one read of
// the centre row plus 2 / kOptRowsPerThread rows of halo, one write.
//
// Launch assumption: blockDim == (32, kOptWarps); gridDim.x covers
// ceil(nx / kWidth) chunks, gridDim.y covers ny - 2 rows in strips of
// kOptRowsPerThread per warp. kWidth == 4 needs nx % 4 == 0 and 16-byte
// aligned in/out. The shuffles need all 32 lanes: lanes past the row end
// stay in (loading nothing, storing nothing), and the only early return
// depends on the row strip, which a whole warp shares.
template <int kWidth>
__global__ void __launch_bounds__(kWarpSize* kOptWarps)
    heatOptimisedKernel(const float* __restrict__ in, float* __restrict__ out, int nx, int ny,
                        float r) {
    constexpr int kRows = kOptRowsPerThread;
    const int lane = static_cast<int>(threadIdx.x);
    const int col0 = (static_cast<int>(blockIdx.x) * kWarpSize + lane) * kWidth;
    const int row0 =
        1 + (static_cast<int>(blockIdx.y) * kOptWarps + static_cast<int>(threadIdx.y)) * kRows;
    if (row0 > ny - 2) {
        return;
    }
    const bool inField = col0 < nx;
    const std::size_t stride = static_cast<std::size_t>(nx);

    // window[i] is row row0 - 1 + i; rows past the field read as 0 and are
    // never stored.
    float window[kRows + 2][kWidth];
#pragma unroll
    for (int i = 0; i < kRows + 2; ++i) {
        const int row = row0 - 1 + i;
        if (inField && row < ny) {
            loadChunk<kWidth>(in + static_cast<std::size_t>(row) * stride + col0, window[i]);
        } else {
#pragma unroll
            for (int j = 0; j < kWidth; ++j) {
                window[i][j] = 0.0f;
            }
        }
    }
    // The warp's outer neighbours, loaded up front too so no row waits on
    // them. Lane 0 of chunk 0 and lane 31 at the row end need none.
    float westOfWarp[kRows];
    float eastOfWarp[kRows];
#pragma unroll
    for (int i = 0; i < kRows; ++i) {
        const int row = row0 + i;
        const float* rowIn = in + static_cast<std::size_t>(row) * stride;
        westOfWarp[i] = 0.0f;
        eastOfWarp[i] = 0.0f;
        if (row <= ny - 2) {
            if (lane == 0 && inField && col0 >= 1) {
                westOfWarp[i] = __ldg(rowIn + col0 - 1);
            }
            if (lane == kWarpSize - 1 && col0 + kWidth < nx) {
                eastOfWarp[i] = __ldg(rowIn + col0 + kWidth);
            }
        }
    }

#pragma unroll
    for (int i = 0; i < kRows; ++i) {
        const int row = row0 + i;
        const float(&north)[kWidth] = window[i];
        const float(&centre)[kWidth] = window[i + 1];
        const float(&south)[kWidth] = window[i + 2];
        // Lane l - 1 holds the chunk to the west, lane l + 1 the one to the
        // east; a lane past the row end contributes 0, which only reaches
        // columns that are not stored.
        float west = __shfl_up_sync(kFullWarp, centre[kWidth - 1], 1);
        float east = __shfl_down_sync(kFullWarp, centre[0], 1);
        if (lane == 0) {
            west = westOfWarp[i];
        }
        if (lane == kWarpSize - 1) {
            east = eastOfWarp[i];
        }
        float next[kWidth];
#pragma unroll
        for (int j = 0; j < kWidth; ++j) {
            const float w = (j == 0) ? west : centre[j - 1];
            const float e = (j == kWidth - 1) ? east : centre[j + 1];
            next[j] = heatUpdate(centre[j], w, e, north[j], south[j], r);
        }
        if (row <= ny - 2) {
            storeInteriorChunk<kWidth>(out + static_cast<std::size_t>(row) * stride, col0, nx,
                                       next);
        }
    }
}

}  // namespace

void launchHeatOptimised(const float* in, float* out, int nx, int ny, float r,
                         cudaStream_t stream) {
    const dim3 block(kWarpSize, kOptWarps);
    const unsigned rowStrips = ceilDiv(static_cast<std::size_t>(ny - 2),
                                       static_cast<std::size_t>(kOptWarps) * kOptRowsPerThread);
    // Every row starts on a 16-byte boundary only when nx is a multiple of 4.
    const bool vector = nx % 4 == 0 && isAligned16(in) && isAligned16(out);
    const unsigned chunks = static_cast<unsigned>(vector ? nx / 4 : nx);
    const dim3 grid =
        checkedGrid(ceilDiv(chunks, kWarpSize), rowStrips, nx, ny, "heatOptimisedKernel");
    if (vector) {
        heatOptimisedKernel<4><<<grid, block, 0, stream>>>(in, out, nx, ny, r);
    } else {
        heatOptimisedKernel<1><<<grid, block, 0, stream>>>(in, out, nx, ny, r);
    }
    CUDA_CHECK_LAUNCH("heatOptimisedKernel");
}

}  // namespace heatlab::cuda
