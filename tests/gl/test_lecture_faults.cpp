// What goes wrong under a running lecture (LectureUi, offscreen), and what
// the lecturer sees: a screenshot on a full disk, a screenshot folder
// removed after it was chosen, a scene file cut short while it is read, a
// grid whose allocation fails after the check passed. Each ends in one line
// in the panel saying why, with nothing lost: the previous picture intact,
// the lecture's grid, field and step count as they were, the frames going
// on, and the same action working once the cause is gone.

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <glad/gl.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "app/io/input_file.h"
#include "app/io/png_file.h"
#include "app/kernel_files/class_kernels.h"
#include "app/lecture/files/scene.h"
#include "app/platform/headless_context.h"
#include "app/render/offscreen_target.h"
#include "app/ui/imgui/imgui_layer.h"
#include "app/ui/lecture/lecture_ui.h"
#include "kernels/cpu/cpu_backend.h"
#include "tests/cpu/fifo_reader.h"
#include "tests/gl/lecture_fixture.h"
#include "tests/support/file_text.h"
#include "tests/support/out_of_memory_backend.h"

namespace heatlab {
namespace {

std::vector<std::string> sortedNames(const std::string& folder) {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        names.push_back(entry.path().filename().string());
    }
    std::sort(names.begin(), names.end());
    return names;
}

class LectureFaults : public LectureFixture {
protected:
    void chooseFolder(LectureUi& ui, const std::string& folder) {
        ui.pictures().panel().folder = folder;
    }

