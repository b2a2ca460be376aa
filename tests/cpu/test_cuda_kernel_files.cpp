// CUDA class kernels where there is no GPU (app/kernel_files/): NVRTC,
// loaded at run time, compiles on any machine that has it, so a .cu
// file's compile errors come back with their line and caret here too, and
// the shipped CUDA examples compile. A .cu file that compiles but finds no
// device (or no NVRTC) is said in one line and the command runs on. Each
// test skips, saying so, where NVRTC is not found.

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "app/kernel_files/nvrtc_library.h"
#include "kernel_files/heatlab_kernel_h.h"
#include "tests/support/run_command.h"
#include "tests/support/scoped_env.h"

namespace heatlab {
namespace {

namespace fs = std::filesystem;

const char* const kSyntaxError =
    "HEATLAB_LAUNCH(16, 16, HEATLAB_COVER_INTERIOR, 0);\n"
    "\n"
    "extern \"C\" __global__ void step(const float* in, float* out, int width, int height, "
    "float r) {\n"
    "    int x = ;\n"
    "}\n";

const char* const kRight =
    "HEATLAB_LAUNCH(16, 16, HEATLAB_COVER_INTERIOR, 0);\n"
    "extern \"C\" __global__ void step(const float* in, float* out, int width, int height, "
    "float r) {\n"
    "    const int x = 1 + blockIdx.x * blockDim.x + threadIdx.x;\n"
    "    const int y = 1 + blockIdx.y * blockDim.y + threadIdx.y;\n"
    "    if (x < width - 1 && y < height - 1) {\n"
    "        const int c = y * width + x;\n"
    "        out[c] = in[c] + r * (in[c - 1] + in[c + 1] + in[c - width] + in[c + width] - 4 * "
    "in[c]);\n"
    "    }\n"
    "}\n";

class CudaKernelFiles : public ::testing::Test {
protected:
    void SetUp() override {
        std::string why;
        nvrtc_ = NvrtcLibrary::load(&why);
        if (!nvrtc_) {
            GTEST_SKIP() << why;
        }
        folder_ = fs::path(::testing::TempDir()) /
                  ("cuda-kernels-" +
                   std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
        fs::remove_all(folder_);
        fs::create_directories(folder_ / "tmp");
    }
    void TearDown() override { fs::remove_all(folder_); }

    CudaCompileResult compile(const std::string& source, const std::string& name) {
        return nvrtc_->compile({source, name, kernel_files::kHeatlabKernelH, "compute_75"});
    }

    std::string write(const std::string& name, const std::string& text) {
        const fs::path path = folder_ / name;
        std::ofstream(path) << text;
        return path.string();
    }

    // heatlab bench on heatlab's own kernel, the CUDA file beside it.
    CommandResult bench(const std::string& file) {
        const ScopedEnv tmp("TMPDIR", (folder_ / "tmp").string());
        return runHeatlabWithin("bench --backend cpu --kernel-file " + file +
                                    " --kernel optimised --grid 33 --steps 1 --stability-steps 4 "
                                    "--repeats 1 --check-steps 1",
                                120);
    }

    std::unique_ptr<NvrtcLibrary> nvrtc_;
    fs::path folder_;
};

TEST_F(CudaKernelFiles, ACompileErrorComesBackWithItsLineAndCaret) {
    const CudaCompileResult result = compile(kSyntaxError, "student.cu");
    ASSERT_FALSE(result.compiled);
    EXPECT_EQ(result.firstLine, "student.cu(4): error: expected an expression");
    EXPECT_NE(result.lines.find("      int x = ;"), std::string::npos) << result.lines;
    EXPECT_NE(result.lines.find("^"), std::string::npos) << result.lines;
    // Nothing about the contract's own lines.
    EXPECT_EQ(result.lines.find("heatlab_kernel.h"), std::string::npos) << result.lines;
}

TEST_F(CudaKernelFiles, TheShippedExamplesCompile) {
    const fs::path examples = fs::path(HEATLAB_SOURCE_DIR) / "kernels/class/examples/cuda";
    int compiled = 0;
    for (const auto& entry : fs::directory_iterator(examples)) {
        std::ifstream in(entry.path());
        const std::string source((std::istreambuf_iterator<char>(in)),
                                 std::istreambuf_iterator<char>());
        const CudaCompileResult result = compile(source, entry.path().filename().string());
        EXPECT_TRUE(result.compiled) << entry.path() << ": " << result.firstLine << "\n"
                                     << result.lines;
        ++compiled;
    }
    EXPECT_EQ(compiled, 4);
}

TEST_F(CudaKernelFiles, ACompileErrorIsOneLineAndExitTwo) {
    const std::string file = write("student.cu", kSyntaxError);
    const CommandResult result = bench(file);
    EXPECT_EQ(result.status, 2) << result.err;
    EXPECT_EQ(result.err, "heatlab: kernel file " + file + ": does not compile: " + file +
                              "(4): error: expected an expression\n");
    EXPECT_TRUE(fs::is_empty(folder_ / "tmp"));
}

TEST_F(CudaKernelFiles, AnIncludeIsRefusedBeforeNvrtcReadsIt) {
    const std::string file = write("passwd.cu", std::string("#include \"/etc/passwd\"\n") + kRight);
    const CommandResult result = bench(file);
    EXPECT_EQ(result.status, 2) << result.err;
    EXPECT_NE(result.err.find("line 1: a kernel file may include only"), std::string::npos)
        << result.err;
    EXPECT_EQ(result.err.find("root:"), std::string::npos) << result.err;
}

// Where it cannot run (no device here, or NVRTC missing), one line says
// so and the bench runs on heatlab's kernels.
TEST_F(CudaKernelFiles, AKernelThatCannotRunHereIsOneLineAndTheCommandRunsOn) {
    const std::string file = write("right.cu", kRight);
    const CommandResult here = bench(file);
    EXPECT_EQ(here.status, 0) << here.err;
    EXPECT_NE(here.err.find("right.cu: compiled with NVRTC"), std::string::npos) << here.err;
    {
        const ScopedEnv noNvrtc("HEATLAB_TEST_NO_NVRTC", "1");
        const CommandResult without = bench(file);
        EXPECT_EQ(without.status, 0) << without.err;
        EXPECT_NE(without.err.find("heatlab: kernel file " + file +
                                   ": NVRTC (libnvrtc.so.13 or .12, the CUDA toolkit's) is not "
                                   "found here: the CUDA kernel is not compiled\n"),
                  std::string::npos)
            << without.err;
    }
    EXPECT_TRUE(fs::is_empty(folder_ / "tmp"));
}

}  // namespace
}  // namespace heatlab
