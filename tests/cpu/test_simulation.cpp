// Simulation: the step counter, the copy-back policy, and the host buffer the
// policy copies into, which is allocated once per grid and memory kind (pinned
// memory is slow to allocate, and a reset must not pay for it every time);
// switching backends on the same field, and restarting on another backend
// when the field's own can no longer be read (its device lost).

#include <cstring>
#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "kernels/base/errors.h"
#include "kernels/cpu/cpu_backend.h"
#include "kernels/simulation.h"

namespace heatlab {
namespace {

// Host buffers from every CountingBackend not yet freed, and how the CPU
// backend frees its own (the deleter is a plain function, so these are global).
int liveHostBuffers = 0;
void (*cpuRelease)(float*) = nullptr;

void countedRelease(float* p) {
    --liveHostBuffers;
    cpuRelease(p);
}

// The CPU backend, counting the host buffers it is asked for and those alive.
class CountingBackend : public Backend {
public:
    explicit CountingBackend(int* allocations) : allocations_(allocations) {
        facts_ = inner_.facts();
    }

    std::size_t availableBytes() const override { return inner_.availableBytes(); }
    std::size_t bytesNeeded(const GridSize& grid) const override {
        return inner_.bytesNeeded(grid);
    }
    std::vector<Kernel> kernels() const override { return inner_.kernels(); }
    void upload(const GridSize& grid, const float* field, Boundary boundary) override {
        inner_.upload(grid, field, boundary);
    }
    void step(Kernel kernel, int steps, float r) override { inner_.step(kernel, steps, r); }
    void systemCopy() override { inner_.systemCopy(); }
    void arithmeticBurst() override { inner_.arithmeticBurst(); }
    double arithmeticBurstFlops() const override { return inner_.arithmeticBurstFlops(); }
    void copyToHost(float* dst, HostMemory memory) override { inner_.copyToHost(dst, memory); }
    void paint(float col, float row, float radius, float value) override {
        inner_.paint(col, row, radius, value);
    }
    float maxAbs() override { return inner_.maxAbs(); }
    FieldRange range() override { return inner_.range(); }
    double checkerboardAmplitude() override { return inner_.checkerboardAmplitude(); }
    CellSpot checkerboardSpot() override { return inner_.checkerboardSpot(); }
    void viewImage(const ViewSampling& view, float* image) override {
        inner_.viewImage(view, image);
    }
    HostBuffer allocateHost(std::size_t count, HostMemory memory) override {
        ++*allocations_;
        HostBuffer buffer = inner_.allocateHost(count, memory);
        cpuRelease = buffer.get_deleter().release;
        ++liveHostBuffers;
        return HostBuffer(buffer.release(), HostBufferDeleter{&countedRelease});
    }
    std::unique_ptr<Stopwatch> stopwatch() override { return inner_.stopwatch(); }
    void synchronize() override { inner_.synchronize(); }

private:
    CpuBackend inner_;
    int* allocations_;
};

// The same, posing as a device with no memory left: no grid fits it.
class FullDeviceBackend final : public CountingBackend {
public:
    explicit FullDeviceBackend(int* allocations) : CountingBackend(allocations) {
        facts_.fieldInHostMemory = false;
    }
    std::size_t availableBytes() const override { return 0; }
};

// The same, once `lost`: every call that reaches the device fails, as every
// CUDA call does after a sticky error.
class LosableBackend final : public CountingBackend {
public:
    using CountingBackend::CountingBackend;
    bool lost = false;

