#include "kernels/cpu/cpu_kernel_table.h"

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

// The product's kernels, in the order the panel and the bench list them.
std::vector<Launcher> productLaunchers() {
    return {
        {Kernel::Copy, copyStep, {}},
        {Kernel::Global, globalStep, {}},
        {Kernel::ThreePass, threePassStep, {}},
        {Kernel::Optimised, optimisedStep, {}},
        // Its single step is the optimised one, which its passes equal bit
        // for bit.
        {Kernel::Temporal, optimisedStep, temporalPass},
    };
}

}  // namespace

LauncherTable<Launcher>& launcherTable() {
    static LauncherTable<Launcher> launchers("cpu", productLaunchers());
    return launchers;
}

}  // namespace heatlab::cpu
