#pragma once
// A real sticky CUDA error on demand, for the tests of a device lost: a
// kernel that writes through a null pointer, run to its end. The device is
// lost for the rest of the process afterwards (kernels/cuda/device_lost.h),
// so a test calls it in a child process of its own.

#include <cuda_runtime.h>

namespace heatlab {

// Runs the kernel and waits for it; returns what the wait returned
// (cudaErrorIllegalAddress), without the checks' throw or record.
cudaError_t provokeIllegalAddress();

}  // namespace heatlab
