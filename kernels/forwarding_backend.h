#pragma once
// A backend that runs on another one and forwards every call to it: the
// base of the backends that change one thing (an allocation that fails, a
// stopwatch that reads a script, a frame's steps that fail on demand:
// app/lecture/run/frame_fault.h) and leave the rest real. Here, not in the
// tests' support, because the program's own test hook is one of them.

#include <cstddef>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "kernels/backend.h"

namespace heatlab {

class ForwardingBackend : public Backend {
public:
    explicit ForwardingBackend(std::unique_ptr<Backend> inner) : inner_(std::move(inner)) {
        facts_ = inner_->facts();
    }

    std::size_t availableBytes() const override { return inner_->availableBytes(); }
    std::size_t bytesNeeded(const GridSize& grid) const override {
        return inner_->bytesNeeded(grid);
    }
    std::vector<Kernel> kernels() const override { return inner_->kernels(); }
    void upload(const GridSize& grid, const float* field, Boundary boundary) override {
        inner_->upload(grid, field, boundary);
    }
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
    void copyWindow(const CellWindow& window, float* dst) override {
        inner_->copyWindow(window, dst);
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

protected:
    Backend& inner() { return *inner_; }

private:
    std::unique_ptr<Backend> inner_;
};

}  // namespace heatlab
