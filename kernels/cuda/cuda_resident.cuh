#pragma once
// The launcher of cuda_resident.cu, the optimised step with the whole grid
// held on chip for many steps, and the tests of where it fits. The
// conventions of cuda_kernels.cuh hold. No device code here.

#include <cstddef>

#include <cuda_runtime.h>

#include "kernels/numerics/params.h"

namespace heatlab::cuda {

// `steps` single steps from `in` to `out` in one launch, the field held in
// registers across them and blocks exchanging their tiles' edges through
// device memory every step: the optimised step's arithmetic, bit for bit,
// ring included, without a launch a step. Only where residentFits();
// `exchange` holds residentExchangeBytes() of device memory.
bool residentFits(int nx, int ny, Boundary boundary);
std::size_t residentExchangeBytes(int nx, int ny);
void launchHeatResident(const float* in, float* out, int nx, int ny, float r, Boundary boundary,
                        int steps, void* exchange, cudaStream_t stream);

}  // namespace heatlab::cuda
