#pragma once
// The launcher of cuda_temporal_pipeline.cu: the temporal kernel's passes
// deeper than one warp's registers hold, which launchHeatTemporal() hands
// on (cuda_temporal.cuh's contract). No device code here.

#include <cuda_runtime.h>

#include "kernels/numerics/params.h"

namespace heatlab::cuda {

// `levels` (9 .. kTimeBlockMax) steps in one pass over memory, from `in` to
// `out`, as launchHeatTemporal() promises; `stripRows` > 0 fixes the rows
// each block stores, 0 chooses by grid and device.
void launchHeatTemporalPipeline(const float* in, float* out, int nx, int ny, float r,
                                Boundary boundary, int levels, int stripRows, cudaStream_t stream);

}  // namespace heatlab::cuda
