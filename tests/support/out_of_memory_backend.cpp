#include "tests/support/out_of_memory_backend.h"

#include <utility>

#include "kernels/base/errors.h"

namespace heatlab {

OutOfMemoryBackend::OutOfMemoryBackend(std::unique_ptr<Backend> inner, std::size_t maxCells)
    : ForwardingBackend(std::move(inner)), maxCells_(maxCells) {}

// The most a grid may need and still be allocated, as far as the check
// knows; the host's memory is still checked against the host's own figure.
std::size_t OutOfMemoryBackend::availableBytes() const {
    return std::numeric_limits<std::size_t>::max() / 2;
}

void OutOfMemoryBackend::upload(const GridSize& grid, const float* field, Boundary boundary) {
    if (grid.cells() <= maxCells_) {
        inner().upload(grid, field, boundary);
        return;
    }
    ++failedUploads_;
    // The CUDA backend frees the old grid's buffers before allocating the
    // new one's: what it held is gone when the allocation fails.
    const GridSize blank{3, 3};
    const std::vector<float> zeros(blank.cells(), 0.0f);
    inner().upload(blank, zeros.data(), boundary);
    throw RuntimeError("cudaMalloc of " + std::to_string(grid.bytes()) +
                       " bytes: out of memory (simulated)");
}

}  // namespace heatlab
