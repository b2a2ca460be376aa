#include "kernels/cuda/cuda_arithmetic.cuh"

#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_launch.cuh"
#include "kernels/numerics/arithmetic_burst.h"

namespace heatlab::cuda {
namespace {

// Eight updates that do not wait for each other per thread, and a full SM
// of threads, cover the arithmetic's latency; registers are plenty.
constexpr int kChains = 8;
constexpr int kBurstThreads = 256;
// Rounds per thread: a fraction of a millisecond on an H200, batched by the
// bench's timing into samples of milliseconds.
constexpr int kRounds = 2048;

// Launch assumption: any grid of kBurstThreads-thread blocks. Reads no
// memory; writes `sink` only if the values left their range, which a convex
// combination never does, so the store is there and never happens.
__global__ void __launch_bounds__(kBurstThreads) arithmeticBurstKernel(float* sink) {
    float v[kChains];
    const float seed = 1.0f + static_cast<float>(threadIdx.x % 7u);
#pragma unroll
    for (int j = 0; j < kChains; ++j) {
        v[j] = seed + 0.5f * static_cast<float>(j);
    }
    for (int round = 0; round < kRounds; ++round) {
        burstRound<kChains>(v, kBurstR);
    }
    float sum = 0.0f;
#pragma unroll
    for (int j = 0; j < kChains; ++j) {
        sum += v[j];
    }
    if (sum < 0.0f) {
        *sink = sum;
    }
}

// Blocks for every SM as full as the kernel lets it be, asked once.
int burstBlocks() {
    static const int blocks = fullWaveBlocks(arithmeticBurstKernel, kBurstThreads);
    return blocks;
}

}  // namespace

double arithmeticBurstFlops() {
    return static_cast<double>(burstBlocks()) * kBurstThreads * kChains * kRounds *
           kHeatUpdateFlops;
}

void launchArithmeticBurst(float* sink, cudaStream_t stream) {
    arithmeticBurstKernel<<<burstBlocks(), kBurstThreads, 0, stream>>>(sink);
    CUDA_CHECK_LAUNCH("arithmeticBurstKernel");
}

}  // namespace heatlab::cuda
