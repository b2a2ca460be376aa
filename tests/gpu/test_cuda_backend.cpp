// What is specific to the CUDA backend: error checks, device facts, exact
// round trips, and asynchronous pinned copies that must neither read a
// half-written field nor change the arithmetic. The kernel-vs-reference
// conformance suite is elsewhere. Every test skips, visibly, without a
// usable CUDA device.
//
// Host-compiled: public headers only, no device code.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include "kernels/backend.h"
#include "kernels/base/errors.h"
#include "kernels/checks/bit_difference.h"
#include "kernels/cpu/cpu_backend.h"
#include "kernels/cuda/cuda_backend.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_resources.h"
#include "kernels/numerics/initial_conditions.h"
#include "kernels/numerics/params.h"

namespace heatlab {
namespace {

class CudaBackendTest : public ::testing::Test {
protected:
    void SetUp() override {
        const std::string reason = cudaUnavailableReason();
        if (!reason.empty()) {
            GTEST_SKIP() << reason;
        }
        backend = makeCudaBackend();
    }

    std::unique_ptr<Backend> backend;
};

// A smooth field with a hot left wall: every step changes it, so a snapshot
// taken at the wrong moment differs from the right one.
std::vector<float> smoothField(const GridSize& grid) {
    std::vector<float> field(grid.cells());
    for (int row = 0; row < grid.ny; ++row) {
        for (int col = 0; col < grid.nx; ++col) {
            const float x = 0.37f * static_cast<float>(col);
            const float y = 0.23f * static_cast<float>(row);
            field[static_cast<std::size_t>(row) * static_cast<std::size_t>(grid.nx) + col] =
                (col == 0) ? 1.0f : std::sin(x) * std::cos(y);
        }
    }
    return field;
}

// Arbitrary bit patterns (negative zero, subnormals, infinities, NaNs):
// a copy must move bits, not values.
std::vector<float> randomBitsField(const GridSize& grid) {
    std::vector<float> field(grid.cells());
    std::uint32_t state = 12345u;
    for (float& value : field) {
        state = state * 1664525u + 1013904223u;
        std::memcpy(&value, &state, sizeof(value));
    }
    return field;
}

bool sameBits(const float* a, const float* b, std::size_t count) {
    return std::memcmp(a, b, count * sizeof(float)) == 0;
}

std::vector<float> fieldAfter(Backend& backend, const GridSize& grid,
                              const std::vector<float>& initial, Boundary boundary, Kernel kernel,
                              int steps) {
    backend.upload(grid, initial.data(), boundary);
    backend.step(kernel, steps, 0.24f);
    std::vector<float> result(grid.cells());
    backend.copyToHost(result.data(), HostMemory::Pageable);
    return result;
}

TEST_F(CudaBackendTest, FailingCallThrowsRuntimeErrorNamingTheCall) {
    void* p = nullptr;
    const std::size_t absurdBytes = std::numeric_limits<std::size_t>::max() / 2;
    try {
        CUDA_CHECK(cudaMalloc(&p, absurdBytes));
        (void)cudaFree(p);
        FAIL() << "cudaMalloc of " << absurdBytes << " bytes succeeded";
    } catch (const RuntimeError& error) {
        const std::string what = error.what();
        EXPECT_NE(what.find("cudaMalloc"), std::string::npos) << what;
        EXPECT_NE(what.find("test_cuda_backend.cpp:"), std::string::npos) << what;
    }
    (void)cudaGetLastError();  // the failed allocation is the runtime's last error
}

TEST_F(CudaBackendTest, CheckPrintOnlyLogsTheFailingCall) {
    void* p = nullptr;
    const std::size_t absurdBytes = std::numeric_limits<std::size_t>::max() / 2;
    ::testing::internal::CaptureStderr();
    EXPECT_NO_THROW(CUDA_CHECK_PRINT(cudaMalloc(&p, absurdBytes)));
    const std::string logged = ::testing::internal::GetCapturedStderr();
    EXPECT_NE(logged.find("cudaMalloc"), std::string::npos) << logged;
    (void)cudaGetLastError();
}

TEST_F(CudaBackendTest, DescribesItsDevice) {
    EXPECT_EQ(backend->facts().name, "cuda");
    EXPECT_FALSE(backend->facts().device.empty());
    EXPECT_GT(backend->facts().peakBandwidthGBs, 0.0);
    EXPECT_GT(backend->availableBytes(), std::size_t{0});
    const GridSize grid{2048, 1024};
    EXPECT_GE(backend->bytesNeeded(grid), 2 * grid.bytes());
    const std::vector<Kernel> kernels = backend->kernels();
    for (Kernel kernel :
         {Kernel::Copy, Kernel::Global, Kernel::Tiled, Kernel::ThreePass, Kernel::Optimised}) {
        EXPECT_NE(std::find(kernels.begin(), kernels.end(), kernel), kernels.end()) << name(kernel);
    }
}

TEST_F(CudaBackendTest, UploadThenCopyToHostRoundTripsBitExactly) {
    // Changing sizes also reallocates the device buffers between uploads.
    for (const GridSize grid : {GridSize{31, 33}, GridSize{4, 7}, GridSize{257, 129}}) {
        const std::vector<float> field = randomBitsField(grid);
        backend->upload(grid, field.data(), Boundary::Dirichlet);

        std::vector<float> pageable(grid.cells());
        backend->copyToHost(pageable.data(), HostMemory::Pageable);
        EXPECT_TRUE(sameBits(pageable.data(), field.data(), grid.cells()))
            << grid.nx << " x " << grid.ny << ", pageable";

        HostBuffer pinned = backend->allocateHost(grid.cells(), HostMemory::Pinned);
        backend->copyToHost(pinned.get(), HostMemory::Pinned);
        backend->synchronize();
        EXPECT_TRUE(sameBits(pinned.get(), field.data(), grid.cells()))
            << grid.nx << " x " << grid.ny << ", pinned";
    }
}

TEST_F(CudaBackendTest, CopyKernelMovesTheFieldUnchanged) {
    // 31 x 33 = 1023 cells: the vector copy's three-float tail is exercised.
    const GridSize grid{31, 33};
    const std::vector<float> field = randomBitsField(grid);
    const std::vector<float> after =
        fieldAfter(*backend, grid, field, Boundary::Dirichlet, Kernel::Copy, 3);
    EXPECT_TRUE(sameBits(after.data(), field.data(), grid.cells()));
}

TEST_F(CudaBackendTest, SystemCopyLeavesTheFieldUnchanged) {
    const GridSize grid{257, 129};
    const std::vector<float> initial = smoothField(grid);
    const std::vector<float> before =
        fieldAfter(*backend, grid, initial, Boundary::Periodic, Kernel::Optimised, 3);

    backend->systemCopy();
    std::vector<float> after(grid.cells());
    backend->copyToHost(after.data(), HostMemory::Pageable);
    EXPECT_TRUE(sameBits(after.data(), before.data(), grid.cells()));

    // Nor does it change what later steps compute.
    backend->step(Kernel::Optimised, 2, 0.24f);
    backend->copyToHost(after.data(), HostMemory::Pageable);
    const std::vector<float> undisturbed =
        fieldAfter(*backend, grid, initial, Boundary::Periodic, Kernel::Optimised, 5);
    EXPECT_TRUE(sameBits(after.data(), undisturbed.data(), grid.cells()));
}

// The copy stream runs behind the compute stream (a 4 MiB copy outlasts a
// step many times over), so a kernel that overwrote a buffer still being
// copied, or a copy that started before its step finished, would show here
// as a snapshot that differs from the synchronous one. Insulated, so the
// ring fill writes after each step too.
TEST_F(CudaBackendTest, PinnedCopiesInterleavedWithStepsMatchPageableCopies) {
    const GridSize grid{1024, 1021};
    const std::vector<float> initial = smoothField(grid);
    constexpr int kSnapshots = 6;
    const float r = 0.24f;

    std::vector<HostBuffer> pinned;
    for (int i = 0; i < kSnapshots; ++i) {
        pinned.push_back(backend->allocateHost(grid.cells(), HostMemory::Pinned));
    }
    std::vector<std::vector<float>> pageable(kSnapshots, std::vector<float>(grid.cells()));

    for (Kernel kernel : backend->kernels()) {
        backend->upload(grid, initial.data(), Boundary::Insulated);
        for (int i = 0; i < kSnapshots; ++i) {
            backend->step(kernel, 1, r);
            backend->copyToHost(pinned[i].get(), HostMemory::Pinned);
        }
        backend->synchronize();

        backend->upload(grid, initial.data(), Boundary::Insulated);
        for (int i = 0; i < kSnapshots; ++i) {
            backend->step(kernel, 1, r);
            backend->copyToHost(pageable[i].data(), HostMemory::Pageable);
        }

        for (int i = 0; i < kSnapshots; ++i) {
            EXPECT_TRUE(sameBits(pinned[i].get(), pageable[i].data(), grid.cells()))
                << name(kernel) << ", snapshot after step " << i + 1;
        }
        if (kernel != Kernel::Copy) {
            // Otherwise the comparison above could not tell snapshots apart.
            EXPECT_FALSE(sameBits(pageable[0].data(), pageable[1].data(), grid.cells()))
                << name(kernel);
        }
    }
}

// One numerics definition: every stencil kernel evaluates heatUpdate in the
// same order with the same contractions, so they agree bit for bit, on
// sizes that are not multiples of any block and with a derived ring.
TEST_F(CudaBackendTest, StencilKernelsAgreeBitForBit) {
    const Kernel stencils[] = {Kernel::Global, Kernel::Tiled, Kernel::ThreePass, Kernel::Optimised};
    for (const GridSize grid : {GridSize{3, 3}, GridSize{4, 7}, GridSize{31, 33},
                                GridSize{257, 129}, GridSize{1024, 35}}) {
        for (Boundary boundary : allBoundaries()) {
            const std::vector<float> initial = smoothField(grid);
            const std::vector<float> expected =
                fieldAfter(*backend, grid, initial, boundary, Kernel::Global, 7);
            for (Kernel kernel : stencils) {
                const std::vector<float> got =
                    fieldAfter(*backend, grid, initial, boundary, kernel, 7);
                EXPECT_TRUE(sameBits(got.data(), expected.data(), grid.cells()))
                    << name(kernel) << " vs global, " << grid.nx << " x " << grid.ny << ", "
                    << name(boundary);
            }
        }
    }
}

// The resident kernel (the optimised step with the grid held on chip, what
// stepMany() runs where the grid fits) against as many single optimised
// steps: grids cut into tiles of 128 x 256 cells in every awkward way (one
// lane wide, one tile, a last tile of a few columns or rows, a bottom ring
// row at each place in its warp), every boundary it takes, and an unstable
// r whose checkerboard shows any cell computed from a wrong neighbour.
TEST_F(CudaBackendTest, TheResidentKernelIsTheSingleStepsBitForBit) {
    const GridSize grids[] = {{4, 3},     {8, 17},      {12, 18},    {4, 301},
                              {300, 4},   {128, 256},   {132, 258},  {260, 273},
                              {516, 300}, {1000, 1000}, {2048, 2048}};
    for (const GridSize& grid : grids) {
        for (Boundary boundary :
             {Boundary::Dirichlet, Boundary::Insulated, Boundary::Extrapolate}) {
            for (const float r : {0.24f, 0.26f}) {
                const std::vector<float> initial = smoothField(grid);
                const int steps = 71;
                backend->upload(grid, initial.data(), boundary);
                ASSERT_EQ(backend->manySteps(Kernel::Optimised, grid, boundary).submission,
                          ManySteps::Submission::OnChip)
                    << grid.nx << " x " << grid.ny;
                backend->step(Kernel::Optimised, steps, r);
                std::vector<float> single(grid.cells());
                backend->copyToHost(single.data(), HostMemory::Pageable);
                backend->upload(grid, initial.data(), boundary);
                backend->stepMany(Kernel::Optimised, steps, r);
                backend->stepMany(Kernel::Optimised, 0, r);
                std::vector<float> resident(grid.cells());
                backend->copyToHost(resident.data(), HostMemory::Pageable);
                const BitDifference d = bitDifference(single, resident);
                EXPECT_EQ(d.cells, 0u)
                    << grid.nx << " x " << grid.ny << ", " << name(boundary) << ", r " << r
                    << ": first at row " << d.first / grid.nx << " col " << d.first % grid.nx
                    << ": " << resident[d.first] << " against " << single[d.first];
            }
        }
    }
}

// The temporal kernel's deepest passes on grids as large as the bench's,
// which no band or strip divides and where a launch takes several waves:
// against as many single optimised steps, bit for bit, with an unstable r
// (its checkerboard shows any cell computed from a wrong neighbour), a ring
// kept (Dirichlet) and one derived every level (insulated).
TEST_F(CudaBackendTest, DeepTemporalPassesAreTheSingleStepsBitForBitOnLargeGrids) {
    for (const GridSize& grid : {GridSize{8192, 8192}, GridSize{16384, 16384}}) {
        const std::vector<float> initial = smoothField(grid);
        for (Boundary boundary : {Boundary::Dirichlet, Boundary::Insulated}) {
            for (const int levels : {8, kTimeBlockMax}) {
                backend->setTimeBlock(levels);
                const int steps = 2 * levels + 3;
                backend->upload(grid, initial.data(), boundary);
                backend->step(Kernel::Optimised, steps, 0.26f);
                std::vector<float> single(grid.cells());
                backend->copyToHost(single.data(), HostMemory::Pageable);
                backend->upload(grid, initial.data(), boundary);
                backend->step(Kernel::Temporal, steps, 0.26f);
                std::vector<float> temporal(grid.cells());
                backend->copyToHost(temporal.data(), HostMemory::Pageable);
                const BitDifference d = bitDifference(single, temporal);
                EXPECT_EQ(d.cells, 0u) << grid.nx << " x " << grid.ny << ", " << name(boundary)
                                       << ", " << levels << " steps a pass: first at row "
                                       << d.first / grid.nx << " col " << d.first % grid.nx << ": "
                                       << temporal[d.first] << " against " << single[d.first];
            }
        }
    }
    backend->setTimeBlock(kTimeBlockAuto);
}

// Where the resident kernel does not fit, many steps go as CUDA graphs.
TEST_F(CudaBackendTest, ManyStepsGoAsGraphsWhereTheGridDoesNotFitOnChip) {
    const auto submission = [&](const GridSize& grid, Boundary boundary, Kernel kernel) {
        return backend->manySteps(kernel, grid, boundary).submission;
    };
    using Submission = ManySteps::Submission;
    EXPECT_EQ(submission({2048, 2048}, Boundary::Dirichlet, Kernel::Optimised), Submission::OnChip);
    EXPECT_EQ(submission({8192, 8192}, Boundary::Dirichlet, Kernel::Optimised), Submission::Graphs);
    EXPECT_EQ(submission({2046, 2048}, Boundary::Dirichlet, Kernel::Optimised),
              Submission::Graphs);  // rows that are no whole float4s
    EXPECT_EQ(submission({2048, 2048}, Boundary::Periodic, Kernel::Optimised), Submission::Graphs);
    EXPECT_EQ(submission({2048, 2048}, Boundary::Dirichlet, Kernel::Temporal), Submission::Graphs);
}

TEST_F(CudaBackendTest, StopwatchIncludesQueuedStepsAndCopies) {
    const GridSize grid{1024, 1024};
    const std::vector<float> initial = smoothField(grid);
    backend->upload(grid, initial.data(), Boundary::Dirichlet);
    HostBuffer pinned = backend->allocateHost(grid.cells(), HostMemory::Pinned);

    std::unique_ptr<Stopwatch> stopwatch = backend->stopwatch();
    stopwatch->start();
    backend->step(Kernel::Optimised, 10, 0.24f);
    backend->copyToHost(pinned.get(), HostMemory::Pinned);
    const double ms = stopwatch->stopMs();
    EXPECT_GT(ms, 0.0);
    EXPECT_TRUE(std::isfinite(ms));
}

// A display buffer in plain device memory that counts how it is used: what
// the interop buffer is to the backend, without GL.
class CountingDisplay final : public DeviceDisplayBuffer {
public:
    explicit CountingDisplay(const DisplayLayout& layout) : floats_(layout.floats()) {
        CUDA_CHECK(cudaMalloc(&data_, floats_ * sizeof(float)));
        CUDA_CHECK(cudaMemset(data_, 0xff, floats_ * sizeof(float)));  // NaN everywhere
    }
    ~CountingDisplay() override { cudaFree(data_); }
    float* acquire(void* /*stream*/) override {
        EXPECT_FALSE(held_) << "acquired twice";
        held_ = true;
        ++acquires;
        return data_;
    }
    void release(void* stream) override {
        EXPECT_TRUE(held_) << "released without acquire";
        held_ = false;
        CUDA_CHECK(cudaStreamSynchronize(static_cast<cudaStream_t>(stream)));
    }
    std::vector<float> contents() const {
        std::vector<float> host(floats_);
        CUDA_CHECK(cudaMemcpy(host.data(), data_, floats_ * sizeof(float), cudaMemcpyDeviceToHost));
        return host;
    }
    int acquires = 0;

private:
    std::size_t floats_;
    float* data_ = nullptr;
    bool held_ = false;
};

// The cells of `window` of `field` on `grid`, as the display should hold them.
std::vector<float> windowOf(const std::vector<float>& field, const GridSize& grid,
                            const CellWindow& window) {
    std::vector<float> cells(window.cells());
    copyWindowOf(field.data(), grid, window, cells.data());
    return cells;
}

// Whether `count` floats at `offset` of `shown` are `want`, bit for bit.
bool holds(const std::vector<float>& shown, std::size_t offset, const std::vector<float>& want) {
    return std::memcmp(shown.data() + offset, want.data(), want.size() * sizeof(float)) == 0;
}

// The display path's contract: after stepAndPresent the display buffer holds
// exactly the cells asked for of the field the backend keeps (a window of
// the cells in view, the whole grid's or a part of it, and the loupe's),
// bit for bit, and its range, for every kernel and boundary, on a grid that
// is not a multiple of any block size; the buffer is acquired once per
// call; copyWindow() copies the same cells to the host.
TEST_F(CudaBackendTest, StepAndPresentWritesExactlyTheWindowsAskedOfTheFieldItKeeps) {
    const GridSize grid{259, 131};
    const DisplayLayout layout{grid.nx, grid.ny};
    for (Kernel kernel : backend->kernels()) {
        for (Boundary boundary : allBoundaries()) {
            const std::string where = std::string(name(kernel)) + ", " + name(boundary);
            const std::vector<float> initial = smoothField(grid);
            backend->upload(grid, initial.data(), boundary);
            CountingDisplay display(layout);
            for (const CellWindow cells :
                 {CellWindow{0, 0, grid.nx, grid.ny}, CellWindow{17, 9, 100, 50}}) {
                for (int steps : {3, 0, 1}) {
                    DisplayContents contents;
                    contents.grid = grid;
                    contents.layout = layout;
                    contents.cells = cells;
                    contents.loupe = CellWindow{grid.nx - 25, 40, 25, 25};
                    const PresentWrite how =
                        backend->stepAndPresent(kernel, steps, 0.24f, display, contents);
                    EXPECT_EQ(how, steps == 0 ? PresentWrite::ByCopy : PresentWrite::ByLastStep)
                        << where;
                    std::vector<float> kept(grid.cells());
                    backend->copyToHost(kept.data(), HostMemory::Pageable);
                    backend->synchronize();
                    const std::vector<float> shown = display.contents();
                    EXPECT_TRUE(holds(shown, layout.viewOffset(), windowOf(kept, grid, cells)))
                        << where << ", " << steps << " steps";
                    EXPECT_TRUE(
                        holds(shown, layout.loupeOffset(), windowOf(kept, grid, contents.loupe)))
                        << where << ", " << steps << " steps";
                    // The field's min and max first, as range() reduces them.
                    const FieldRange range = backend->range();
                    EXPECT_EQ(shown[0], range.min) << where;
                    EXPECT_EQ(shown[1], range.max) << where;
                    std::vector<float> copied(cells.cells());
                    backend->copyWindow(cells, copied.data());
                    EXPECT_EQ(copied, windowOf(kept, grid, cells)) << where;
                }
            }
            EXPECT_EQ(display.acquires, 6) << where;
        }
    }
}

// A frame that draws only a minified view's image asks for no cells: the
// loupe's room stays as it was (here NaN bits), while the range and the
// image are the field's, as range() and viewImage() make them, after steps
// and after none, under either rule. Cells and an image together, or
// contents made for another grid, are refused.
TEST_F(CudaBackendTest, AnImageOnlyFrameWritesTheRangeAndTheImageButNoCells) {
    const GridSize grid{259, 131};
    ViewSampling view;
    view.cellsPerPixel = 3.7f;
    view.width = 71;
    view.height = 36;
    const DisplayLayout layout{view.width, view.height};
    backend->upload(grid, smoothField(grid).data(), Boundary::Dirichlet);
    CountingDisplay display(layout);
    for (bool nearest : {false, true}) {
        view.nearest = nearest;
        DisplayContents imageOnly;
        imageOnly.grid = grid;
        imageOnly.layout = layout;
        imageOnly.image = view;
        for (int steps : {3, 0}) {
            backend->stepAndPresent(Kernel::Optimised, steps, 0.24f, display, imageOnly);
            backend->synchronize();
            const std::vector<float> shown = display.contents();
            std::size_t written = 0;
            for (std::size_t i = 0; i < DisplayLayout::loupeRoom(); ++i) {
                std::uint32_t bits = 0;
                std::memcpy(&bits, &shown[layout.loupeOffset() + i], sizeof(bits));
                written += bits != 0xffffffffu ? 1 : 0;
            }
            EXPECT_EQ(written, 0u) << steps << " steps";
            const FieldRange range = backend->range();
            EXPECT_EQ(shown[0], range.min) << steps << " steps";
            EXPECT_EQ(shown[1], range.max) << steps << " steps";
            std::vector<float> image(view.pixels());
            backend->viewImage(view, image.data());
            EXPECT_TRUE(holds(shown, layout.viewOffset(), image)) << steps << " steps";
        }
        DisplayContents both = imageOnly;
        both.cells = CellWindow{0, 0, 10, 10};
        EXPECT_THROW(backend->stepAndPresent(Kernel::Optimised, 1, 0.24f, display, both),
                     UsageError);
        DisplayContents elsewhere = imageOnly;
        elsewhere.grid = GridSize{grid.nx + 1, grid.ny};
        EXPECT_THROW(backend->stepAndPresent(Kernel::Optimised, 1, 0.24f, display, elsewhere),
                     UsageError);
    }
}

// Presenting must not change the arithmetic: a run that displays every few
// steps ends on the same bits as one that never displays.
TEST_F(CudaBackendTest, PresentingDoesNotChangeTheField) {
    const GridSize grid{130, 67};
    const std::vector<float> initial = smoothField(grid);
    for (Kernel kernel : {Kernel::Global, Kernel::Optimised, Kernel::ThreePass}) {
        backend->upload(grid, initial.data(), Boundary::Periodic);
        backend->step(kernel, 12, 0.2f);
        std::vector<float> plain(grid.cells());
        backend->copyToHost(plain.data(), HostMemory::Pageable);

        backend->upload(grid, initial.data(), Boundary::Periodic);
        DisplayContents contents;
        contents.grid = grid;
        contents.layout = DisplayLayout{grid.nx, grid.ny};
        contents.cells = CellWindow{0, 0, grid.nx, grid.ny};
        CountingDisplay display(contents.layout);
        for (int frame = 0; frame < 4; ++frame) {
            backend->stepAndPresent(kernel, 3, 0.2f, display, contents);
        }
        std::vector<float> presented(grid.cells());
        backend->copyToHost(presented.data(), HostMemory::Pageable);
        EXPECT_EQ(std::memcmp(plain.data(), presented.data(), grid.bytes()), 0) << name(kernel);
    }
}

// What the memory plan counts for the backend (kernels/memory_plan.h) is
// what its upload allocates, counted by DeviceBuffer: on a grid the
// resident kernel holds (its exchange too) and one it does not.
TEST_F(CudaBackendTest, BytesNeededIsWhatAnUploadAllocates) {
    for (const GridSize grid : {GridSize{256, 128}, GridSize{4099, 2051}}) {
        auto fresh = makeCudaBackend();
        const long long before = deviceBufferBytes().load();
        fresh->uploadInitial(grid, InitialCondition::HotSquare, Boundary::Dirichlet);
        EXPECT_EQ(deviceBufferBytes().load() - before,
                  static_cast<long long>(fresh->bytesNeeded(grid)))
            << gridText(grid);
    }
}

// The initial field made a strip of rows at a time on the device's side is
// the host's whole field, bit for bit, for every field and boundary, on a
// grid of several strips (16 MiB each) and a last short one; and it is the
// CPU backend's (made in its own buffers).
TEST_F(CudaBackendTest, TheInitialFieldInStripsIsTheHostsBitForBit) {
    const GridSize grid{4099, 2051};
    CpuBackend cpu;
    for (InitialCondition initial : allInitialConditions()) {
        for (Boundary boundary : allBoundaries()) {
            backend->uploadInitial(grid, initial, boundary);
            std::vector<float> got(grid.cells());
            backend->copyToHost(got.data(), HostMemory::Pageable);
            backend->synchronize();
            const std::vector<float> whole = makeInitialField(grid, initial, boundary);
            EXPECT_TRUE(sameBits(got.data(), whole.data(), whole.size()))
                << name(initial) << ", " << name(boundary);
            cpu.uploadInitial(grid, initial, boundary);
            std::vector<float> onCpu(grid.cells());
            cpu.copyToHost(onCpu.data(), HostMemory::Pageable);
            EXPECT_TRUE(sameBits(got.data(), onCpu.data(), onCpu.size()))
                << name(initial) << ", " << name(boundary);
            // Both buffers hold it: a step reads either.
            backend->step(Kernel::Copy, 1, 0.24f);
            backend->copyToHost(got.data(), HostMemory::Pageable);
            backend->synchronize();
            EXPECT_TRUE(sameBits(got.data(), whole.data(), whole.size()));
        }
    }
}

// A/B's pane B from pane A: device to device, the field bit for bit, and
// then both step alike.
TEST_F(CudaBackendTest, AFieldCopiedFromAnotherCudaBackendIsItsBitForBit) {
    const GridSize grid{1031, 517};
    backend->upload(grid, smoothField(grid).data(), Boundary::Insulated);
    backend->step(Kernel::Optimised, 7, 0.24f);
    auto other = makeCudaBackend();
    other->uploadFrom(*backend, grid, Boundary::Insulated);
    std::vector<float> a(grid.cells());
    std::vector<float> b(grid.cells());
    backend->copyToHost(a.data(), HostMemory::Pageable);
    backend->synchronize();
    other->copyToHost(b.data(), HostMemory::Pageable);
    other->synchronize();
    EXPECT_TRUE(sameBits(a.data(), b.data(), a.size()));
    backend->step(Kernel::Optimised, 3, 0.24f);
    other->step(Kernel::Optimised, 3, 0.24f);
    backend->copyToHost(a.data(), HostMemory::Pageable);
    backend->synchronize();
    other->copyToHost(b.data(), HostMemory::Pageable);
    other->synchronize();
    EXPECT_TRUE(sameBits(a.data(), b.data(), a.size()));
}

// A grid change where the old and the new grid both fit the device keeps
// the old field on the device (no host copy): the backend says so, and
// the old buffers are let go once the new are made.
TEST_F(CudaBackendTest, ANewGridBesideTheOldIsMadeBeforeTheOldGoes) {
    const GridSize small{515, 259};
    backend->uploadInitial(small, InitialCondition::Sine, Boundary::Dirichlet);
    const GridSize larger{1027, 515};
    ASSERT_TRUE(backend->keepsFieldIfUploadFails(larger));
    const long long before = deviceBufferBytes().load();
    backend->uploadInitial(larger, InitialCondition::Sine, Boundary::Dirichlet);
    EXPECT_EQ(deviceBufferBytes().load() - before,
              static_cast<long long>(backend->bytesNeeded(larger)) -
                  static_cast<long long>(backend->bytesNeeded(small)));
}

}  // namespace
}  // namespace heatlab
