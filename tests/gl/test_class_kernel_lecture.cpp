// A class kernel (--kernel-file, app/kernel_files/) under a running
// lecture: one that crashes on a step it was not checked on (an r the
// check did not try) costs only its own process; the lecture's frame is
// undone by FrameGuard and goes on with heatlab's own kernel from the same
// field, saying why, instead of failing every frame after. A save that
// fails while the lecture runs is shown in the panel, with its picture.

#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "app/kernel_files/class_kernels.h"
#include "app/kernel_files/kernel_process.h"
#include "app/render/offscreen_target.h"
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

// A right kernel.
const char* const kRight =
    "HEATLAB_SPLIT_ROWS;\n"
    "extern \"C\" void step(const float* in, float* out, int width, int height, float r,\n"
    "                       int rowBegin, int rowEnd) {\n"
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

// A save of the shipped halo bug while the lecture runs a right version:
// the frames go on with the version before, and the panel's "Your kernel"
// section shows the report, its picture a grid of red lines down the
// tiles' edges (columns 16 and 17 of 129x65) and dark inside a tile.
TEST_F(ClassKernelLecture, AWrongSaveIsReportedInThePanelWithItsPicture) {
    const fs::path folder = fs::path(::testing::TempDir()) / "class-kernel-panel";
    fs::remove_all(folder);
    fs::create_directories(folder / "tmp");
    const std::string file = (folder / "mine.cpp").string();
    std::ofstream(file) << kRight;
    const ScopedEnv tmp("TMPDIR", (folder / "tmp").string());
    setKernelProcessProgram(heatlabBinary());
    // Tall enough for the panel's sections down to this one, open.
    OffscreenTarget tall{900, 2400};
    const SurfaceSize tallSurface{{900, 2400}, {900, 2400}};
    {
        const ClassKernelSession session;
        addClassKernels({file});
        ASSERT_EQ(startClassKernels(options.params.grid).size(), 1u);
        watchClassKernels();
        LectureSettings mine = options;
        mine.params.kernel = classKernelStatuses().back().kernel;
        LectureUi ui(mine, std::make_unique<CpuBackend>(), imgui, context.description());
        const auto frame = [&] {
            const auto bound = tall.bind();
            ui.frame(tallSurface);
        };
        frame();
        {
            std::ifstream shipped(std::string(HEATLAB_SOURCE_DIR) +
                                  "/kernels/class/examples/cpu/halo_bug.cpp");
            std::ofstream(file + ".new") << shipped.rdbuf();
        }
        fs::rename(file + ".new", file);
        const auto failed = [](const std::vector<ClassKernelStatus>& all) {
            return all.back().state == KernelFileState::Failed;
        };
        for (int i = 0; i < 6000 && !awaitClassKernels(failed, 0.02); ++i) {
            frame();
        }
        ASSERT_EQ(classKernelStatuses().back().state, KernelFileState::Failed);
        const long long steps = ui.simulation().stepCount();
        frame();
        EXPECT_GT(ui.simulation().stepCount(), steps) << "the version before runs";
        EXPECT_EQ(ui.settings().params.kernel, mine.params.kernel);

        const PanelLayout& layout = ui.panelLayout();
        ASSERT_TRUE(layout.kernelFiles.drawn);
        ASSERT_TRUE(layout.wrongPicture.drawn);
        // A copy: classKernelStatuses() returns the statuses by value.
        const WrongReport wrong = *classKernelStatuses().back().wrong;
        ASSERT_EQ(wrong.width, 129);
        const auto bound = tall.bind();
        const RgbImage image = tall.read();
        const PanelRect& rect = layout.wrongPicture;
        const float unit = (rect.right - rect.left) / static_cast<float>(wrong.width);
        const auto red = [&](int column, int row) {
            const std::uint8_t* p =
                image.at(static_cast<int>(rect.left + unit * (static_cast<float>(column) + 0.5f)),
                         static_cast<int>(rect.top + unit * (static_cast<float>(row) + 0.5f)));
            return p[0] > 200 && p[1] < 120 && p[2] < 120;
        };
        int edge = 0;
        int middle = 0;
        for (int row = 1; row < 64; ++row) {
            edge += red(16, row) && red(17, row) ? 1 : 0;
            middle += red(8, row) ? 1 : 0;
        }
        EXPECT_EQ(edge, 63);
        EXPECT_LT(middle, 32);
    }
    EXPECT_TRUE(fs::is_empty(folder / "tmp"));
    fs::remove_all(folder);
}

