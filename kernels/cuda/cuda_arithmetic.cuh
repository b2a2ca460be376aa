#pragma once
// The CUDA compute roof: kernels/numerics/arithmetic_burst.h's rounds in
// every thread of enough blocks to fill every SM, values held in registers.
// The conventions of cuda_kernels.cuh hold. No device code here.

#include <cuda_runtime.h>

namespace heatlab::cuda {

// Floating-point operations one launchArithmeticBurst() does on this device.
double arithmeticBurstFlops();

// Queues the burst on `stream`; `sink` (one float of device memory) takes a
// result no one reads, so the compiler keeps the arithmetic.
void launchArithmeticBurst(float* sink, cudaStream_t stream);

}  // namespace heatlab::cuda
