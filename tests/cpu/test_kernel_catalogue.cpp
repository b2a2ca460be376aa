// Kernels as data: the catalogue keeps every name the command line, scenes,
// cues and the wire have always used; a kernel added at run time, with a CPU
// launcher and no change to any backend, runs on the CPU backend; and a
// backend that writes only Backend's pure methods measures, paints and
// times through the defaults as the CPU backend does where its field lives.

#include <algorithm>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "kernels/base/errors.h"
#include "kernels/checks/bit_difference.h"
#include "kernels/cpu/cpu_arithmetic.h"
#include "kernels/cpu/cpu_backend.h"
#include "kernels/cpu/cpu_kernel_table.h"
#include "kernels/cpu/host_memory.h"
#include "kernels/kernel_traffic.h"
#include "kernels/numerics/ghost_ring.h"
#include "kernels/numerics/initial_conditions.h"
#include "kernels/numerics/stencil.h"

using namespace heatlab;

namespace {

// A student's kernel, as the textbook writes it: one loop over the
// interior, heatUpdate() a cell, then the ring.
cpu::NewField textbookStep(const cpu::StepBuffers& b) {
    const int nx = b.grid.nx;
    for (int row = 1; row < b.grid.ny - 1; ++row) {
        for (int col = 1; col < nx - 1; ++col) {
            const std::size_t c = static_cast<std::size_t>(row) * nx + col;
            b.out[c] =
                heatUpdate(b.in[c], b.in[c - 1], b.in[c + 1], b.in[c - nx], b.in[c + nx], b.r);
        }
    }
    fillGhostRing(b.out, b.grid, b.boundary);
    return cpu::NewField::Out;
}

// Registered once a process, however many times the test runs.
Kernel textbookKernel() {
    static const Kernel kernel = [] {
        const Kernel k = registerKernel({"textbook", {}});
        cpu::launcherTable().add({k, textbookStep, {}});
        return k;
    }();
    return kernel;
}

std::vector<float> fieldAfter(Backend& backend, const GridSize& grid, Boundary boundary,
                              Kernel kernel, int steps, float r) {
    const std::vector<float> start = makeInitialField(grid, InitialCondition::HotSquare, boundary);
    backend.upload(grid, start.data(), boundary);
    backend.step(kernel, steps, r);
    std::vector<float> field(grid.cells());
    backend.copyToHost(field.data(), HostMemory::Pageable);
    backend.synchronize();
    return field;
}

// A backend with Backend's pure methods and nothing else: its field in host
// memory, its steps the CPU's launcher table's.
class MinimalBackend final : public Backend {
public:
    MinimalBackend() { facts_.name = "minimal"; }

    std::size_t availableBytes() const override { return hostAvailableBytes(); }
    std::size_t bytesNeeded(const GridSize& grid) const override { return 3 * grid.bytes(); }
    std::vector<Kernel> kernels() const override { return cpu::launcherTable().kernels(); }
    void upload(const GridSize& grid, const float* field, Boundary boundary) override {
        checkUpload(grid, field);
        grid_ = grid;
        boundary_ = boundary;
        for (auto& buffer : buffers_) {
            buffer.assign(field, field + grid.cells());
        }
        scratch_.assign(grid.cells(), 0.0f);
        current_ = 0;
    }
    void step(Kernel kernel, int steps, float r) override {
        requireSteps(kernel, steps);
        const cpu::Launcher& launcher = *cpu::launcherTable().find(kernel);
        for (int i = 0; i < steps; ++i) {
            const cpu::StepBuffers b{buffers_[current_].data(),
                                     buffers_[1 - current_].data(),
                                     scratch_.data(),
                                     grid_,
                                     boundary_,
                                     r};
            if (launcher.step(b) == cpu::NewField::Out) {
                current_ = 1 - current_;
            }
        }
    }
    void copyToHost(float* dst, HostMemory /*memory*/) override {
        std::memcpy(dst, buffers_[current_].data(), grid_.bytes());
    }
    void systemCopy() override { buffers_[1 - current_] = buffers_[current_]; }
    void arithmeticBurst() override { cpu::arithmeticBurst(); }
    double arithmeticBurstFlops() const override { return cpu::arithmeticBurstFlops(); }

private:
    std::vector<float> buffers_[2];
    std::vector<float> scratch_;
    int current_ = 0;
};

}  // namespace

TEST(KernelCatalogue, TheProductsKernelsKeepTheirNamesAndTraits) {
    const std::vector<std::string> names{"copy",       "global",    "tiled",
                                         "three-pass", "optimised", "temporal"};
    const std::vector<Kernel> kernels = allKernels();
    ASSERT_GE(kernels.size(), names.size());
    for (std::size_t i = 0; i < names.size(); ++i) {
        EXPECT_EQ(name(kernels[i]), names[i]);
    }
    EXPECT_TRUE(traits(Kernel::Copy).copyFloor);
    EXPECT_TRUE(traits(Kernel::Temporal).fusesSteps);
    EXPECT_EQ(gridsMovedPerPass(Kernel::ThreePass), 7);
    EXPECT_EQ(gridsMovedPerPass(Kernel::Optimised), 2);
    const std::vector<Kernel> stencils = allStencilKernels();
    EXPECT_EQ(stencils.front(), Kernel::Global);
    for (const Kernel kernel : stencils) {
        EXPECT_FALSE(traits(kernel).copyFloor) << name(kernel);
    }
}

