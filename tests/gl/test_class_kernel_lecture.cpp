// A class kernel (--kernel-file, app/kernel_files/) under a running
// lecture: one that crashes on a step it was not checked on (an r the
// check did not try) costs only its own process; the lecture's frame is
// undone by FrameGuard and goes on with heatlab's own kernel from the same
// field, saying why, instead of failing every frame after.

#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "app/kernel_files/class_kernels.h"
#include "app/kernel_files/kernel_process.h"
#include "app/ui/lecture/frame_guard.h"
#include "app/ui/lecture/lecture_ui.h"
#include "kernels/cpu/cpu_backend.h"
#include "tests/gl/lecture_fixture.h"
#include "tests/support/run_command.h"
#include "tests/support/scoped_env.h"

namespace heatlab {
namespace {

namespace fs = std::filesystem;

// Right at the check's r (0.2 and 0.26), a far write at the lecture's 0.24.
const char* const kCrashesAt024 =
    "HEATLAB_SPLIT_ROWS;\n"
    "extern \"C\" void step(const float* in, float* out, int width, int height, float r,\n"
    "                       int rowBegin, int rowEnd) {\n"
    "    if (r == 0.24f) out[-100000000] = 1;\n"
    "    for (int y = rowBegin; y < rowEnd; ++y)\n"
    "        for (int x = 1; x < width - 1; ++x) {\n"
    "            const int c = y * width + x;\n"
    "            out[c] = in[c] + r * (in[c - 1] + in[c + 1] + in[c - width] + in[c + width] -\n"
    "                                  4 * in[c]);\n"
    "        }\n"
    "}\n";

class ClassKernelLecture : public LectureFixture {
protected:
    void guarded(FrameGuard& guard, LectureUi& ui, int frames) {
        const auto bound = target.bind();
        for (int i = 0; i < frames; ++i) {
            guard.frame([&] { return ui.frame(surface); });
        }
    }
};

TEST_F(ClassKernelLecture, ACrashMidLectureLeavesTheLectureOnHeatlabsKernelAndItsField) {
    const fs::path folder = fs::path(::testing::TempDir()) / "class-kernel-lecture";
    fs::remove_all(folder);
    fs::create_directories(folder / "tmp");
    const std::string file = (folder / "crashes.cpp").string();
    std::ofstream(file) << kCrashesAt024;
    const ScopedEnv tmp("TMPDIR", (folder / "tmp").string());
    setKernelProcessProgram(heatlabBinary());  // this binary is not heatlab
    {
        const ClassKernelSession session;
        addClassKernels({file});
        LectureSettings classKernel = options;
        for (const Kernel kernel : allStencilKernels()) {
            if (std::string(name(kernel)) == "crashes") {
                classKernel.params.kernel = kernel;
            }
        }
        ASSERT_NE(classKernel.params.kernel, options.params.kernel);
        LectureUi ui(classKernel, std::make_unique<CpuBackend>(), imgui, context.description());
        FrameGuard guard(ui, "heatlab");
        testing::internal::CaptureStderr();
        guarded(guard, ui, 3);
        const std::string said = testing::internal::GetCapturedStderr();

        EXPECT_EQ(ui.settings().params.kernel, Params{}.kernel);
        EXPECT_EQ(ui.simulation().stepCount(), 9);
        const std::string message = ui.lectureReadouts().message;
        for (const std::string& part :
             {"class kernel crashes (" + file + ") stopped: the kernel crashed (SIGSEGV)",
              std::string("the lecture goes on with heatlab's kernel optimised")}) {
            EXPECT_NE(message.find(part), std::string::npos) << message;
            EXPECT_NE(said.find(part), std::string::npos) << said;
        }
        // The same field as a lecture on heatlab's kernel from the start.
        LectureUi clean(options, std::make_unique<CpuBackend>(), imgui, context.description());
        run(clean, 3);
        EXPECT_EQ(ui.simulation().fieldOnHost(), clean.simulation().fieldOnHost());
    }
    EXPECT_TRUE(fs::is_empty(folder / "tmp"));
    fs::remove_all(folder);
}

}  // namespace
}  // namespace heatlab
