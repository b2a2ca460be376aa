#include "kernels/cuda/cuda_reductions.cuh"

#include <algorithm>
#include <cstring>
#include <string>

#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_launch.cuh"
#include "kernels/numerics/field_measures.h"

namespace heatlab::cuda {
namespace {

constexpr int kReduceThreads = 256;
// Enough blocks to fill any current GPU several times over; each then walks
// the field with a grid stride, so the atomics stay few.
constexpr unsigned kMaxReduceBlocks = 1024;

// Every thread's `value` of the block combined by `combine` (associative,
// `identity` its neutral value), in thread 0; the other threads' results
// mean nothing. Launch assumption: 1D, blockDim.x == kReduceThreads; every
// thread of the block calls it, once per kernel.
template <typename T, typename Combine>
__device__ T blockReduce(T value, T identity, Combine combine) {
    constexpr int kWarps = kReduceThreads / kWarpSize;
    for (int offset = kWarpSize / 2; offset > 0; offset /= 2) {
        value = combine(value, __shfl_down_sync(kFullWarp, value, offset));
    }
    __shared__ T perWarp[kWarps];
    const int lane = static_cast<int>(threadIdx.x) % kWarpSize;
    const int warp = static_cast<int>(threadIdx.x) / kWarpSize;
    if (lane == 0) {
        perWarp[warp] = value;
    }
    __syncthreads();
    if (warp == 0) {
        value = lane < kWarps ? perWarp[lane] : identity;
        for (int offset = kWarps / 2; offset > 0; offset /= 2) {
            value = combine(value, __shfl_down_sync(kFullWarp, value, offset));
        }
    }
    return value;
}

// Launch assumption: 1D, blockDim.x == kReduceThreads, any grid size.
__global__ void __launch_bounds__(kReduceThreads)
    maxAbsKernel(const float* __restrict__ field, std::size_t count, std::uint32_t* result) {
    std::uint32_t biggest = 0;
    const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
    for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < count;
         i += stride) {
        biggest = max(biggest, __float_as_uint(fabsf(__ldg(field + i))));
    }
    biggest =
        blockReduce(biggest, 0u, [](std::uint32_t a, std::uint32_t b) { return a > b ? a : b; });
    if (threadIdx.x == 0) {
        atomicMax(result, biggest);
    }
}

__device__ __forceinline__ std::uint32_t orderedBits(float value) {
    const std::uint32_t bits = __float_as_uint(value);
    return (bits & 0x80000000u) != 0 ? ~bits : bits | 0x80000000u;
}

// min, max (as orderedBits) and whether a NaN was seen, of what one thread
// reads.
struct RangeSoFar {
    std::uint32_t lowest = 0xffffffffu;
    std::uint32_t highest = 0;
    std::uint32_t sawNaN = 0;

