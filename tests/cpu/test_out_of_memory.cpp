// A grid change whose allocation fails after the up-front check passed (the
// memory taken by another program in between), on the CPU backend through
// OutOfMemoryBackend, which fails the way the CUDA backend does: the old
// buffers already gone. The simulation keeps its field, its grid and its
// step count, and says which grid could not be made and why. The same on
// a real device is in tests/gpu/test_out_of_memory_gpu.cpp.

#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "kernels/base/errors.h"
#include "kernels/cpu/cpu_backend.h"
#include "kernels/simulation.h"
#include "tests/support/out_of_memory_backend.h"

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

}  // namespace
}  // namespace heatlab