    // F12, then the frame that takes it; returns what the panel says.
    std::string screenshot(LectureUi& ui) {
        ui.onKey(Key::F12, false);
        run(ui, 1);
        return ui.lectureReadouts().message;
    }
};

TEST_F(LectureFaults, AScreenshotOnAFullDiskSaysWhyAndKeepsThePreviousPicture) {
    const ScratchFolder folder;
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    run(ui, 2);
    ui.settings().running = false;  // the same state: the same file name
    chooseFolder(ui, folder.path());
    for (ScreenshotKind kind : {ScreenshotKind::Field, ScreenshotKind::Window}) {
        ui.pictures().panel().kind = kind;
        const std::string saved = screenshot(ui);
        ASSERT_EQ(saved.rfind("saved ", 0), 0u) << saved;
        const std::string path = saved.substr(6);
        const std::string previous = fileText(path);
        const std::vector<std::string> names = sortedNames(folder.path());
        ui.pictures().setOutputDisk(OutputDisk{1000});  // the PNG's first kilobyte fits
        // The same state again: an automatic name never overwrites, so the
        // next is numbered.
        const std::string next = path.substr(0, path.size() - 4) + "_2.png";
        const std::string message = screenshot(ui);
        EXPECT_EQ(message,
                  "screenshot not saved: cannot write " + next + ": " + std::strerror(ENOSPC))
            << name(kind);
        ui.pictures().setOutputDisk(OutputDisk{});
        EXPECT_TRUE(fileText(path) == previous) << name(kind) << ": the previous picture changed";
        EXPECT_EQ(sortedNames(folder.path()), names) << "a temporary or half a picture was left";
        // Room again: the screenshot is written, under the numbered name.
        EXPECT_EQ(screenshot(ui), "saved " + next);
        EXPECT_EQ(readPng(next).image.width, kind == ScreenshotKind::Field ? 67 : 640);
        EXPECT_EQ(readPng(path).image.width, kind == ScreenshotKind::Field ? 67 : 640);
    }
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST_F(LectureFaults, AFolderRemovedUnderTheRunningLectureSaysWhyAndShotsWorkWhenItIsBack) {
    const ScratchFolder scratch;
    const std::string folder = scratch / "shots";
    std::filesystem::create_directories(folder);
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    chooseFolder(ui, folder);
    run(ui, 2);
    ASSERT_EQ(screenshot(ui).rfind("saved " + folder + "/", 0), 0u) << ui.lectureReadouts().message;

    std::filesystem::remove_all(folder);  // a stick pulled out mid-lecture
    const long long before = ui.simulation().stepCount();
    for (ScreenshotKind kind : allScreenshotKinds()) {
        ui.pictures().panel().kind = kind;
        const std::string message = screenshot(ui);
        EXPECT_EQ(message.rfind("screenshot not saved: cannot write " + folder + "/", 0), 0u)
            << message;
        EXPECT_NE(message.find(std::strerror(ENOENT)), std::string::npos) << message;
        EXPECT_NE(message.find("(the folder " + folder + " is not there)"), std::string::npos)
            << message;
        EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
    // The lecture ran on meanwhile, and nothing made the folder again
    // behind the lecturer's back.
    run(ui, 2);
    EXPECT_GT(ui.simulation().stepCount(), before);
    EXPECT_FALSE(std::filesystem::exists(folder));

    std::filesystem::create_directories(folder);
    ui.pictures().panel().kind = ScreenshotKind::Field;
    const std::string saved = screenshot(ui);
    ASSERT_EQ(saved.rfind("saved " + folder + "/", 0), 0u) << saved;
    EXPECT_EQ(readPng(saved.substr(6)).image.width, 67);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST_F(LectureFaults, ASceneCutShortWhileReadChangesNothingAndSaysWhy) {
    const ScratchFolder folder;
    const std::string path = folder / "lecture.json";
    Scene other;
    other.settings.params.grid = GridSize{130, 301};
    other.settings.params.boundary = Boundary::Periodic;
    other.settings.stepsPerFrame = 7;
    const std::string whole = sceneText(other);
    std::ofstream(path) << whole;

    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    run(ui, 2);
    ui.settings().running = false;
    run(ui, 1);
    const std::vector<float> field = ui.simulation().fieldOnHost();
    const long long steps = ui.simulation().stepCount();
    std::snprintf(ui.scenes().path, sizeof ui.scenes().path, "%s", path.c_str());
    ui.scenes().load = true;
    {
        int reads = 0;
        const BetweenReads cut([&](std::size_t) {
            if (++reads == 1) {
                // Cut to half while it is read, as a copy that stopped would.
                std::filesystem::resize_file(path, whole.size() / 2);
            }
        });
        run(ui, 1);
    }
    const std::string message = ui.lectureReadouts().message;
    EXPECT_EQ(message.rfind("scene not loaded: scene " + path + ": ", 0), 0u) << message;
    EXPECT_NE(message.find("not valid JSON"), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    EXPECT_EQ(ui.simulation().params().grid.nx, 67);
    EXPECT_EQ(ui.settings().params.grid.nx, 67);
    EXPECT_EQ(ui.settings().params.boundary, Boundary::Dirichlet);
    EXPECT_EQ(ui.settings().stepsPerFrame, 3);
    EXPECT_EQ(ui.simulation().stepCount(), steps);
    EXPECT_EQ(ui.simulation().fieldOnHost(), field);

    // Saved whole again, it loads.
    std::ofstream(path) << whole;
    ui.scenes().load = true;
    run(ui, 1);
    EXPECT_EQ(ui.lectureReadouts().message, "loaded scene " + path);
    EXPECT_EQ(ui.simulation().params().grid.nx, 130);
    EXPECT_EQ(ui.settings().stepsPerFrame, 7);
}

TEST_F(LectureFaults, AGridWhoseAllocationFailsKeepsThePreviousGridAndFieldAndSaysWhy) {
    auto backend = std::make_unique<OutOfMemoryBackend>(std::make_unique<CpuBackend>(), 100 * 100);
    OutOfMemoryBackend* failing = backend.get();
    LectureUi ui(options, std::move(backend), imgui, context.description());
    run(ui, 3);
    ui.settings().running = false;
    run(ui, 1);
    const std::vector<float> field = ui.simulation().fieldOnHost();
    const long long steps = ui.simulation().stepCount();

    ui.settings().params.grid = GridSize{259, 131};
    ui.onKey(Key::R, false);
    ASSERT_NO_THROW(run(ui, 1));
    EXPECT_EQ(failing->failedUploads(), 1);
    const std::string message = ui.lectureReadouts().message;
    EXPECT_EQ(message.rfind("not reset: a 259 x 131 grid could not be made: ", 0), 0u) << message;
    EXPECT_NE(message.find("out of memory"), std::string::npos) << message;
    EXPECT_NE(message.find("; the 67 x 45 grid and its field are kept"), std::string::npos)
        << message;
    EXPECT_EQ(ui.simulation().params().grid.nx, 67);
    EXPECT_EQ(ui.settings().params.grid.nx, 67) << "the panel shows the grid that runs";
    EXPECT_EQ(ui.simulation().stepCount(), steps);
    EXPECT_EQ(ui.simulation().fieldOnHost(), field);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));

    // A scene on such a grid: the same, and the panel keeps its settings.
    Scene large;
    large.settings.params.grid = GridSize{300, 200};
    large.settings.stepsPerFrame = 9;
    const ScratchFolder folder;
    const std::string path = folder / "large.json";
    writeScene(path, large);
    std::snprintf(ui.scenes().path, sizeof ui.scenes().path, "%s", path.c_str());
    ui.scenes().load = true;
    ASSERT_NO_THROW(run(ui, 1));
    EXPECT_EQ(ui.lectureReadouts().message.rfind(
                  "scene not loaded: a 300 x 200 grid could not be made", 0),
              0u)
        << ui.lectureReadouts().message;
    EXPECT_EQ(ui.settings().stepsPerFrame, 3);
    EXPECT_EQ(ui.simulation().params().grid.nx, 67);
    EXPECT_EQ(ui.simulation().fieldOnHost(), field);

    // The lecture goes on, and a grid that fits is made.
    ui.settings().running = true;
    run(ui, 2);
    EXPECT_EQ(ui.simulation().stepCount(), steps + 6);
    ui.settings().params.grid = GridSize{90, 80};
    ui.onKey(Key::R, false);
    run(ui, 1);
    EXPECT_TRUE(ui.lectureReadouts().message.empty()) << ui.lectureReadouts().message;
    EXPECT_EQ(ui.simulation().params().grid.nx, 90);
}

}  // namespace
}  // namespace heatlab

namespace heatlab {
namespace {

// Served (heatlab serve), the panel's files are a page's: a scene of the
// server's that names a kernel file is refused whole without
// --allow-kernels, a C++ one with --allow-kernels (CUDA) too; nothing is
// added to compile. The same scene without its kernel file loads.
TEST_F(LectureFaults, AServedPanelsSceneNamingAKernelFileCompilesNothingWithoutAllowKernels) {
    const ScratchFolder folder;
    std::ofstream(folder / "mine.cpp") << "HEATLAB_WHOLE_GRID;\n";
    const std::string path = folder / "lecture.json";
    // A whole scene (a file's names every field), its kernel from the file.
    const std::string window =
        R"("window": {"running": true, "steps_per_frame": 10, "display_path": "interop",)"
        R"( "colormap": "heat", "range": {"automatic": true, "lo": 0, "hi": 1},)"
        R"( "sampling": "extremes", "vsync": true}})";
    const std::string params =
        R"("params": {"grid": "70", "r": "0.24", "boundary": "dirichlet", "initial": "hot-square")";
    std::ofstream(path) << R"({"heatlab_scene": 1, "kernel_file": "mine.cpp", "title": "t", )"
                        << params << "}, " << window;
    const std::string plain = R"({"heatlab_scene": 1, "title": "t", )" + params +
                              R"(, "kernel": "optimised"}, )" + window;

    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    run(ui, 1);
    std::snprintf(ui.scenes().path, sizeof ui.scenes().path, "%s", path.c_str());
    for (const PageKernels allowed : {PageKernels::None, PageKernels::Cuda}) {
        ui.setPageKernels(allowed);
        ui.scenes().load = true;
        run(ui, 1);
        const std::string message = ui.lectureReadouts().message;
        EXPECT_EQ(message.rfind("scene not loaded: it names kernel file ", 0), 0u) << message;
        EXPECT_NE(message.find(allowed == PageKernels::None ? "--allow-kernels" : "=cpu"),
                  std::string::npos)
            << message;
        EXPECT_EQ(ui.simulation().params().grid.nx, 67);
        EXPECT_TRUE(classKernelStatuses().empty());
    }
    std::ofstream(path) << plain;
    ui.scenes().load = true;
    run(ui, 1);
    EXPECT_EQ(ui.lectureReadouts().message, "loaded scene " + path);
    EXPECT_EQ(ui.simulation().params().grid.nx, 70);
}

}  // namespace
}  // namespace heatlab
