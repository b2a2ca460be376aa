// Simulation: the step counter, the copy-back policy, and the host buffer the
// policy copies into, which is allocated once per grid and memory kind (pinned
// memory is slow to allocate, and a reset must not pay for it every time).

#include <memory>

#include <gtest/gtest.h>

#include "kernels/cpu/cpu_backend.h"
#include "kernels/simulation.h"

namespace heatlab {
namespace {

// The CPU backend, counting the host buffers it is asked for.
class CountingBackend final : public Backend {
public:
    explicit CountingBackend(int* allocations) : allocations_(allocations) {}

    std::string name() const override { return inner_.name(); }
    std::string deviceName() const override { return inner_.deviceName(); }
    double peakBandwidthGBs() const override { return inner_.peakBandwidthGBs(); }
    std::size_t availableBytes() const override { return inner_.availableBytes(); }
    std::size_t bytesNeeded(const GridSize& grid) const override {
        return inner_.bytesNeeded(grid);
    }
    bool fieldInHostMemory() const override { return inner_.fieldInHostMemory(); }
    std::string systemCopyName() const override { return inner_.systemCopyName(); }
    std::vector<Kernel> kernels() const override { return inner_.kernels(); }
    void upload(const GridSize& grid, const float* field, Boundary boundary) override {
        inner_.upload(grid, field, boundary);
    }
    void step(Kernel kernel, int steps, float r) override { inner_.step(kernel, steps, r); }
    void systemCopy() override { inner_.systemCopy(); }
    void copyToHost(float* dst, HostMemory memory) override { inner_.copyToHost(dst, memory); }
    void paint(float col, float row, float radius, float value) override {
        inner_.paint(col, row, radius, value);
    }
    float maxAbs() override { return inner_.maxAbs(); }
    FieldRange range() override { return inner_.range(); }
    double checkerboardAmplitude() override { return inner_.checkerboardAmplitude(); }
    HostBuffer allocateHost(std::size_t count, HostMemory memory) override {
        ++*allocations_;
        return inner_.allocateHost(count, memory);
    }
    std::unique_ptr<Stopwatch> stopwatch() override { return inner_.stopwatch(); }
    void synchronize() override { inner_.synchronize(); }

private:
    CpuBackend inner_;
    int* allocations_;
};

Params smallGrid() {
    Params p;
    p.grid = {33, 17};
    p.kernel = Kernel::Global;
    return p;
}

TEST(Simulation, ResetKeepsTheCopyBufferWhileGridAndMemoryKindStay) {
    int allocations = 0;
    Simulation simulation(std::make_unique<CountingBackend>(&allocations), smallGrid());
    EXPECT_EQ(allocations, 1);
    simulation.setCopyPolicy({1, HostMemory::Pageable});
    for (int i = 0; i < 5; ++i) {
        simulation.advance(3);
        simulation.reset();
    }
    EXPECT_EQ(allocations, 1) << "reset() or an unchanged policy allocated again";
    simulation.setCopyPolicy({2, HostMemory::Pinned});
    simulation.reset();
    simulation.setCopyPolicy({5, HostMemory::Pinned});
    EXPECT_EQ(allocations, 2) << "only the change of memory kind needs a new buffer";
}

TEST(Simulation, CountsStepsAndTheBytesThePolicyCopiedBack) {
    Simulation simulation(std::make_unique<CpuBackend>(), smallGrid());
    simulation.setCopyPolicy({4, HostMemory::Pageable});
    simulation.advance(10);  // copies after steps 4 and 8
    EXPECT_EQ(simulation.stepCount(), 10);
    EXPECT_DOUBLE_EQ(simulation.bytesCopiedBack(), 2.0 * 33 * 17 * sizeof(float));
    simulation.reset();
    EXPECT_EQ(simulation.stepCount(), 0);
    EXPECT_DOUBLE_EQ(simulation.bytesCopiedBack(), 0.0);
}

TEST(Simulation, TimedCopiesAreMeasuredApartAndOnlyWhenAsked) {
    Params params;
    params.grid = GridSize{131, 67};
    Simulation simulation(std::make_unique<CpuBackend>(), params);
    simulation.setCopyPolicy(CopyPolicy{1, HostMemory::Pageable});
    simulation.advance(3);
    EXPECT_EQ(simulation.takeCopyBackMs(), 0.0) << "untimed copies are not timed";
    simulation.setTimedCopies(true);
    simulation.advance(3);
    EXPECT_GT(simulation.takeCopyBackMs(), 0.0);
    EXPECT_EQ(simulation.takeCopyBackMs(), 0.0) << "taken once";
    simulation.setCopyPolicy(CopyPolicy{});
    simulation.advance(3);
    EXPECT_EQ(simulation.takeCopyBackMs(), 0.0) << "no copies, no time";
}

}  // namespace
}  // namespace heatlab
