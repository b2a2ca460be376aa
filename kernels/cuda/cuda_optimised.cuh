#pragma once
// The launcher of cuda_optimised.cu, the fastest single step. The
// conventions of cuda_kernels.cuh hold (field layout, interior-only writes,
// heatUpdate for every cell). No device code here.

#include <cuda_runtime.h>

namespace heatlab::cuda {

// The fastest single step: float4 columns, a register window of rows per
// thread, horizontal neighbours through warp shuffles. Rows that are not
// 16-byte aligned (nx % 4 != 0) take the scalar variant of the same kernel.
void launchHeatOptimised(const float* in, float* out, int nx, int ny, float r, cudaStream_t stream);

}  // namespace heatlab::cuda
