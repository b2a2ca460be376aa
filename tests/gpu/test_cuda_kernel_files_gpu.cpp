// CUDA class kernels on the device (app/kernel_files/): a .cu file compiled
// by NVRTC in a process of its own, loaded there with the driver API,
// checked against the double reference, then stepped on the two grids the
// lecture shares with it through CUDA IPC memory. The slides' three CUDA
// versions pass and run in the bench beside heatlab's kernels; the halo bug
// is refused at a tile's edge; a kernel that faults (an illegal address)
// poisons only its own process's context: the lecture's CUDA backend, its
// field and its own kernels go on. Skips, visibly, without a CUDA device.

#include <cuda_runtime.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/kernel_files/class_kernels.h"
#include "app/kernel_files/kernel_process.h"
#include "kernels/checks/reference_check.h"
#include "kernels/class/kernel_stopped.h"
#include "kernels/cuda/cuda_backend.h"
#include "kernels/numerics/initial_conditions.h"
#include "tests/support/run_command.h"
#include "tests/support/scoped_env.h"

namespace heatlab {
namespace {

namespace fs = std::filesystem;

std::string examples() { return std::string(HEATLAB_SOURCE_DIR) + "/kernels/class/examples/cuda"; }

// Right at the check's r (0.2 and 0.26); at `faultR` a write far outside
// the grid: an illegal address.
std::string faultingAt(const char* faultR) {
    return std::string(
               "HEATLAB_LAUNCH(16, 16, HEATLAB_COVER_INTERIOR, 0);\n"
               "extern \"C\" __global__ void step(const float* in, float* out, int width,\n"
               "                                  int height, float r) {\n"
               "    const int x = 1 + blockIdx.x * blockDim.x + threadIdx.x;\n"
               "    const int y = 1 + blockIdx.y * blockDim.y + threadIdx.y;\n"
               "    if (r == ") +
           faultR +
           ") out[-(1 << 30)] = 1;\n"
           "    if (x < width - 1 && y < height - 1) {\n"
           "        const int c = y * width + x;\n"
           "        out[c] = in[c] + r * (in[c - 1] + in[c + 1] + in[c - width] + in[c + width]"
           " - 4 * in[c]);\n"
           "    }\n"
           "}\n";
}

class CudaKernelFilesGpu : public ::testing::Test {
protected:
    void SetUp() override {
        const std::string reason = cudaUnavailableReason();
        if (!reason.empty()) {
            GTEST_SKIP() << reason;
        }
        folder_ = fs::path(::testing::TempDir()) /
                  ("cuda-kernels-gpu-" +
                   std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
        fs::remove_all(folder_);
        fs::create_directories(folder_ / "tmp");
    }
    void TearDown() override {
        if (!folder_.empty()) {
            fs::remove_all(folder_);
        }
    }

    std::string write(const std::string& name, const std::string& text) {
        const fs::path path = folder_ / name;
        std::ofstream(path) << text;
        return path.string();
    }

    CommandResult bench(const std::string& files, const std::string& kernel) {
        const ScopedEnv tmp("TMPDIR", (folder_ / "tmp").string());
        return runHeatlabWithin("bench --backend cuda " + files + " --kernel " + kernel +
                                    " --grid 257x129 --steps 20 --stability-steps 50 --repeats 3",
                                300);
    }

    fs::path folder_;
};

TEST_F(CudaKernelFilesGpu, TheSlidesThreeVersionsPassAndRunBesideHeatlabsKernels) {
    const CommandResult result =
        bench("--kernel-file " + examples() + "/one_thread.cu --kernel-file " + examples() +
                  "/per_point.cu --kernel-file " + examples() + "/shared_tile.cu",
              "shared_tile");
    ASSERT_EQ(result.status, 0) << result.err << result.out;
    for (const char* name : {"one_thread", "per_point", "shared_tile"}) {
        EXPECT_NE(result.err.find("class kernel " + std::string(name) + " ("), std::string::npos)
            << result.err;
        EXPECT_NE(result.out.find("reference: " + std::string(name) + " on 257x129, periodic"),
                  std::string::npos)
            << result.out;
    }
    EXPECT_NE(result.err.find("registers"), std::string::npos) << result.err;
    EXPECT_NE(result.out.find("all checks passed"), std::string::npos) << result.out;
    EXPECT_TRUE(fs::is_empty(folder_ / "tmp"));
}

TEST_F(CudaKernelFilesGpu, TheHaloBugIsRefusedAtATilesEdge) {
    const CommandResult result =
        bench("--kernel-file " + examples() + "/tile_halo_bug.cu", "tile_halo_bug");
    EXPECT_EQ(result.status, 2) << result.err;
    EXPECT_NE(result.err.find("tile_halo_bug.cu: wrong on "), std::string::npos) << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
}

TEST_F(CudaKernelFilesGpu, AnIllegalAddressAtTheCheckIsOneLineAndExitTwo) {
    const std::string file = write("faults.cu", faultingAt("0.2f"));
    const CommandResult result = bench("--kernel-file " + file, "faults");
    EXPECT_EQ(result.status, 2) << result.err;
    EXPECT_NE(result.err.find("the kernel faulted on the device: an illegal memory access"),
              std::string::npos)
        << result.err;
    EXPECT_TRUE(fs::is_empty(folder_ / "tmp"));
}

TEST_F(CudaKernelFilesGpu, AnEndlessLoopOnTheDeviceIsStopped) {
    const std::string file =
        write("forever.cu",
              "HEATLAB_LAUNCH(1, 1, HEATLAB_ONE_BLOCK, 0);\n"
              "extern \"C\" __global__ void step(const float* in, float* out, int width, int "
              "height, float r) {\n"
              // A sleep each turn: with an empty loop on a volatile local
              // the kernel returned at once on the H100 (NVRTC 13.0; the
              // check then found `out` unwritten), the loop compiled away.
              "    for (;;) {\n"
              "        __nanosleep(1000);\n"
              "    }\n"
              "}\n");
    const ScopedEnv seconds("HEATLAB_TEST_KERNEL_SECONDS", "2");
    const CommandResult result = bench("--kernel-file " + file, "forever");
    EXPECT_EQ(result.status, 2) << result.err;
    EXPECT_NE(result.err.find("stopped (an endless loop"), std::string::npos) << result.err;
}

// In this process: the lecture's CUDA backend steps a class kernel that
// faults at r = 0.24 (its check, at 0.2 and 0.26, passed). The step throws
// KernelStoppedError; the backend's own context is untouched: its field is
// the one before the step, and heatlab's kernel steps it on, right.
TEST_F(CudaKernelFilesGpu, AFaultInTheKernelsProcessLeavesTheLecturesContextIntact) {
    setKernelProcessProgram(heatlabBinary());  // this binary is not heatlab
    const ScopedEnv tmp("TMPDIR", (folder_ / "tmp").string());
    const std::string file = write("later.cu", faultingAt("0.24f"));
    {
        const ClassKernelSession session;
        addClassKernels({file});
        Kernel later = Kernel::Optimised;
        for (const Kernel kernel : allStencilKernels()) {
            if (std::string(name(kernel)) == "later") {
                later = kernel;
            }
        }
        ASSERT_NE(later, Kernel::Optimised);
        ASSERT_TRUE(startClassKernels(GridSize{131, 67}).size() == 1u);

        std::unique_ptr<Backend> backend = makeCudaBackend();
        Params p;
        p.grid = {131, 67};
        const std::vector<float> initial = makeInitialField(p.grid, p.initial, p.boundary);
        backend->upload(p.grid, initial.data(), p.boundary);
        backend->step(later, 3, 0.2f);  // right: it passed its check there
        std::vector<float> before(p.grid.cells());
        backend->copyToHost(before.data(), HostMemory::Pageable);
        backend->synchronize();
        EXPECT_THROW(backend->step(later, 1, 0.24f), KernelStoppedError);
        std::vector<float> after(p.grid.cells());
        backend->copyToHost(after.data(), HostMemory::Pageable);
        backend->synchronize();
        EXPECT_EQ(after, before);
        EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
        // Later steps are refused the same way; heatlab's own run on.
        EXPECT_THROW(backend->step(later, 1, 0.2f), KernelStoppedError);
        p.kernel = Kernel::Optimised;
        const ReferenceCheck check = checkAgainstReference(*backend, p, 5);
        EXPECT_TRUE(check.field.passed) << check.field.detail;
    }
    EXPECT_TRUE(fs::is_empty(folder_ / "tmp"));
}

}  // namespace
}  // namespace heatlab
