#pragma once
// Reductions over a field that stay on the device, so a readout (max |u| per
// step, per frame) never copies the grid to the host. No device code here.

#include <cstddef>
#include <cstdint>

#include <cuda_runtime.h>

namespace heatlab::cuda {

// Writes the bit pattern of max |field[i]| over `count` cells into *result
// (a device word, which this zeroes first). |u| is never negative, so its
// IEEE bits order like unsigned integers and one atomicMax merges blocks; a
// NaN's bits order above infinity, so a NaN anywhere comes out as NaN.
void launchMaxAbs(const float* field, std::size_t count, std::uint32_t* result,
                  cudaStream_t stream);

}  // namespace heatlab::cuda
