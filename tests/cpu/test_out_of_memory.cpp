// A grid change whose allocation fails after the up-front check passed (the
// memory taken by another program in between), on the CPU backend through
// OutOfMemoryBackend, which fails the way the CUDA backend does: the old
// buffers already gone. The simulation keeps its field, its grid and its
// step count, and says which grid could not be made and why. The same on
// a real device is in tests/gpu/test_out_of_memory_gpu.cpp.

#include <memory>
#include <new>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "kernels/base/errors.h"
#include "kernels/cpu/cpu_backend.h"
#include "kernels/simulation.h"
#include "tests/support/out_of_memory_backend.h"
#include "tests/support/scoped_memory_limit.h"

namespace heatlab {
namespace {

constexpr GridSize kRunning{67, 45};
constexpr GridSize kTooLarge{259, 131};
constexpr std::size_t kRoomForCells = 100 * 100;

Params runningParams() {
    Params params;
    params.grid = kRunning;
    params.r = 0.24f;
    params.kernel = Kernel::Optimised;
    params.boundary = Boundary::Dirichlet;
    params.initial = InitialCondition::HotSquare;
    return params;
}

TEST(OutOfMemory, AGridThatCannotBeAllocatedKeepsTheFieldItsGridAndItsSteps) {
    auto backend =
        std::make_unique<OutOfMemoryBackend>(std::make_unique<CpuBackend>(), kRoomForCells);
    OutOfMemoryBackend* failing = backend.get();
    Simulation simulation(std::move(backend), runningParams());
    simulation.advance(7);
    const std::vector<float> before = simulation.fieldOnHost();
    const long long fields = simulation.fieldCount();

    Params wanted = runningParams();
    wanted.grid = kTooLarge;
    wanted.boundary = Boundary::Periodic;
    wanted.initial = InitialCondition::Sine;
    wanted.kernel = Kernel::Global;
    wanted.r = 0.2f;
    simulation.setParams(wanted);
    std::string message;
    try {
        simulation.reset();
        ADD_FAILURE() << "the reset went through";
    } catch (const RuntimeError& e) {
        message = e.what();
    }
    EXPECT_EQ(failing->failedUploads(), 1);
    EXPECT_EQ(message.rfind("a 259 x 131 grid could not be made: ", 0), 0u) << message;
    EXPECT_NE(message.find("out of memory"), std::string::npos) << message;

    // The field it had, on the grid, boundary and initial field it was made
    // with; kernel and r, which need no new field, as set.
    const Params& kept = simulation.params();
    EXPECT_EQ(kept.grid.nx, kRunning.nx);
    EXPECT_EQ(kept.grid.ny, kRunning.ny);
    EXPECT_EQ(kept.boundary, Boundary::Dirichlet);
    EXPECT_EQ(kept.initial, InitialCondition::HotSquare);
    EXPECT_EQ(kept.kernel, Kernel::Global);
    EXPECT_EQ(kept.r, 0.2f);
    EXPECT_EQ(simulation.stepCount(), 7);
    EXPECT_EQ(simulation.fieldCount(), fields) << "the same field, so its measures still hold";
    EXPECT_EQ(simulation.fieldOnHost(), before);

    // It runs on, and a grid that fits is made as usual.
    simulation.advance(3);
    EXPECT_EQ(simulation.stepCount(), 10);
    Params fits = simulation.params();
    fits.grid = GridSize{90, 80};
    simulation.setParams(fits);
    simulation.reset();
    EXPECT_EQ(simulation.stepCount(), 0);
    EXPECT_EQ(simulation.fieldOnHost().size(), std::size_t{90 * 80});
}

TEST(OutOfMemory, AFailedGridKeepsTheCopyBackPolicyWorking) {
    Simulation simulation(
        std::make_unique<OutOfMemoryBackend>(std::make_unique<CpuBackend>(), kRoomForCells),
        runningParams());
    simulation.setCopyPolicy(CopyPolicy{1, HostMemory::Pageable});
    Params wanted = simulation.params();
    wanted.grid = kTooLarge;
    simulation.setParams(wanted);
    EXPECT_THROW(simulation.reset(), RuntimeError);
    // Copies after every step go into a buffer of the kept grid's size.
    simulation.advance(4);
    EXPECT_EQ(simulation.bytesCopiedBack(), 4.0 * static_cast<double>(kRunning.bytes()));
}

// Issue 44: under `ulimit -v` (a shared server's limit, the fuzzer's) the
// up-front check read only MemAvailable, passed a grid the limit could not
// hold, and the allocation failed (std::bad_alloc out of a new simulation).
// What the address-space limit leaves counts as available: the grid is
// refused before anything is allocated, naming the bytes.
TEST(OutOfMemory, AnAddressSpaceLimitIsHostMemoryTheCheckRefusesAGridOver) {
    const ScopedMemoryLimit limit(256u << 20);
    Params params = runningParams();
    params.grid = GridSize{8192, 8192};  // 256 MiB a buffer, 2 GiB of the tools' host copies
    try {
        Simulation simulation(std::make_unique<CpuBackend>(), params);
        ADD_FAILURE() << "an 8192 x 8192 grid was made in 256 MiB";
    } catch (const UsageError& e) {
        EXPECT_NE(std::string(e.what()).find("a 8192 x 8192 grid needs"), std::string::npos)
            << e.what();
        EXPECT_NE(std::string(e.what()).find("of host memory"), std::string::npos) << e.what();
    } catch (const std::bad_alloc&) {
        ADD_FAILURE() << "refused only when its allocation failed";
    }
    // A grid within it is made.
    params.grid = GridSize{512, 512};
    EXPECT_NO_THROW(Simulation(std::make_unique<CpuBackend>(), params));
}

}  // namespace
}  // namespace heatlab
