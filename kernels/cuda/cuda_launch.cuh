#pragma once
// What every kernel file needs to size and check a launch: the warp
// constants, the block count of a 1D cover, the alignment test of the vector
// paths, and the checked 2D grid. Host-side, for .cu files only.

#include <cstddef>
#include <cstdint>
#include <string>

#include <cuda_runtime.h>

#include "kernels/base/errors.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/numerics/params.h"

namespace heatlab::cuda {

constexpr int kWarpSize = 32;
constexpr unsigned kFullWarp = 0xffffffffu;
constexpr unsigned kMaxGridY = 65535;  // gridDim.y limit on every architecture

// Blocks for `work` items; refuses more than gridDim.x allows rather than
// silently launching too few.
inline unsigned ceilDiv(std::size_t work, std::size_t perBlock) {
    const std::size_t blocks = (work + perBlock - 1) / perBlock;
    if (blocks > 0x7fffffffu) {
        throw RuntimeError("a launch of " + std::to_string(blocks) + " blocks is too large");
    }
    return static_cast<unsigned>(blocks);
}

inline bool isAligned16(const void* p) { return reinterpret_cast<std::uintptr_t>(p) % 16 == 0; }

// Refuses a field without interior, and a grid taller than gridDim.y allows
// (the one launch dimension a tall, narrow field can overflow).
inline dim3 checkedGrid(unsigned x, unsigned y, int nx, int ny, const char* kernel) {
    if (nx < kMinGridSide || ny < kMinGridSide) {
        throw RuntimeError(std::string(kernel) + ": a " + std::to_string(nx) + " x " +
                           std::to_string(ny) + " field has no interior");
    }
    if (y > kMaxGridY) {
        throw RuntimeError(std::string(kernel) + ": " + std::to_string(y) +
                           " block rows exceed the launch limit of " + std::to_string(kMaxGridY));
    }
    return dim3(x, y);
}

// Blocks of `threads` threads that `kernel` keeps resident on the current
// device at once (one full wave): the SM count times what occupancy allows
// on each, at least 1. Callers that launch often keep the answer.
template <typename Kernel>
int fullWaveBlocks(Kernel kernel, int threads) {
    int device = 0;
    int multiprocessors = 0;
    int perMultiprocessor = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    CUDA_CHECK(cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device));
    CUDA_CHECK(
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perMultiprocessor, kernel, threads, 0));
    return multiprocessors * perMultiprocessor > 0 ? multiprocessors * perMultiprocessor : 1;
}

}  // namespace heatlab::cuda
