#pragma once
// A backend that runs on another one and meets an allocation failure on a
// grid change, on demand: what happens when the memory a grid was checked
// against (refuseIfTooLarge) is taken by another program before the grid is
// allocated, which no test can otherwise arrange at will.
//
// It reports room for any grid on its device, so the up-front check passes.
// An upload of a grid of more than `maxCells` cells then fails the way the
// CUDA backend's does when cudaMalloc runs out: the old buffers already let
// go (the inner backend left holding a 3 x 3 blank, not its field) and a
// RuntimeError thrown. With maxCells at its default every upload goes to
// the inner backend, so on a real device the real allocation fails.
// Everything else is the inner backend's.

#include <cstddef>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kernels/forwarding_backend.h"

namespace heatlab {

class OutOfMemoryBackend final : public ForwardingBackend {
public:
    explicit OutOfMemoryBackend(std::unique_ptr<Backend> inner,
                                std::size_t maxCells = std::numeric_limits<std::size_t>::max());

    // How many uploads failed so far.
    int failedUploads() const { return failedUploads_; }

    std::size_t availableBytes() const override;
    void upload(const GridSize& grid, const float* field, Boundary boundary) override;

private:
    std::size_t maxCells_;
    int failedUploads_ = 0;
};

}  // namespace heatlab
