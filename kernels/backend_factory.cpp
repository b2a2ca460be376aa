#include "kernels/backend_factory.h"

#include "kernels/base/errors.h"
#include "kernels/base/words.h"
#include "kernels/cpu/cpu_backend.h"

// The only place outside CMake that knows whether CUDA was built in.
#if HEATLAB_WITH_CUDA
#include "kernels/cuda/cuda_backend.h"
#endif

namespace heatlab {

namespace {

// Empty when a CUDA device can be used, else one line saying why not.
std::string cudaUnavailable() {
#if HEATLAB_WITH_CUDA
    return cudaUnavailableReason();
#else
    return tr("this build has no CUDA backend (configured without nvcc or with HEATLAB_CUDA=OFF)");
#endif
}

std::unique_ptr<Backend> makeCuda() {
#if HEATLAB_WITH_CUDA
    return makeCudaBackend();
#else
    return nullptr;
#endif
}

}  // namespace

const char* name(BackendChoice choice) {
    switch (choice) {
    case BackendChoice::Auto: return "auto";
    case BackendChoice::Cpu: return "cpu";
    case BackendChoice::Cuda: return "cuda";
    }
    return "?";
}

std::vector<BackendChoice> allBackendChoices() {
    return {BackendChoice::Auto, BackendChoice::Cpu, BackendChoice::Cuda};
}

bool builtWithCuda() {
#if HEATLAB_WITH_CUDA
    return true;
#else
    return false;
#endif
}

std::vector<BackendChoice> builtBackends() {
    std::vector<BackendChoice> built{BackendChoice::Cpu};
    if (builtWithCuda()) {
        built.push_back(BackendChoice::Cuda);
    }
    return built;
}

std::string backendUnavailable(BackendChoice choice) {
    return choice == BackendChoice::Cuda ? cudaUnavailable() : std::string();
}

std::vector<Kernel> kernelsOf(BackendChoice choice) {
#if HEATLAB_WITH_CUDA
    if (choice == BackendChoice::Cuda ||
        (choice == BackendChoice::Auto && cudaUnavailable().empty())) {
        return CudaBackend::kernelList();
    }
#endif
    (void)choice;
    return CpuBackend::kernelList();
}

BackendSelection makeBackend(BackendChoice choice) {
    if (choice == BackendChoice::Cpu) {
        return {std::make_unique<CpuBackend>(), tr("backend: cpu (asked for)")};
    }
    const std::string why = cudaUnavailable();
    if (why.empty()) {
        return {makeCuda(), choice == BackendChoice::Cuda
                                ? tr("backend: cuda (asked for)")
                                : tr("backend: cuda (auto: a CUDA device is present)")};
    }
    if (choice == BackendChoice::Cuda) {
        throw UsageError("--backend cuda: " + why);
    }
    return {std::make_unique<CpuBackend>(), trf("backend: cpu (auto: %s)", why.c_str())};
}

}  // namespace heatlab
