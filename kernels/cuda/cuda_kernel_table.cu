// The CUDA backend's launcher table (cuda_kernel_table.cuh): the product's
// kernels, each a few launches of the launcher headers beside it.

#include "kernels/cuda/cuda_kernel_table.cuh"

#include "kernels/cuda/cuda_kernels.cuh"
#include "kernels/cuda/cuda_optimised.cuh"
#include "kernels/cuda/cuda_resident.cuh"
#include "kernels/cuda/cuda_temporal.cuh"

namespace heatlab::cuda {

namespace {

// The ring of the new field, derived from its interior; a Dirichlet ring is
// already in both buffers.
NewField withRing(const StepBuffers& b) {
    launchRingFill(b.out, b.nx, b.ny, b.boundary, b.stream);
    return NewField::Out;
}

NewField copyStep(const StepBuffers& b) {
    // The floor: the whole field moves unchanged, ring included.
    b.beforeWriting(Buffer::Out);
    launchCopy(b.in, b.out, static_cast<std::size_t>(b.nx) * b.ny, b.stream);
    return NewField::Out;
}

NewField globalStep(const StepBuffers& b) {
    b.beforeWriting(Buffer::Out);
    launchHeatGlobal(b.in, b.out, b.nx, b.ny, b.r, b.stream);
    return withRing(b);
}

NewField tiledStep(const StepBuffers& b) {
    b.beforeWriting(Buffer::Out);
    launchHeatTiled(b.in, b.out, b.nx, b.ny, b.r, b.stream);
    return withRing(b);
}

NewField threePassStep(const StepBuffers& b) {
    // In place: pass 3 copies the new interior back into `in` (that extra
    // pass over memory is what this row shows), and `out` is only the
    // integrate pass's scratch.
    launchLaplacian(b.in, b.scratch, b.nx, b.ny, b.stream);
    b.beforeWriting(Buffer::Out);
    launchIntegrate(b.in, b.scratch, b.out, b.nx, b.ny, b.r, b.stream);
    b.beforeWriting(Buffer::In);
    launchUpdateCopy(b.out, b.in, b.nx, b.ny, b.stream);
    launchRingFill(b.in, b.nx, b.ny, b.boundary, b.stream);
    return NewField::In;
}

NewField optimisedStep(const StepBuffers& b) {
    b.beforeWriting(Buffer::Out);
    launchHeatOptimised(b.in, b.out, b.nx, b.ny, b.r, b.stream);
    return withRing(b);
}

void temporalPass(const StepBuffers& b, int levels) {
    b.beforeWriting(Buffer::Out);
    launchHeatTemporal(b.in, b.out, b.nx, b.ny, b.r, b.boundary, levels, 0, b.stream);
}

void residentSteps(const StepBuffers& b, int steps, void* exchange) {
    b.beforeWriting(Buffer::Out);
    launchHeatResident(b.in, b.out, b.nx, b.ny, b.r, b.boundary, steps, exchange, b.stream);
}

// The product's kernels, in the order the panel and the bench list them.
std::vector<Launcher> productLaunchers() {
    return {
        {Kernel::Copy, copyStep, {}, {}},
        {Kernel::Global, globalStep, {}, {}},
        {Kernel::Tiled, tiledStep, {}, {}},
        {Kernel::ThreePass, threePassStep, {}, {}},
        {Kernel::Optimised, optimisedStep, {}, residentSteps},
        // One step at a time is a pass of one level: the same arithmetic.
        {Kernel::Temporal, optimisedStep, temporalPass, {}},
    };
}

}  // namespace

LauncherTable<Launcher>& launcherTable() {
    static LauncherTable<Launcher> launchers("cuda", productLaunchers());
    return launchers;
}

}  // namespace heatlab::cuda
