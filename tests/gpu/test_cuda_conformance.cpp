#include "kernels/cuda/cuda_backend.h"
#include "tests/support/backend_conformance.h"

namespace {
BackendFactory cudaFactory() {
    return {"cuda", [] { return heatlab::makeCudaBackend(); },
            [] { return heatlab::cudaUnavailableReason(); }};
}
}  // namespace

INSTANTIATE_TEST_SUITE_P(Cuda, BackendConformance, ::testing::Values(cudaFactory()), backendLabel);
