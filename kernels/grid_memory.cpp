#include "kernels/grid_memory.h"

#include <atomic>
#include <string>

#include "kernels/base/errors.h"
#include "kernels/base/words.h"
#include "kernels/cpu/host_memory.h"

namespace heatlab {

namespace {

std::string mib(std::size_t bytes) {
    return trf("%zu bytes (%zu MiB)", bytes, bytes / (1024 * 1024));
}

}  // namespace

namespace {

std::atomic<std::size_t> displayFloats{0};

std::string gridLabel(const GridSize& grid) { return trf("a %d x %d grid", grid.nx, grid.ny); }

}  // namespace

void setDisplayFloatLimit(std::size_t floats) { displayFloats = floats; }

std::size_t displayFloatLimit() { return displayFloats; }

void refuseIfNotDisplayable(const GridSize& grid) {
    const std::size_t limit = displayFloats;
    if (limit > 0 && displayBufferFloats(grid) > limit) {
        const std::size_t most = limit > kDisplayRangeFloats ? limit - kDisplayRangeFloats : 0;
        throw UsageError(gridLabel(grid) + " has " + std::to_string(grid.cells()) +
                         " cells, more than this display can draw (" + std::to_string(most) +
                         ": its OpenGL's buffer texture limit)");
    }
}

void refuseIfTooLarge(const Backend& backend, const GridSize& grid) {
    refuseIfNotDisplayable(grid);
    const std::string label = gridLabel(grid);
    const std::size_t deviceNeeded = backend.bytesNeeded(grid);
    const std::size_t hostNeeded = kHostBytesPerCell * grid.cells();
    const std::size_t hostAvailable = hostAvailableBytes();
    if (backend.facts().fieldInHostMemory) {
        // The backend's buffers compete with the program's own host copies.
        if (deviceNeeded + hostNeeded > hostAvailable) {
            throw UsageError(trf("%s needs %s of host memory, %s available", label.c_str(),
                                 mib(deviceNeeded + hostNeeded).c_str(),
                                 mib(hostAvailable).c_str()));
        }
        return;
    }
    const std::size_t deviceAvailable = backend.availableBytes();
    if (deviceNeeded > deviceAvailable) {
        throw UsageError(trf("%s needs %s of %s device memory, %s available", label.c_str(),
                             mib(deviceNeeded).c_str(), backend.facts().name.c_str(),
                             mib(deviceAvailable).c_str()));
    }
    if (hostNeeded > hostAvailable) {
        throw UsageError(trf("%s needs %s of host memory, %s available", label.c_str(),
                             mib(hostNeeded).c_str(), mib(hostAvailable).c_str()));
    }
}

}  // namespace heatlab
