// The CUDA kernels of the product's kernel table (copy floor, global, tiled,
// three-pass) and their launchers; the optimised one has a file of its own.
//
// Every stencil kernel computes a cell with heatlab::heatUpdate, passing
// (centre, west = col - 1, east = col + 1, north = row - 1, south = row + 1),
// so all evaluate one expression in one order and round alike. With nvcc's
// default contraction the PTX of each holds ((w + e) + n) + s, then
// s - 4c (an fma, or an exact product and a subtraction: 4c is exact), then
// fma(r, that, c); the three-pass kernels call its two halves
// (heatLaplacian, heatIntegrate) and store the Laplacian as a float between
// them, which changes nothing.

#include "kernels/cuda/cuda_kernels.cuh"

#include <algorithm>
#include <cstdint>
#include <string>

#include "kernels/base/errors.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_launch.cuh"
#include "kernels/numerics/stencil.h"

namespace heatlab::cuda {
namespace {

// 2D launches of the simple kernels: one warp spans 32 consecutive columns of
// one row, so each of a warp's loads and stores is one 128-byte row segment.
constexpr int kBlockCols = 32;
constexpr int kBlockRows = 8;

// Copy: 256 threads, each moving 4 words (4 x 16 bytes on the vector path).
// All four loads are issued before the first store: a streaming copy is
// limited by the bytes in flight per SM, and this gives 64 per thread, 128 KiB
// per SM at full occupancy (32 registers allow it).
constexpr int kCopyThreads = 256;
constexpr int kCopyWordsPerThread = 4;

constexpr int kRingThreads = 256;

// ---------------------------------------------------------------- kernels --

// Launch assumption: 1D, blockDim.x == kCopyThreads, enough blocks for
// count / kFloatsPerWord words (at least one, which also copies the tail).
// Word = float4 needs in and out 16-byte aligned; Word = float needs nothing.
template <typename Word>
__global__ void __launch_bounds__(kCopyThreads)
    copyKernel(const float* __restrict__ in, float* __restrict__ out, std::size_t count) {
    constexpr int kFloatsPerWord = static_cast<int>(sizeof(Word) / sizeof(float));
    const std::size_t words = count / kFloatsPerWord;
    const Word* src = reinterpret_cast<const Word*>(in);
    Word* dst = reinterpret_cast<Word*>(out);

    // Lanes take consecutive words and the block's four passes are
    // kCopyThreads words apart, so each warp access stays contiguous.
    const std::size_t first =
        static_cast<std::size_t>(blockIdx.x) * (kCopyThreads * kCopyWordsPerThread) + threadIdx.x;
    Word held[kCopyWordsPerThread] = {};
#pragma unroll
    for (int k = 0; k < kCopyWordsPerThread; ++k) {
        const std::size_t i = first + static_cast<std::size_t>(k) * kCopyThreads;
        if (i < words) {
            held[k] = __ldg(src + i);
        }
    }
#pragma unroll
    for (int k = 0; k < kCopyWordsPerThread; ++k) {
        const std::size_t i = first + static_cast<std::size_t>(k) * kCopyThreads;
        if (i < words) {
            dst[i] = held[k];
        }
    }
    // The last count % 4 floats, when count is not a whole number of words.
    const std::size_t tail = count - words * kFloatsPerWord;
    if (blockIdx.x == 0 && threadIdx.x < tail) {
        const std::size_t i = words * kFloatsPerWord + threadIdx.x;
        out[i] = __ldg(in + i);
    }
}

// The one-thread-per-cell kernels below share this launch: a 2D grid of
// kBlockCols x kBlockRows blocks over the (nx - 2) x (ny - 2) interior.
// Gives this thread's flat cell index, or false for a thread past the
// interior (which must then return).
__device__ __forceinline__ bool interiorCellOfThread(int nx, int ny, std::size_t* cell) {
    const int col = 1 + static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
    const int row = 1 + static_cast<int>(blockIdx.y * blockDim.y + threadIdx.y);
    if (col > nx - 2 || row > ny - 2) {
        return false;
    }
    *cell = static_cast<std::size_t>(row) * static_cast<std::size_t>(nx) + col;
    return true;
}

__global__ void __launch_bounds__(kBlockCols* kBlockRows)
    heatGlobalKernel(const float* __restrict__ in, float* __restrict__ out, int nx, int ny,
                     float r) {
    std::size_t c = 0;
    if (!interiorCellOfThread(nx, ny, &c)) {
        return;
    }
    const std::size_t stride = static_cast<std::size_t>(nx);
    out[c] = heatUpdate(in[c], in[c - 1], in[c + 1], in[c - stride], in[c + stride], r);
}

// Launch assumption: blockDim == (kBlockCols, kBlockRows) exactly, because a
// thread's place in the tile is its threadIdx; grid as for heatGlobalKernel.
// No thread may return before __syncthreads, so the bounds test comes after.
__global__ void __launch_bounds__(kBlockCols* kBlockRows)
    heatTiledKernel(const float* __restrict__ in, float* __restrict__ out, int nx, int ny,
                    float r) {
    // The tile's kBlockRows x kBlockCols outputs plus a one-cell apron. Apron
    // reads walk a row, lanes on consecutive words: no bank conflicts, so no
    // padding column.
    __shared__ float apron[kBlockRows + 2][kBlockCols + 2];

    const int firstCol = 1 + static_cast<int>(blockIdx.x) * kBlockCols;
    const int firstRow = 1 + static_cast<int>(blockIdx.y) * kBlockRows;

    // The block's 256 threads walk the 340 apron cells in row-major order, so
    // a warp's loads are consecutive words of one or two rows: two passes,
    // the second a third full. Cells outside the field are never read by a
    // cell that is written, so they get 0 rather than an out-of-bounds load.
    constexpr int kApronCols = kBlockCols + 2;
    constexpr int kApronCells = (kBlockRows + 2) * kApronCols;
    const int thread = static_cast<int>(threadIdx.y) * kBlockCols + static_cast<int>(threadIdx.x);
    for (int cell = thread; cell < kApronCells; cell += kBlockCols * kBlockRows) {
        const int ay = cell / kApronCols;
        const int ax = cell - ay * kApronCols;
        const int row = firstRow - 1 + ay;
        const int col = firstCol - 1 + ax;
        apron[ay][ax] = (row < ny && col < nx)
                            ? in[static_cast<std::size_t>(row) * static_cast<std::size_t>(nx) + col]
                            : 0.0f;
    }
    __syncthreads();

    const int ax = static_cast<int>(threadIdx.x) + 1;
    const int ay = static_cast<int>(threadIdx.y) + 1;
    const int col = firstCol + ax - 1;
    const int row = firstRow + ay - 1;
    if (col <= nx - 2 && row <= ny - 2) {
        const std::size_t c = static_cast<std::size_t>(row) * static_cast<std::size_t>(nx) + col;
        out[c] = heatUpdate(apron[ay][ax], apron[ay][ax - 1], apron[ay][ax + 1], apron[ay - 1][ax],
                            apron[ay + 1][ax], r);
    }
}

// Three-pass, pass 1: the inner half of heatUpdate.
__global__ void __launch_bounds__(kBlockCols* kBlockRows)
    laplacianKernel(const float* __restrict__ current, float* __restrict__ laplacian, int nx,
                    int ny) {
    std::size_t c = 0;
    if (!interiorCellOfThread(nx, ny, &c)) {
        return;
    }
    const std::size_t stride = static_cast<std::size_t>(nx);
    laplacian[c] = heatLaplacian(current[c], current[c - 1], current[c + 1], current[c - stride],
                                 current[c + stride]);
}

// Three-pass, pass 2: the outer half of heatUpdate.
__global__ void __launch_bounds__(kBlockCols* kBlockRows)
    integrateKernel(const float* __restrict__ current, const float* __restrict__ laplacian,
                    float* __restrict__ next, int nx, int ny, float r) {
    std::size_t c = 0;
    if (interiorCellOfThread(nx, ny, &c)) {
        next[c] = heatIntegrate(current[c], laplacian[c], r);
    }
}

// Three-pass, pass 3: the "update" pass that copies the new interior back
// over the current field, as the textbook three-kernel version does.
__global__ void __launch_bounds__(kBlockCols* kBlockRows)
    updateCopyKernel(const float* __restrict__ next, float* __restrict__ current, int nx, int ny) {
    std::size_t c = 0;
    if (interiorCellOfThread(nx, ny, &c)) {
        current[c] = next[c];
    }
}

// Launch assumption: 1D, at least ringCellCount(nx, ny) threads; never
// Dirichlet, whose ring is data. Writes ring cells only and reads interior
// cells only, so threads never race.
__global__ void __launch_bounds__(kRingThreads)
    ringFillKernel(float* field, int nx, int ny, Boundary boundary) {
    const long long k = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (k >= ringCellCount(nx, ny)) {
        return;
    }
    int row = 0;
    int col = 0;
    ringCell(k, nx, ny, &row, &col);
    const std::size_t c = static_cast<std::size_t>(row) * static_cast<std::size_t>(nx) + col;
    field[c] = ghostValue(static_cast<const float*>(field), nx, ny, row, col, boundary);
}

// Launch assumption: 2D, covering the paint box from (firstCol, firstRow).
__global__ void __launch_bounds__(kBlockCols* kBlockRows)
    paintKernel(float* field, int nx, PaintBox box, float col, float row, float radius,
                float value) {
    const int c = box.firstCol + static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
    const int r = box.firstRow + static_cast<int>(blockIdx.y * blockDim.y + threadIdx.y);
    if (c <= box.lastCol && r <= box.lastRow && inPaintDisc(c, r, col, row, radius)) {
        field[static_cast<std::size_t>(r) * static_cast<std::size_t>(nx) + c] = value;
    }
}

// ------------------------------------------------------------ launch shape --

const dim3 kInteriorBlock(kBlockCols, kBlockRows);

// Queues one of the kernels whose block is kBlockCols x kBlockRows threads,
// one per interior cell, over the whole interior.
template <typename... Params, typename... Args>
void launchOverInterior(void (*kernel)(Params...), const char* kernelName, int nx, int ny,
                        cudaStream_t stream, Args... args) {
    const dim3 grid =
        checkedGrid(ceilDiv(static_cast<std::size_t>(nx - 2), kBlockCols),
                    ceilDiv(static_cast<std::size_t>(ny - 2), kBlockRows), nx, ny, kernelName);
    kernel<<<grid, kInteriorBlock, 0, stream>>>(args...);
    CUDA_CHECK_LAUNCH(kernelName);
}

}  // namespace

// ---------------------------------------------------------------- launchers --

void launchCopy(const float* in, float* out, std::size_t count, cudaStream_t stream) {
    if (count == 0) {
        return;
    }
    const std::size_t perBlock = static_cast<std::size_t>(kCopyThreads) * kCopyWordsPerThread;
    const bool vector = isAligned16(in) && isAligned16(out);
    // At least one block: with fewer than 4 floats it copies the tail.
    const unsigned blocks =
        vector ? std::max(ceilDiv(count / 4, perBlock), 1u) : ceilDiv(count, perBlock);
    if (vector) {
        copyKernel<float4><<<blocks, kCopyThreads, 0, stream>>>(in, out, count);
    } else {
        copyKernel<float><<<blocks, kCopyThreads, 0, stream>>>(in, out, count);
    }
    CUDA_CHECK_LAUNCH("copyKernel");
}

void launchHeatGlobal(const float* in, float* out, int nx, int ny, float r, cudaStream_t stream) {
    launchOverInterior(heatGlobalKernel, "heatGlobalKernel", nx, ny, stream, in, out, nx, ny, r);
}

void launchHeatTiled(const float* in, float* out, int nx, int ny, float r, cudaStream_t stream) {
    launchOverInterior(heatTiledKernel, "heatTiledKernel", nx, ny, stream, in, out, nx, ny, r);
}

void launchLaplacian(const float* current, float* laplacian, int nx, int ny, cudaStream_t stream) {
    launchOverInterior(laplacianKernel, "laplacianKernel", nx, ny, stream, current, laplacian, nx,
                       ny);
}

void launchIntegrate(const float* current, const float* laplacian, float* next, int nx, int ny,
                     float r, cudaStream_t stream) {
    launchOverInterior(integrateKernel, "integrateKernel", nx, ny, stream, current, laplacian, next,
                       nx, ny, r);
}

void launchUpdateCopy(const float* next, float* current, int nx, int ny, cudaStream_t stream) {
    launchOverInterior(updateCopyKernel, "updateCopyKernel", nx, ny, stream, next, current, nx, ny);
}

void launchRingFill(float* field, int nx, int ny, Boundary boundary, cudaStream_t stream) {
    if (boundary == Boundary::Dirichlet) {
        return;  // the ring is data, in both buffers since the upload
    }
    const dim3 grid =
        checkedGrid(ceilDiv(static_cast<std::size_t>(ringCellCount(nx, ny)), kRingThreads), 1, nx,
                    ny, "ringFillKernel");
    ringFillKernel<<<grid, kRingThreads, 0, stream>>>(field, nx, ny, boundary);
    CUDA_CHECK_LAUNCH("ringFillKernel");
}

void launchPaint(float* field, int nx, int ny, float col, float row, float radius, float value,
                 cudaStream_t stream) {
    const PaintBox box = paintBox(col, row, radius, nx, ny);
    if (box.firstCol > box.lastCol || box.firstRow > box.lastRow) {
        return;
    }
    const dim3 grid =
        checkedGrid(ceilDiv(static_cast<std::size_t>(box.lastCol - box.firstCol + 1), kBlockCols),
                    ceilDiv(static_cast<std::size_t>(box.lastRow - box.firstRow + 1), kBlockRows),
                    nx, ny, "paintKernel");
    paintKernel<<<grid, kInteriorBlock, 0, stream>>>(field, nx, box, col, row, radius, value);
    CUDA_CHECK_LAUNCH("paintKernel");
}

cudaError_t probeKernelImage() {
    cudaFuncAttributes attributes{};
    const cudaError_t status = cudaFuncGetAttributes(&attributes, copyKernel<float4>);
    if (status != cudaSuccess) {
        (void)cudaGetLastError();  // clear it: the caller reports it instead
    }
    return status;
}

}  // namespace heatlab::cuda
