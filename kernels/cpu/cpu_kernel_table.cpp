#include "kernels/cpu/cpu_kernel_table.h"

#include "kernels/base/errors.h"
#include "kernels/base/words.h"
#include "kernels/cpu/cpu_kernels.h"
#include "kernels/cpu/cpu_temporal.h"
#include "kernels/numerics/ghost_ring.h"

namespace heatlab::cpu {

namespace {

NewField copyStep(const StepBuffers& b) {
    copyField(b.in, b.out, b.grid);
    return NewField::Out;  // the floor moves the field unchanged, ring and all
}

NewField globalStep(const StepBuffers& b) {
    stepGlobal(b.in, b.out, b.grid, b.r);
    fillGhostRing(b.out, b.grid, b.boundary);
    return NewField::Out;
}

NewField threePassStep(const StepBuffers& b) {
    // Works in place through its own scratch: `out` serves as the integrate
    // pass's target and the field stays in `in`.
    stepThreePass(b.in, b.scratch, b.out, b.grid, b.r);
    fillGhostRing(b.in, b.grid, b.boundary);
    return NewField::In;
}

NewField optimisedStep(const StepBuffers& b) {
    stepOptimised(b.in, b.out, b.grid, b.r);
    fillGhostRing(b.out, b.grid, b.boundary);
    return NewField::Out;
}

void temporalPass(const StepBuffers& b, int levels) {
    stepTemporal(b.in, b.out, b.grid, b.r, b.boundary, levels);
}

std::vector<Launcher>& table() {
    static std::vector<Launcher> launchers{
        {Kernel::Copy, copyStep, {}},
        {Kernel::Global, globalStep, {}},
        {Kernel::ThreePass, threePassStep, {}},
        {Kernel::Optimised, optimisedStep, {}},
        // Its single step is the optimised one, which its passes equal bit
        // for bit.
        {Kernel::Temporal, optimisedStep, temporalPass},
    };
    return launchers;
}

}  // namespace

const std::vector<Launcher>& kernelTable() { return table(); }

std::vector<Kernel> tableKernels() {
    std::vector<Kernel> kernels;
    for (const Launcher& launcher : table()) {
        kernels.push_back(launcher.kernel);
    }
    return kernels;
}

const Launcher* findLauncher(Kernel kernel) {
    for (const Launcher& launcher : table()) {
        if (launcher.kernel == kernel) {
            return &launcher;
        }
    }
    return nullptr;
}

void addKernel(const Launcher& launcher) {
    const char* kernel = name(launcher.kernel);
    if (findLauncher(launcher.kernel) != nullptr) {
        throw UsageError(trf("the %s backend has a kernel '%s' already", "cpu", kernel));
    }
    if (!launcher.step) {
        throw UsageError(trf("kernel '%s' for the %s backend: no step", kernel, "cpu"));
    }
    if (traits(launcher.kernel).fusesSteps && !launcher.pass) {
        throw UsageError(
            trf("kernel '%s' fuses steps: the %s backend needs its pass", kernel, "cpu"));
    }
    table().push_back(launcher);
}

}  // namespace heatlab::cpu