    void upload(const GridSize& grid, const float* field, Boundary boundary) override {
        failIfLost();
        CountingBackend::upload(grid, field, boundary);
    }
    void step(Kernel kernel, int steps, float r) override {
        failIfLost();
        CountingBackend::step(kernel, steps, r);
    }
    void copyToHost(float* dst, HostMemory memory) override {
        failIfLost();
        CountingBackend::copyToHost(dst, memory);
    }
    HostBuffer allocateHost(std::size_t count, HostMemory memory) override {
        failIfLost();
        return CountingBackend::allocateHost(count, memory);
    }
    void synchronize() override {
        failIfLost();
        CountingBackend::synchronize();
    }

private:
    void failIfLost() const {
        if (lost) {
            throw DeviceLostError("an illegal memory access was encountered");
        }
    }
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
    EXPECT_EQ(allocations, 0) << "a policy that copies nothing has no buffer";
    simulation.setCopyPolicy({1, HostMemory::Pageable});
    EXPECT_EQ(allocations, 1);
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

// A grid that is a multiple of nothing, a boundary and r that are not the
// defaults, so a switch that lost any of them would show.
Params oddGrid() {
    Params p;
    p.grid = GridSize{131, 67};
    p.r = 0.2f;
    p.kernel = Kernel::Global;
    p.boundary = Boundary::Insulated;
    return p;
}

std::vector<float> copyOf(Simulation& simulation) { return simulation.fieldOnHost(); }

bool sameBits(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

TEST(SimulationSwitch, KeepsTheFieldStepsPolicyAndFieldCount) {
    Simulation simulation(std::make_unique<CpuBackend>(), oddGrid());
    simulation.setCopyPolicy({3, HostMemory::Pinned});
    simulation.advance(7);  // copies after steps 3 and 6
    const std::vector<float> before = copyOf(simulation);
    const double copied = simulation.bytesCopiedBack();
    const long long fields = simulation.fieldCount();
    Backend* const old = &simulation.backend();

    const std::unique_ptr<Backend> returned =
        simulation.switchBackend(std::make_unique<CpuBackend>());

    EXPECT_EQ(returned.get(), old) << "the backend handed back is the one it ran on";
    EXPECT_NE(&simulation.backend(), old);
    EXPECT_TRUE(sameBits(copyOf(simulation), before)) << "the field changed in the switch";
    EXPECT_EQ(simulation.stepCount(), 7);
    EXPECT_EQ(simulation.fieldCount(), fields) << "the same field, not a new one";
    EXPECT_DOUBLE_EQ(simulation.bytesCopiedBack(), copied);
    EXPECT_EQ(simulation.copyPolicy().every, 3);
    EXPECT_EQ(simulation.copyPolicy().memory, HostMemory::Pinned);
    EXPECT_EQ(simulation.params().kernel, Kernel::Global);
    EXPECT_EQ(simulation.params().r, 0.2f);
    EXPECT_EQ(simulation.params().boundary, Boundary::Insulated);
    simulation.advance(2);  // step 9: the policy's next copy
    EXPECT_DOUBLE_EQ(simulation.bytesCopiedBack(), copied + 131.0 * 67 * sizeof(float));
}

TEST(SimulationSwitch, SteppingOnMatchesARunThatNeverSwitched) {
    for (const Kernel kernel : CpuBackend().kernels()) {
        SCOPED_TRACE(name(kernel));
        Params params = oddGrid();
        params.kernel = kernel;
        Simulation switched(std::make_unique<CpuBackend>(), params);
        Simulation stayed(std::make_unique<CpuBackend>(), params);
        switched.setCopyPolicy({4, HostMemory::Pageable});
        stayed.setCopyPolicy({4, HostMemory::Pageable});
        switched.advance(5);
        switched.switchBackend(std::make_unique<CpuBackend>());
        switched.advance(9);
        stayed.advance(14);
        EXPECT_EQ(switched.stepCount(), stayed.stepCount());
        EXPECT_DOUBLE_EQ(switched.bytesCopiedBack(), stayed.bytesCopiedBack());
        EXPECT_TRUE(sameBits(copyOf(switched), copyOf(stayed)));
    }
}

TEST(SimulationSwitch, TheCopyBufferComesFromTheNewBackendAndTheOldOneIsFreedFirst) {
    int oldAllocations = 0;
    int newAllocations = 0;
    Simulation simulation(std::make_unique<CountingBackend>(&oldAllocations), oddGrid());
    simulation.setCopyPolicy({1, HostMemory::Pinned});
    simulation.advance(2);
    ASSERT_EQ(liveHostBuffers, 1);
    const int oldBefore = oldAllocations;  // the first buffer and the pinned one

    std::unique_ptr<Backend> old =
        simulation.switchBackend(std::make_unique<CountingBackend>(&newAllocations));

    EXPECT_EQ(oldAllocations, oldBefore) << "the old backend was asked for a buffer";
    EXPECT_EQ(newAllocations, 1);
    EXPECT_EQ(liveHostBuffers, 1) << "the old backend's buffer outlived the switch";
    old.reset();  // nothing of the simulation's may depend on it now
    simulation.setTimedCopies(true);
    simulation.advance(3);
    EXPECT_EQ(simulation.stepCount(), 5);
    EXPECT_GT(simulation.takeCopyBackMs(), 0.0) << "timed copies stopped with the switch";
    EXPECT_DOUBLE_EQ(simulation.bytesCopiedBack(), 5.0 * 131 * 67 * sizeof(float));
}

// What a refused switch must leave as it was.
struct Snapshot {
    explicit Snapshot(Simulation& simulation)
        : backend(&simulation.backend()),
          field(copyOf(simulation)),
          steps(simulation.stepCount()),
          fields(simulation.fieldCount()),
          copied(simulation.bytesCopiedBack()) {}

    void expectSame(Simulation& simulation) const {
        EXPECT_EQ(&simulation.backend(), backend);
        EXPECT_TRUE(sameBits(copyOf(simulation), field));
        EXPECT_EQ(simulation.stepCount(), steps);
        EXPECT_EQ(simulation.fieldCount(), fields);
        EXPECT_DOUBLE_EQ(simulation.bytesCopiedBack(), copied);
    }

    Backend* backend;
    std::vector<float> field;
    long long steps;
    long long fields;
    double copied;
};

TEST(SimulationSwitch, AKernelTheNewBackendLacksChangesNothing) {
    ASSERT_FALSE(CpuBackend().hasKernel(Kernel::Tiled));
    Simulation simulation(std::make_unique<CpuBackend>(), oddGrid());
    simulation.setCopyPolicy({2, HostMemory::Pageable});
    simulation.advance(5);
    Params tiled = simulation.params();
    tiled.kernel = Kernel::Tiled;  // as if running on CUDA's tiled kernel
    simulation.setParams(tiled);
    const Snapshot before(simulation);
    int allocations = 0;

    EXPECT_THROW(simulation.switchBackend(std::make_unique<CountingBackend>(&allocations)),
                 UsageError);

    before.expectSame(simulation);
    EXPECT_EQ(simulation.params().kernel, Kernel::Tiled);
    EXPECT_EQ(allocations, 0) << "the new backend was touched before the check";
}

TEST(SimulationSwitch, ANullBackendChangesNothing) {
    Simulation simulation(std::make_unique<CpuBackend>(), oddGrid());
    simulation.advance(3);
    const Snapshot before(simulation);
    EXPECT_THROW(simulation.switchBackend(nullptr), RuntimeError);
    before.expectSame(simulation);
}

TEST(SimulationSwitch, AGridTheNewBackendCannotHoldChangesNothing) {
    Simulation simulation(std::make_unique<CpuBackend>(), oddGrid());
    simulation.advance(3);
    const Snapshot before(simulation);
    int allocations = 0;
    EXPECT_THROW(simulation.switchBackend(std::make_unique<FullDeviceBackend>(&allocations)),
                 UsageError);
    before.expectSame(simulation);
    EXPECT_EQ(allocations, 0);
}

TEST(SimulationRestart, ALostBackendsFieldIsMadeAnewOnTheNextAtStepZero) {
    int lostAllocations = 0;
    int newAllocations = 0;
    auto losable = std::make_unique<LosableBackend>(&lostAllocations);
    LosableBackend* old = losable.get();
    Params params = oddGrid();
    params.kernel = Kernel::Global;
    params.r = 0.2f;
    Simulation simulation(std::move(losable), params);
    simulation.setCopyPolicy({2, HostMemory::Pinned});
    simulation.advance(5);
    const long long fields = simulation.fieldCount();
    old->lost = true;
    ASSERT_THROW(simulation.switchBackend(std::make_unique<CpuBackend>()), DeviceLostError)
        << "the field can no longer be switched with";

    std::unique_ptr<Backend> returned =
        simulation.restartOn(std::make_unique<CountingBackend>(&newAllocations));

    EXPECT_EQ(returned.get(), old) << "the backend handed back is the one it ran on";
    EXPECT_EQ(liveHostBuffers, 1) << "the lost backend's buffer outlived the restart";
    returned.reset();  // nothing of the simulation's may depend on it now
    EXPECT_EQ(newAllocations, 1) << "the copy buffer comes from the new backend";
    EXPECT_EQ(simulation.stepCount(), 0);
    EXPECT_EQ(simulation.fieldCount(), fields + 1) << "a new field";
    EXPECT_DOUBLE_EQ(simulation.bytesCopiedBack(), 0.0);
    EXPECT_EQ(simulation.copyPolicy().every, 2);
    EXPECT_EQ(simulation.params().kernel, Kernel::Global);
    EXPECT_EQ(simulation.params().r, 0.2f);
    Simulation fresh(std::make_unique<CpuBackend>(), params);
    EXPECT_TRUE(sameBits(copyOf(simulation), copyOf(fresh))) << "not the initial field";
    simulation.advance(3);
    fresh.advance(3);
    EXPECT_TRUE(sameBits(copyOf(simulation), copyOf(fresh)));
}

TEST(SimulationRestart, AKernelTheNextBackendLacksChangesNothing) {
    int allocations = 0;
    Simulation simulation(std::make_unique<CpuBackend>(), oddGrid());
    simulation.advance(3);
    Params tiled = simulation.params();
    tiled.kernel = Kernel::Tiled;
    simulation.setParams(tiled);
    const Snapshot before(simulation);
    EXPECT_THROW(simulation.restartOn(std::make_unique<CountingBackend>(&allocations)), UsageError);
    EXPECT_THROW(simulation.restartOn(nullptr), RuntimeError);
    before.expectSame(simulation);
    EXPECT_EQ(allocations, 0);
}

}  // namespace
}  // namespace heatlab
