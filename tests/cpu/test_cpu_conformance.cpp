#include "kernels/cpu/cpu_backend.h"
#include "tests/support/backend_conformance.h"

namespace {
BackendFactory cpuFactory() {
    return {"cpu", [] { return std::make_unique<heatlab::CpuBackend>(); },
            [] { return std::string(); }};
}
}  // namespace

INSTANTIATE_TEST_SUITE_P(Cpu, BackendConformance, ::testing::Values(cpuFactory()), backendLabel);
