#pragma once
// Chooses the backend, once. "auto" takes CUDA when a device is usable and
// falls back to the CPU otherwise, and says in one line which it took and why.

#include <memory>
#include <string>
#include <vector>

#include "kernels/backend.h"

namespace heatlab {

enum class BackendChoice { Auto, Cpu, Cuda };

const char* name(BackendChoice choice);
std::vector<BackendChoice> allBackendChoices();

struct BackendSelection {
    std::unique_ptr<Backend> backend;
    std::string reason;  // one line: which backend and why
};

// Throws UsageError when CUDA is asked for and cannot be had: the user asked
// for something this machine or this build does not have.
BackendSelection makeBackend(BackendChoice choice);

// Empty when `choice` can be had here (auto and cpu always can), else one
// line saying why not.
std::string backendUnavailable(BackendChoice choice);

// The kernels the backend `choice` would have here (auto: the one it would
// take), without making one: Backend::kernels() of it.
std::vector<Kernel> kernelsOf(BackendChoice choice);

// True when this binary was built with the CUDA backend.
bool builtWithCuda();
// The backends this build can run on: the CPU, and CUDA when built with it.
std::vector<BackendChoice> builtBackends();

}  // namespace heatlab
