#include "tests/support/illegal_access.h"

namespace heatlab {

namespace {

__global__ void writeThroughNull(float* nowhere) { nowhere[threadIdx.x] = 1.0f; }

}  // namespace

cudaError_t provokeIllegalAddress() {
    writeThroughNull<<<1, 32>>>(nullptr);
    (void)cudaGetLastError();  // the launch itself is fine: the fault comes as it runs
    return cudaDeviceSynchronize();
}

}  // namespace heatlab
