#pragma once
// The CPU backend: the same kernels as the GPU where they mean something on
// a CPU, OpenMP across cores, inner loops the compiler vectorises, and
// ping-pong buffers like the device. Host memory is all one kind here, so
// "pinned" copies are plain copies.

#include <vector>

#include "kernels/ping_pong_backend.h"

namespace heatlab {

class CpuBackend final : public PingPongBackend {
public:
    CpuBackend();

    std::size_t availableBytes() const override;
    std::size_t bytesNeeded(const GridSize& grid) const override;
    // Its launcher table's (cpu_kernel_table.h).
    std::vector<Kernel> kernels() const override { return kernelList(); }
    // What kernels() returns, without a backend (a cue list checked as read).
    static std::vector<Kernel> kernelList();

    void upload(const GridSize& grid, const float* field, Boundary boundary) override;
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

protected:
    // 8 steps a pass at every size: a pass is bound by arithmetic in cache,
    // not by memory, from 1024 x 1024 up, so more steps a pass only save
    // memory traffic (measured on two cores: 8 fastest at 2048 and 8192, 4
    // and 8 alike at 1024 and below).
    int automaticTimeBlock(const GridSize& grid) const override;

private:
    // The ping-pong pair: buffers_[current_] holds the newest field.
    std::vector<float> buffers_[2];
    std::vector<float> laplacian_;       // the launchers' scratch (three-pass: its middle buffer)
    std::vector<float> rowMax_;          // maxAbs's per-row partial results
    std::vector<FieldRange> rowRanges_;  // range()'s
    std::vector<CellSpot> rowSpots_;     // checkerboardSpot()'s
};

}  // namespace heatlab