    __device__ void take(float v) {
        if (isnan(v)) {
            sawNaN = 1;
            return;
        }
        const std::uint32_t o = orderedBits(v);
        lowest = min(lowest, o);
        highest = max(highest, o);
    }
};

// Launch assumption: 1D, blockDim.x == kReduceThreads, any grid size;
// `field` 16-byte aligned (a cudaMalloc'd buffer). Four cells a load: the
// display's one pass over a large grid a frame, at the memory's speed.
__global__ void __launch_bounds__(kReduceThreads)
    rangeKernel(const float* __restrict__ field, std::size_t count, std::uint32_t* result) {
    RangeSoFar range;
    const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
    const std::size_t first = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    const std::size_t quads = count / 4;
    const float4* fours = reinterpret_cast<const float4*>(field);
    for (std::size_t i = first; i < quads; i += stride) {
        const float4 v = __ldg(fours + i);
        range.take(v.x);
        range.take(v.y);
        range.take(v.z);
        range.take(v.w);
    }
    for (std::size_t i = quads * 4 + first; i < count; i += stride) {
        range.take(__ldg(field + i));
    }
    for (int offset = 16; offset > 0; offset /= 2) {
        range.lowest = min(range.lowest, __shfl_down_sync(kFullWarp, range.lowest, offset));
        range.highest = max(range.highest, __shfl_down_sync(kFullWarp, range.highest, offset));
        range.sawNaN |= __shfl_down_sync(kFullWarp, range.sawNaN, offset);
    }
    // One atomic per warp: few enough with a grid-stride loop over at most
    // kMaxReduceBlocks blocks, and no shared memory or barrier needed.
    if (threadIdx.x % kWarpSize == 0) {
        atomicMin(result, range.lowest);
        atomicMax(result + 1, range.highest);
        if (range.sawNaN != 0) {
            atomicOr(result + 2, 1u);
        }
    }
}

__device__ __host__ __forceinline__ float decodeOrderedBits(std::uint32_t ordered) {
    const std::uint32_t bits = (ordered & 0x80000000u) != 0 ? ordered & 0x7fffffffu : ~ordered;
    float value = 0.0f;
    memcpy(&value, &bits, sizeof(value));
    return value;
}

// Launch assumption: one thread.
__global__ void writeRangeKernel(const std::uint32_t* result, float* dst) {
    const bool empty = result[0] == 0xffffffffu && result[1] == 0;
    dst[0] = empty ? __int_as_float(0x7f800000) : decodeOrderedBits(result[0]);
    dst[1] = empty ? __int_as_float(static_cast<int>(0xff800000u)) : decodeOrderedBits(result[1]);
    dst[2] = result[2] != 0 ? 1.0f : 0.0f;
}

// The sum of every thread's `value`, in thread 0 (blockReduce's rules).
__device__ double blockSum(double value) {
    return blockReduce(value, 0.0, [](double a, double b) { return a + b; });
}

// Launch assumption: 1D, blockDim.x == kReduceThreads, at most
// kCheckerboardPartials blocks. Walks the interior cells with a grid stride,
// numbered row by row over a (nx - 2)-wide interior; the stride's own
// quotient and remainder by that width step (row, col) along, so no cell
// pays for a 64-bit division.
__global__ void __launch_bounds__(kReduceThreads)
    checkerboardPartialsKernel(const float* __restrict__ field, int nx, int ny, double* partials) {
    const std::size_t width = static_cast<std::size_t>(nx) - 2;
    const std::size_t count = width * (static_cast<std::size_t>(ny) - 2);
    const std::size_t first = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
    const std::size_t rowStep = stride / width;
    const std::size_t colStep = stride % width;
    std::size_t row = first / width;  // of the interior: the field's row + 1
    std::size_t col = first % width;
    double sum = 0.0;
    for (std::size_t k = first; k < count; k += stride) {
        const float u = __ldg(field + (row + 1) * static_cast<std::size_t>(nx) + col + 1);
        sum +=
            checkerboardTerm(u, static_cast<long long>(row + 1), static_cast<long long>(col + 1));
        row += rowStep;
        col += colStep;
        if (col >= width) {
            col -= width;
            ++row;
        }
    }
    sum = blockSum(sum);
    if (threadIdx.x == 0) {
        partials[blockIdx.x] = sum;
    }
}

// Launch assumption: one block of kReduceThreads threads.
__global__ void __launch_bounds__(kReduceThreads)
    checkerboardFinishKernel(const double* partials, unsigned count, long long interiorCells,
                             double* result) {
    double sum = 0.0;
    for (unsigned i = threadIdx.x; i < count; i += blockDim.x) {
        sum += partials[i];
    }
    sum = blockSum(sum);
    if (threadIdx.x == 0) {
        *result = checkerboardMean(sum, interiorCells);
    }
}

// Launch assumption: 1D, blockDim.x == kReduceThreads, any grid size.
// Each thread walks interior cells with a grid stride (a division per cell:
// it runs a few times a second, not per step).
__global__ void __launch_bounds__(kReduceThreads)
    checkerboardSpotKernel(const float* __restrict__ field, int nx, int ny,
                           unsigned long long* result) {
    const std::size_t width = static_cast<std::size_t>(nx) - 2;
    const std::size_t count = width * (static_cast<std::size_t>(ny) - 2);
    const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
    unsigned long long best = 0;
    for (std::size_t k = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; k < count;
         k += stride) {
        const std::size_t index = (k / width + 1) * static_cast<std::size_t>(nx) + k % width + 1;
        const float strength = checkerboardStrength(field, nx, static_cast<long long>(index));
        if (strength > 0.0f) {
            const unsigned long long key =
                (static_cast<unsigned long long>(__float_as_uint(strength)) << 32) |
                (0xffffffffull - index);
            best = max(best, key);
        }
    }
    best = blockReduce(best, 0ull,
                       [](unsigned long long a, unsigned long long b) { return a > b ? a : b; });
    if (threadIdx.x == 0 && best != 0) {
        atomicMax(result, best);
    }
}

unsigned reduceBlocks(std::size_t count) {
    const std::size_t wanted = (count + kReduceThreads - 1) / kReduceThreads;
    return static_cast<unsigned>(wanted < kMaxReduceBlocks ? (wanted > 0 ? wanted : 1)
                                                           : kMaxReduceBlocks);
}

}  // namespace

