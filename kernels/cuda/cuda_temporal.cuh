#pragma once
// The launcher of cuda_temporal.cu, the temporal-blocked kernel: several
// steps per pass over device memory. The conventions of cuda_kernels.cuh
// hold. No device code here.

#include <cuda_runtime.h>

#include "kernels/numerics/params.h"

namespace heatlab::cuda {

// `levels` (1 .. kTimeBlockMax) steps in one pass over memory, from `in` to
// `out`, equal bit for bit to as many single steps with their ring fills: the
// interior and, for every boundary but Dirichlet, the ring of `out` are
// written (a Dirichlet ring is already in both buffers). `stripRows` > 0
// fixes the rows each warp stores, for tuning; 0 chooses by grid and device.
void launchHeatTemporal(const float* in, float* out, int nx, int ny, float r, Boundary boundary,
                        int levels, int stripRows, cudaStream_t stream);

}  // namespace heatlab::cuda
