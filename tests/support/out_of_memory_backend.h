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

#include "kernels/backend.h"

namespace heatlab {

class OutOfMemoryBackend final : public Backend {
public:
    explicit OutOfMemoryBackend(std::unique_ptr<Backend> inner,
                                std::size_t maxCells = std::numeric_limits<std::size_t>::max());

    // How many uploads failed so far.
    int failedUploads() const { return failedUploads_; }

    std::size_t availableBytes() const override;
    std::size_t bytesNeeded(const GridSize& grid) const override {
        return inner_->bytesNeeded(grid);
    }
    std::vector<Kernel> kernels() const override { return inner_->kernels(); }
    void upload(const GridSize& grid, const float* field, Boundary boundary) override;
    void step(Kernel kernel, int steps, float r) override { inner_->step(kernel, steps, r); }
    void stepMany(Kernel kernel, int steps, float r) override {
        inner_->stepMany(kernel, steps, r);
    }
    ManySteps manySteps(Kernel kernel, const GridSize& grid, Boundary boundary) const override {
        return inner_->manySteps(kernel, grid, boundary);
    }
    void systemCopy() override { inner_->systemCopy(); }
    void arithmeticBurst() override { inner_->arithmeticBurst(); }
    double arithmeticBurstFlops() const override { return inner_->arithmeticBurstFlops(); }
    void copyToHost(float* dst, HostMemory memory) override { inner_->copyToHost(dst, memory); }
    void paint(float col, float row, float radius, float value) override {
        inner_->paint(col, row, radius, value);
    }
    float maxAbs() override { return inner_->maxAbs(); }
    FieldRange range() override { return inner_->range(); }
    double checkerboardAmplitude() override { return inner_->checkerboardAmplitude(); }
    CellSpot checkerboardSpot() override { return inner_->checkerboardSpot(); }
    bool requestMeasures(long long tag, bool withSpot) override {
        return inner_->requestMeasures(tag, withSpot);
    }
    std::optional<FieldMeasures> finishedMeasures() override { return inner_->finishedMeasures(); }
    void viewImage(const ViewSampling& view, float* image) override {
        inner_->viewImage(view, image);
    }
    PresentWrite stepAndPresent(Kernel kernel, int steps, float r, DeviceDisplayBuffer& display,
                                const DisplayContents& contents) override {
        return inner_->stepAndPresent(kernel, steps, r, display, contents);
    }
    HostBuffer allocateHost(std::size_t count, HostMemory memory) override {
        return inner_->allocateHost(count, memory);
    }
    std::unique_ptr<Stopwatch> stopwatch() override { return inner_->stopwatch(); }
    void synchronize() override { inner_->synchronize(); }

private:
    std::unique_ptr<Backend> inner_;
    std::size_t maxCells_;
    int failedUploads_ = 0;
};

}  // namespace heatlab