TEST(KernelCatalogue, RefusesANameItCannotTakeOrHasAlready) {
    EXPECT_THROW(registerKernel({"", {}}), UsageError);
    EXPECT_THROW(registerKernel({"Two Words", {}}), UsageError);
    EXPECT_THROW(registerKernel({"optimised", {}}), UsageError);
    EXPECT_THROW(cpu::launcherTable().add({Kernel::Global, textbookStep, {}}), UsageError);
}

TEST(KernelCatalogue, AKernelAddedAtRunTimeRunsOnTheCpuBackend) {
    const Kernel textbook = textbookKernel();
    EXPECT_STREQ(name(textbook), "textbook");
    const std::vector<Kernel> stencils = allStencilKernels();
    EXPECT_NE(std::find(stencils.begin(), stencils.end(), textbook), stencils.end());
    CpuBackend backend;
    ASSERT_TRUE(backend.hasKernel(textbook));
    EXPECT_EQ(backend.stencilKernels().back(), textbook);
    // Every kernel computes each cell by heatUpdate(), so the textbook's
    // field is the global kernel's, bit for bit, on every boundary.
    const GridSize grid{67, 45};
    for (const Boundary boundary : allBoundaries()) {
        const std::vector<float> mine = fieldAfter(backend, grid, boundary, textbook, 9, 0.24f);
        const std::vector<float> global =
            fieldAfter(backend, grid, boundary, Kernel::Global, 9, 0.24f);
        EXPECT_EQ(bitDifference(mine, global).cells, 0u) << name(boundary);
    }
}

TEST(MinimalBackend, MeasuresPaintsAndTimesThroughTheDefaults) {
    const GridSize grid{64, 48};
    const float r = 0.3f;  // unstable, so the checkerboard has something to find
    MinimalBackend minimal;
    CpuBackend cpu;
    EXPECT_THROW(minimal.maxAbs(), RuntimeError);
    for (const Boundary boundary : {Boundary::Dirichlet, Boundary::Periodic}) {
        const std::vector<float> a = fieldAfter(minimal, grid, boundary, Kernel::ThreePass, 7, r);
        const std::vector<float> b = fieldAfter(cpu, grid, boundary, Kernel::ThreePass, 7, r);
        EXPECT_EQ(bitDifference(a, b).cells, 0u);
        minimal.paint(20.0f, 10.0f, 3.0f, 2.0f);
        cpu.paint(20.0f, 10.0f, 3.0f, 2.0f);
        EXPECT_EQ(minimal.maxAbs(), cpu.maxAbs());
        EXPECT_EQ(minimal.range().min, cpu.range().min);
        EXPECT_EQ(minimal.range().max, cpu.range().max);
        EXPECT_EQ(minimal.checkerboardAmplitude(), cpu.checkerboardAmplitude());
        EXPECT_EQ(minimal.checkerboardSpot().col, cpu.checkerboardSpot().col);
        EXPECT_EQ(minimal.checkerboardSpot().row, cpu.checkerboardSpot().row);
        ASSERT_TRUE(minimal.requestMeasures(7));
        const std::optional<FieldMeasures> measured = minimal.finishedMeasures();
        ASSERT_TRUE(measured.has_value());
        EXPECT_EQ(measured->tag, 7);
        const ViewSampling view{0.0f, 0.0f, 4.0f, 16, 12};
        std::vector<float> mineImage(view.pixels());
        std::vector<float> cpuImage(view.pixels());
        minimal.viewImage(view, mineImage.data());
        cpu.viewImage(view, cpuImage.data());
        EXPECT_EQ(bitDifference(mineImage, cpuImage).cells, 0u);
        // One step on, the painted fields still agree.
        minimal.step(Kernel::Optimised, 1, r);
        cpu.step(Kernel::Optimised, 1, r);
        std::vector<float> x(grid.cells());
        std::vector<float> y(grid.cells());
        minimal.copyToHost(x.data(), HostMemory::Pageable);
        cpu.copyToHost(y.data(), HostMemory::Pageable);
        EXPECT_EQ(bitDifference(x, y).cells, 0u);
    }
    const HostBuffer host = minimal.allocateHost(16, HostMemory::Pinned);
    EXPECT_EQ(host[15], 0.0f);
    const std::unique_ptr<Stopwatch> watch = minimal.stopwatch();
    watch->start();
    minimal.step(Kernel::Global, 3, r);
    EXPECT_GE(watch->stopMs(), 0.0);
}
