#include "kernels/cuda/cuda_reductions.cuh"

#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_launch.cuh"

namespace heatlab::cuda {
namespace {

constexpr int kReduceThreads = 256;
// Enough blocks to fill any current GPU several times over; each then walks
// the field with a grid stride, so the atomics stay few.
constexpr unsigned kMaxReduceBlocks = 1024;

// Launch assumption: 1D, blockDim.x == kReduceThreads, any grid size.
__global__ void __launch_bounds__(kReduceThreads)
    maxAbsKernel(const float* __restrict__ field, std::size_t count, std::uint32_t* result) {
    std::uint32_t biggest = 0;
    const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
    for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < count;
         i += stride) {
        biggest = max(biggest, __float_as_uint(fabsf(__ldg(field + i))));
    }
    for (int offset = 16; offset > 0; offset /= 2) {
        biggest = max(biggest, __shfl_down_sync(kFullWarp, biggest, offset));
    }
    __shared__ std::uint32_t perWarp[kReduceThreads / kWarpSize];
    const int lane = static_cast<int>(threadIdx.x) % kWarpSize;
    const int warp = static_cast<int>(threadIdx.x) / kWarpSize;
    if (lane == 0) {
        perWarp[warp] = biggest;
    }
    __syncthreads();
    if (warp == 0) {
        biggest = lane < kReduceThreads / kWarpSize ? perWarp[lane] : 0;
        for (int offset = 4; offset > 0; offset /= 2) {
            biggest = max(biggest, __shfl_down_sync(kFullWarp, biggest, offset));
        }
        if (lane == 0) {
            atomicMax(result, biggest);
        }
    }
}

}  // namespace

void launchMaxAbs(const float* field, std::size_t count, std::uint32_t* result,
                  cudaStream_t stream) {
    CUDA_CHECK(cudaMemsetAsync(result, 0, sizeof(std::uint32_t), stream));
    const std::size_t wanted = (count + kReduceThreads - 1) / kReduceThreads;
    const unsigned blocks = static_cast<unsigned>(
        wanted < kMaxReduceBlocks ? (wanted > 0 ? wanted : 1) : kMaxReduceBlocks);
    maxAbsKernel<<<blocks, kReduceThreads, 0, stream>>>(field, count, result);
    CUDA_CHECK_LAUNCH("maxAbsKernel");
}

}  // namespace heatlab::cuda
