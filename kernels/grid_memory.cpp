#include "kernels/grid_memory.h"

#include <sstream>
#include <string>

#include "kernels/base/errors.h"
#include "kernels/cpu/host_memory.h"

namespace heatlab {

namespace {

std::string mib(std::size_t bytes) {
    std::ostringstream text;
    text << bytes << " bytes (" << bytes / (1024 * 1024) << " MiB)";
    return text.str();
}

}  // namespace

void refuseIfTooLarge(const Backend& backend, const GridSize& grid) {
    const std::string label =
        "a " + std::to_string(grid.nx) + " x " + std::to_string(grid.ny) + " grid";
    const std::size_t deviceNeeded = backend.bytesNeeded(grid);
    const std::size_t hostNeeded = kHostBytesPerCell * grid.cells();
    const std::size_t hostAvailable = hostAvailableBytes();
    if (backend.facts().fieldInHostMemory) {
        // The backend's buffers compete with the program's own host copies.
        if (deviceNeeded + hostNeeded > hostAvailable) {
            throw UsageError(label + " needs " + mib(deviceNeeded + hostNeeded) +
                             " of host memory, " + mib(hostAvailable) + " available");
        }
        return;
    }
    const std::size_t deviceAvailable = backend.availableBytes();
    if (deviceNeeded > deviceAvailable) {
        throw UsageError(label + " needs " + mib(deviceNeeded) + " of " + backend.facts().name +
                         " device memory, " + mib(deviceAvailable) + " available");
    }
    if (hostNeeded > hostAvailable) {
        throw UsageError(label + " needs " + mib(hostNeeded) + " of host memory, " +
                         mib(hostAvailable) + " available");
    }
}

}  // namespace heatlab