// A/B: heatlab's kernel in pane A against the class's in pane B, from one
// field in lockstep: the same field within float rounding, max |A - B|
// measured.
TEST_F(ClassKernelLecture, AbPutsTheClassKernelBesideHeatlabsOwn) {
    const fs::path folder = fs::path(::testing::TempDir()) / "class-kernel-ab";
    fs::remove_all(folder);
    fs::create_directories(folder / "tmp");
    std::ofstream(folder / "beside.cpp") << kRight;
    const ScopedEnv tmp("TMPDIR", (folder / "tmp").string());
    {
        const ClassKernelSession session;
        addClassKernels({(folder / "beside.cpp").string()});
        ASSERT_EQ(startClassKernels(options.params.grid).size(), 1u);
        LectureSettings ab = options;
        ab.comparison.split = true;
        ab.comparison.b.kernel = classKernelStatuses().back().kernel;
        LectureUi ui(ab, std::make_unique<CpuBackend>(), imgui, context.description());
        run(ui, 6);
        ASSERT_EQ(ui.paneCount(), 2u);
        EXPECT_EQ(ui.pane(1).run().simulation().params().kernel, *ab.comparison.b.kernel);
        EXPECT_EQ(classKernelStatuses().back().state, KernelFileState::Running);
        const PaneDifference& difference = ui.lectureReadouts().comparison.difference;
        EXPECT_GE(difference.step, 0) << "max |A - B| measured";
        EXPECT_LT(difference.maxAbs, 1e-5);
        EXPECT_EQ(ui.pane(1).run().simulation().stepCount(), ui.simulation().stepCount());
    }
    EXPECT_TRUE(fs::is_empty(folder / "tmp"));
    fs::remove_all(folder);
}

// A cue list that names a kernel file beside it, then the shipped halo bug:
// opening the list says which files compile; the first cue's kernel runs
// once checked, the field on it; the second's is refused by its check, and
// the field goes on with the first while the panel shows the report.
TEST_F(ClassKernelLecture, ACueListsKernelFilesAreSaidCompiledAndRunOnceChecked) {
    const fs::path folder = fs::path(::testing::TempDir()) / "class-kernel-cues";
    fs::remove_all(folder);
    fs::create_directories(folder / "tmp");
    std::ofstream(folder / "cued.cpp") << kRight;
    const std::string list = (folder / "cues.json").string();
    std::ofstream(list) << "{\"heatlab_cues\": 2, \"cues\": ["
                           "{\"caption\": \"cued\", \"kernel_file\": \"cued.cpp\", "
                           "\"running\": true},"
                           "{\"caption\": \"find the bug\", \"panel\": \"kernel\", "
                           "\"kernel_file\": {\"cpu\": \"halo_bug\", \"cuda\": "
                           "\"tile_halo_bug\"}}]}";
    const ScopedEnv tmp("TMPDIR", (folder / "tmp").string());
    {
        const ClassKernelSession session;
        LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
        testing::internal::CaptureStderr();
        ui.setCues(readCues(list));
        const std::string said = testing::internal::GetCapturedStderr();
        EXPECT_NE(said.find("cue 1 compiles kernel file " + (folder / "cued.cpp").string()),
                  std::string::npos)
            << said;
        EXPECT_NE(said.find("cue 2 compiles kernel file kernels/class/examples/cpu/halo_bug.cpp"),
                  std::string::npos)
            << said;
        run(ui, 3);
        const Kernel cued = classKernelStatuses().front().kernel;
        EXPECT_EQ(ui.simulation().params().kernel, cued) << ui.lectureReadouts().message;
        EXPECT_EQ(classKernelStatuses().front().state, KernelFileState::Running);
        const long long steps = ui.simulation().stepCount();
        EXPECT_GT(steps, 0);

        ui.onKey(Key::PageDown, false);
        run(ui, 3);
        const ClassKernelStatus bug = classKernelStatuses().back();
        EXPECT_EQ(bug.name, "halo_bug");
        EXPECT_EQ(bug.state, KernelFileState::Failed);
        ASSERT_TRUE(bug.wrong);
        EXPECT_TRUE(bug.wrong->anyWrong());
        // The cue asks for it; the field goes on with the kernel it ran.
        EXPECT_EQ(ui.settings().params.kernel, bug.kernel);
        EXPECT_EQ(ui.simulation().params().kernel, cued);
        EXPECT_GT(ui.simulation().stepCount(), steps);
    }
    EXPECT_TRUE(fs::is_empty(folder / "tmp"));
    fs::remove_all(folder);
}

}  // namespace
}  // namespace heatlab
