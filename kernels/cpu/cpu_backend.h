#pragma once
// The CPU backend: the same kernels as the GPU where they mean something on
// a CPU, OpenMP across cores, inner loops the compiler vectorises, and
// ping-pong buffers like the device. Host memory is all one kind here, so
// "pinned" copies are plain copies.

#include <vector>

#include "kernels/cpu/counted_allocator.h"
#include "kernels/ping_pong_backend.h"

namespace heatlab {

class CpuBackend final : public PingPongBackend {
public:
    CpuBackend();

    // The host's available memory and what this backend's buffers hold,
    // which a new grid's replace.
    std::size_t availableBytes() const override;
    // Every buffer it allocates for a grid (counted by its allocator,
    // counted_allocator.h): the ping-pong pair, the kernels' scratch, and
    // the reductions' results a row.
    std::size_t bytesNeeded(const GridSize& grid) const override;
    // Its launcher table's (cpu_kernel_table.h).
    std::vector<Kernel> kernels() const override { return kernelList(); }
    // What kernels() returns, without a backend (a cue list checked as read).
    static std::vector<Kernel> kernelList();

    void upload(const GridSize& grid, const float* field, Boundary boundary) override;
    // Made straight into the buffers, a row at a time on every thread.
    void uploadInitial(const GridSize& grid, InitialCondition initial, Boundary boundary) override;
    // From another CPU backend's buffer with no copy between.
    void uploadFrom(Backend& source, const GridSize& grid, Boundary boundary) override;
    // Where the host has room for a new grid's buffers beside the old.
    bool keepsFieldIfUploadFails(const GridSize& grid) const override;
    void step(Kernel kernel, int steps, float r) override;
    void systemCopy() override;
    void arithmeticBurst() override;
    double arithmeticBurstFlops() const override;
    void copyToHost(float* dst, HostMemory memory) override;
    void paint(float col, float row, float radius, float value) override;
    float maxAbs() override;
    FieldRange range() override;
    double checkerboardAmplitude() override;
    CellSpot checkerboardSpot() override;
    void viewImage(const ViewSampling& view, float* image) override;
    // Straight from the newest buffer, a row at a time.
    void copyWindow(const CellWindow& window, float* dst) override;

protected:
    // 8 steps a pass at every size: a pass is bound by arithmetic in cache,
    // not by memory, from 1024 x 1024 up, so more steps a pass only save
    // memory traffic (measured on two cores: 8 fastest at 2048 and 8192, 4
    // and 8 alike at 1024 and below).
    int automaticTimeBlock(const GridSize& grid) const override;

private:
    template <typename T>
    using Buffer = std::vector<T, cpu::CountedAllocator<T>>;

    // Makes every buffer hold `grid`, its values unset but the scratch's
    // (zero): the new ones beside the old where keepsFieldIfUploadFails(),
    // so an allocation that fails changes nothing; otherwise the old ones
    // first (the field is gone if it fails). Nothing for the same grid.
    void allocateFor(const GridSize& grid);
    // What the buffers hold now.
    std::size_t heldBytes() const;

    // The ping-pong pair: buffers_[current_] holds the newest field.
    Buffer<float> buffers_[2];
    Buffer<float> laplacian_;       // the launchers' scratch (three-pass: its middle buffer)
    Buffer<float> rowMax_;          // maxAbs's per-row partial results
    Buffer<FieldRange> rowRanges_;  // range()'s
    Buffer<CellSpot> rowSpots_;     // checkerboardSpot()'s
};

}  // namespace heatlab
