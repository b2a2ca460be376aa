#include "kernels/numerics/kernel_catalogue.h"

#include <deque>
#include <mutex>

#include "kernels/base/errors.h"
#include "kernels/base/words.h"

namespace heatlab {

namespace {

// Kernels may be added while the lecture runs (a class kernel a scene
// names) and another thread reads the catalogue (the bandwidth table's):
// its index is read and grown under this.
std::mutex& catalogueMutex() {
    static std::mutex mutex;
    return mutex;
}

// A deque, so the names name() hands out stay where they are as kernels
// are added.
std::deque<KernelInfo>& catalogue() {
    static std::deque<KernelInfo> kernels{
        // In the order of Kernel's named handles, which index this.
        {"copy", {/*copyFloor=*/true, /*fusesSteps=*/false, 2}},
        {"global", {}},
        {"tiled", {}},
        // Laplacian (read the field, write it), integrate (read both, write
        // the new field), update (read it, write it back over the field).
        {"three-pass", {false, false, 7}},
        {"optimised", {}},
        {"temporal", {false, /*fusesSteps=*/true, 2}},
    };
    return kernels;
}

bool wellFormedName(const std::string& name) {
    if (name.empty()) {
        return false;
    }
    for (const char c : name) {
        const bool allowed =
            (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
        if (!allowed) {
            return false;
        }
    }
    return true;
}

}  // namespace

Kernel registerKernel(const KernelInfo& info) {
    if (!wellFormedName(info.name)) {
        throw UsageError(
            trf("a kernel named '%s': give lower-case letters, digits, '-', '_' or '.'",
                info.name.c_str()));
    }
    std::lock_guard<std::mutex> lock(catalogueMutex());
    std::deque<KernelInfo>& kernels = catalogue();
    for (const KernelInfo& known : kernels) {
        if (known.name == info.name) {
            throw UsageError(trf("a kernel named '%s' is already known", info.name.c_str()));
        }
    }
    if (info.traits.gridsMovedPerPass < 1) {
        throw UsageError(trf("kernel '%s' moves %d grids a pass: a pass moves at least one",
                             info.name.c_str(), info.traits.gridsMovedPerPass));
    }
    kernels.push_back(info);
    return Kernel(static_cast<int>(kernels.size()) - 1);
}

const KernelInfo& kernelInfo(Kernel kernel) {
    std::lock_guard<std::mutex> lock(catalogueMutex());
    return catalogue().at(static_cast<std::size_t>(kernel.index()));
}

const char* name(Kernel kernel) { return kernelInfo(kernel).name.c_str(); }

std::vector<Kernel> allKernels() {
    std::vector<Kernel> kernels;
    std::size_t count = 0;
    {
        std::lock_guard<std::mutex> lock(catalogueMutex());
        count = catalogue().size();
    }
    for (std::size_t i = 0; i < count; ++i) {
        kernels.push_back(Kernel(static_cast<int>(i)));
    }
    return kernels;
}

std::vector<Kernel> allStencilKernels() {
    std::vector<Kernel> stencils;
    for (const Kernel kernel : allKernels()) {
        if (!traits(kernel).copyFloor) {
            stencils.push_back(kernel);
        }
    }
    return stencils;
}

}  // namespace heatlab
