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

// Empty when makeBackend(choice) would give the backend asked for, else the
// one line saying why not ("auto" and "cpu" are always there): for a file
// that names a backend, refused when it is read rather than when it plays.
std::string unavailableReason(BackendChoice choice);

// True when this binary was built with the CUDA backend.
bool builtWithCuda();

}  // namespace heatlab
