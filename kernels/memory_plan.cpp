#include "kernels/memory_plan.h"

#include <algorithm>
#include <cstdio>
#include <mutex>

#include "kernels/base/words.h"

namespace heatlab {

namespace {

std::mutex useMutex;
MemoryUse runningUse;

// The view the display is made for: the use's, or a picture's tile.
DisplayLayout displayLayoutOf(const MemoryUse& use, const GridSize& grid) {
    if (use.fieldPicture) {
        return DisplayLayout{std::min(grid.nx, use.pictureTileSide),
                             std::min(grid.ny, use.pictureTileSide)};
    }
    return DisplayLayout{use.viewWidth, use.viewHeight};
}

}  // namespace

void MemoryPlan::add(const std::string& purpose, MemoryPlace place, std::size_t bytes) {
    if (bytes > 0) {
        parts.push_back({purpose, place, bytes});
    }
}

std::size_t MemoryPlan::deviceParts() const {
    std::size_t sum = 0;
    for (const MemoryPart& part : parts) {
        sum += part.place == MemoryPlace::Device ? part.bytes : 0;
    }
    return sum;
}

std::size_t MemoryPlan::hostParts() const {
    std::size_t sum = 0;
    for (const MemoryPart& part : parts) {
        sum += part.place == MemoryPlace::Host ? part.bytes : 0;
    }
    return sum;
}

void setMemoryUse(const MemoryUse& use) {
    const std::lock_guard<std::mutex> lock(useMutex);
    runningUse = use;
}

MemoryUse memoryUse() {
    const std::lock_guard<std::mutex> lock(useMutex);
    return runningUse;
}

MemoryPlan memoryPlan(const Backend& backend, const GridSize& grid, const MemoryUse& use) {
    MemoryPlan plan;
    plan.grid = grid;
    plan.deviceIsHost = backend.facts().fieldInHostMemory;
    const std::size_t panes = use.panes > 1 ? static_cast<std::size_t>(use.panes) : 1;
    const std::size_t field = grid.bytes();
    plan.add(trNoop("the field's two buffers and the kernels' scratch"), MemoryPlace::Device,
             panes * backend.bytesNeeded(grid));
    const std::size_t display = displayLayoutOf(use, grid).bytes();
    // A field in host memory is displayed through it, whatever was asked.
    MemoryUse::Display path = use.display;
    if (path == MemoryUse::Display::Interop && plan.deviceIsHost) {
        path = MemoryUse::Display::ViaHost;
    }
    switch (path) {
    case MemoryUse::Display::Interop:
        plan.add(trNoop("the display's buffers (interop)"), MemoryPlace::Device,
                 panes * kInteropDisplayBuffers * display);
        break;
    case MemoryUse::Display::ViaHost:
        plan.add(trNoop("the display's buffer"), MemoryPlace::Device,
                 panes * kViaHostDisplayBuffers * display);
        plan.add(trNoop("the view's values on their way to the display (via host)"),
                 MemoryPlace::Host, panes * display);
        break;
    case MemoryUse::Display::None: break;
    }
    if (use.copyBack) {
        plan.add(trNoop("the copy-back policy's buffer"), MemoryPlace::Host, panes * field);
    }
    if (use.fieldFile) {
        plan.add(trNoop("the field copied to the host (--field)"), MemoryPlace::Host, field);
        plan.add(trNoop("the --field file's bytes"), MemoryPlace::Host, field);
    }
    if (use.fieldPicture) {
        const std::size_t tile = static_cast<std::size_t>(std::min(grid.nx, use.pictureTileSide)) *
                                 static_cast<std::size_t>(std::min(grid.ny, use.pictureTileSide));
        plan.add(trNoop("the picture, one pixel a cell (RGB)"), MemoryPlace::Host,
                 3 * grid.cells());
        plan.add(trNoop("the picture's tile, drawn (RGBA)"), MemoryPlace::Device, 4 * tile);
        plan.add(trNoop("the picture's tile, read back (RGBA)"), MemoryPlace::Host, 4 * tile);
    }
    return plan;
}

MemoryPlan memoryPlan(const Backend& backend, const GridSize& grid) {
    return memoryPlan(backend, grid, memoryUse());
}

std::string memoryText(std::size_t bytes) {
    constexpr double kMiB = 1024.0 * 1024.0;
    constexpr double kGiB = 1024.0 * kMiB;
    const double b = static_cast<double>(bytes);
    char text[32];
    if (b >= kGiB) {
        std::snprintf(text, sizeof text, "%.1f GiB", b / kGiB);
    } else if (b >= kMiB) {
        std::snprintf(text, sizeof text, "%.1f MiB", b / kMiB);
    } else {
        std::snprintf(text, sizeof text, "%.1f KiB", b / 1024.0);
    }
    return text;
}

}  // namespace heatlab