void launchRange(const float* field, std::size_t count, std::uint32_t* result,
                 cudaStream_t stream) {
    // min starts at the largest encoding, max and the NaN flag at zero.
    CUDA_CHECK(cudaMemsetAsync(result, 0xff, sizeof(std::uint32_t), stream));
    CUDA_CHECK(cudaMemsetAsync(result + 1, 0, 2 * sizeof(std::uint32_t), stream));
    if (!isAligned16(field)) {
        throw RuntimeError("rangeKernel: the field is not 16-byte aligned");
    }
    rangeKernel<<<reduceBlocks((count + 3) / 4), kReduceThreads, 0, stream>>>(field, count, result);
    CUDA_CHECK_LAUNCH("rangeKernel");
}

void launchWriteRange(const std::uint32_t* result, float* dst, cudaStream_t stream) {
    writeRangeKernel<<<1, 1, 0, stream>>>(result, dst);
    CUDA_CHECK_LAUNCH("writeRangeKernel");
}

float decodeOrdered(std::uint32_t ordered) { return decodeOrderedBits(ordered); }

void launchMaxAbs(const float* field, std::size_t count, std::uint32_t* result,
                  cudaStream_t stream) {
    CUDA_CHECK(cudaMemsetAsync(result, 0, sizeof(std::uint32_t), stream));
    const std::size_t wanted = (count + kReduceThreads - 1) / kReduceThreads;
    const unsigned blocks = static_cast<unsigned>(
        wanted < kMaxReduceBlocks ? (wanted > 0 ? wanted : 1) : kMaxReduceBlocks);
    maxAbsKernel<<<blocks, kReduceThreads, 0, stream>>>(field, count, result);
    CUDA_CHECK_LAUNCH("maxAbsKernel");
}

void launchCheckerboardSpot(const float* field, int nx, int ny, unsigned long long* result,
                            cudaStream_t stream) {
    if (nx < kMinGridSide || ny < kMinGridSide) {
        throw RuntimeError("checkerboardSpotKernel: a " + std::to_string(nx) + " x " +
                           std::to_string(ny) + " field has no interior");
    }
    const std::size_t interior =
        static_cast<std::size_t>(nx - 2) * static_cast<std::size_t>(ny - 2);
    CUDA_CHECK(cudaMemsetAsync(result, 0, sizeof(unsigned long long), stream));
    checkerboardSpotKernel<<<reduceBlocks(interior), kReduceThreads, 0, stream>>>(field, nx, ny,
                                                                                  result);
    CUDA_CHECK_LAUNCH("checkerboardSpotKernel");
}

CellSpot decodeSpot(unsigned long long key, int nx) {
    if (key == 0) {
        return CellSpot{};
    }
    const auto bits = static_cast<std::uint32_t>(key >> 32);
    const auto index = static_cast<long long>(0xffffffffull - (key & 0xffffffffull));
    float strength = 0.0f;
    std::memcpy(&strength, &bits, sizeof strength);
    return CellSpot{static_cast<int>(index % nx), static_cast<int>(index / nx), strength};
}

void launchCheckerboardAmplitude(const float* field, int nx, int ny, double* partials,
                                 double* result, cudaStream_t stream) {
    if (nx < kMinGridSide || ny < kMinGridSide) {
        throw RuntimeError("checkerboardPartialsKernel: a " + std::to_string(nx) + " x " +
                           std::to_string(ny) + " field has no interior");
    }
    const std::size_t interior =
        static_cast<std::size_t>(nx - 2) * static_cast<std::size_t>(ny - 2);
    const unsigned blocks =
        std::min(reduceBlocks(interior), static_cast<unsigned>(kCheckerboardPartials));
    checkerboardPartialsKernel<<<blocks, kReduceThreads, 0, stream>>>(field, nx, ny, partials);
    CUDA_CHECK_LAUNCH("checkerboardPartialsKernel");
    checkerboardFinishKernel<<<1, kReduceThreads, 0, stream>>>(
        partials, blocks, static_cast<long long>(interior), result);
    CUDA_CHECK_LAUNCH("checkerboardFinishKernel");
}

}  // namespace heatlab::cuda
