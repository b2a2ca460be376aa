#include "kernels/grid_memory.h"

#include <string>

#include "kernels/base/errors.h"
#include "kernels/base/words.h"
#include "kernels/cpu/host_memory.h"

namespace heatlab {

namespace {

std::string gridLabel(const GridSize& grid) { return trf("a %d x %d grid", grid.nx, grid.ny); }

}  // namespace

void refuseIfTooLarge(const Backend& backend, const GridSize& grid) {
    refuseIfTooLarge(backend, memoryPlan(backend, grid));
}

FreeMemory freeMemory(const Backend& backend) {
    FreeMemory free;
    if (backend.facts().fieldInHostMemory) {
        // The backend's own count adds the buffers it holds now, which a
        // new grid replaces.
        free.host = backend.availableBytes();
    } else {
        free.device = backend.availableBytes();
        free.host = hostAvailableBytes();
    }
    return free;
}

bool fits(const MemoryPlan& plan, const FreeMemory& free) {
    return plan.onDevice() <= free.device && plan.onHost() <= free.host;
}

void refuseIfTooLarge(const Backend& backend, const MemoryPlan& plan) {
    const std::string label = gridLabel(plan.grid);
    const FreeMemory free = freeMemory(backend);
    if (plan.onDevice() > free.device) {
        throw UsageError(trf("%s needs %s on the device, %s are free", label.c_str(),
                             memoryText(plan.onDevice()).c_str(), memoryText(free.device).c_str()));
    }
    if (plan.onHost() > free.host) {
        throw UsageError(trf("%s needs %s of host memory, %s are free", label.c_str(),
                             memoryText(plan.onHost()).c_str(), memoryText(free.host).c_str()));
    }
}

}  // namespace heatlab
