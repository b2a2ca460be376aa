// A kernel file named by a scene or a cue list ("kernel_file",
// app/kernel_files/named_kernel_file.h): a file in the file's own folder
// or a shipped example's name; an absolute path, "..", a link out of the
// folder, a file that is not there, a file of the other backend's
// language, and any file named by a list with no folder (a shipped or
// dropped one) refused in one line naming the field, exit 2 at the command
// line. The shipped lecture's last cues name the shipped examples, a
// backend each.

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "app/kernel_files/class_kernels.h"
#include "app/lecture/files/cue_list.h"
#include "app/lecture/files/lecture_kernel_files.h"
#include "app/lecture/files/scene.h"
#include "kernels/base/errors.h"
#include "tests/support/run_command.h"

namespace heatlab {
namespace {

namespace fs = std::filesystem;

// A scene's window, as every scene holds one.
const char* const kWindow =
    "{\"running\": true, \"steps_per_frame\": 1, \"display_path\": \"via-host\", "
    "\"colormap\": \"heat\", \"range\": {\"automatic\": true, \"lo\": 0, \"hi\": 1}, "
    "\"sampling\": \"extremes\", \"vsync\": false}";

class NamedKernelFiles : public ::testing::Test {
protected:
    void SetUp() override {
        folder_ = fs::path(::testing::TempDir()) /
                  ("named-kernel-files-" +
                   std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
        fs::remove_all(folder_);
        fs::create_directories(folder_ / "lecture");
        std::ofstream(folder_ / "lecture" / "mine.cpp") << "HEATLAB_WHOLE_GRID;\n";
        std::ofstream(folder_ / "lecture" / "mine.cu") << "\n";
        std::ofstream(folder_ / "outside.cpp") << "HEATLAB_WHOLE_GRID;\n";
        fs::create_symlink(folder_ / "outside.cpp", folder_ / "lecture" / "link.cpp");
    }
    void TearDown() override { fs::remove_all(folder_); }

    // A cue list in the lecture's folder whose one cue has `kernelFile`
    // (JSON), written as `name`.
    std::string cues(const std::string& kernelFile, const std::string& name = "cues.json") {
        const fs::path path = folder_ / "lecture" / name;
        std::ofstream(path) << "{\"heatlab_cues\": 2, \"cues\": [{\"caption\": \"x\", "
                               "\"kernel_file\": "
                            << kernelFile << "}]}";
        return path.string();
    }

    fs::path folder_;
};

TEST_F(NamedKernelFiles, ACueNamesAFileBesideItOrAShippedExampleABackendEach) {
    const CueList one = readCues(cues("\"mine.cpp\""));
    ASSERT_TRUE(one.cues[0].kernelFile);
    ASSERT_TRUE(one.cues[0].kernelFile->cpu);
    EXPECT_FALSE(one.cues[0].kernelFile->cuda);  // a C++ file runs on the CPU only
    EXPECT_EQ(one.cues[0].kernelFile->cpu->name, "mine");
    EXPECT_EQ(fs::path(one.cues[0].kernelFile->cpu->path), folder_ / "lecture" / "mine.cpp");
    EXPECT_FALSE(one.cues[0].kernelFile->cpu->shipped);

    const CueList each = readCues(cues("{\"cpu\": \"halo_bug\", \"cuda\": \"mine.cu\"}"));
    const CueKernelFiles& files = *each.cues[0].kernelFile;
    ASSERT_TRUE(files.cpu && files.cuda);
    EXPECT_TRUE(files.cpu->shipped);
    EXPECT_EQ(files.cpu->path, "kernels/class/examples/cpu/halo_bug.cpp");
    EXPECT_EQ(files.on(BackendChoice::Cuda)->name, "mine");
}

TEST_F(NamedKernelFiles, EveryOtherFileIsRefusedInOneLineNamingTheField) {
    const std::pair<std::string, std::string> refused[] = {
        {"\"/etc/passwd.cpp\"", "is an absolute path"},
        {"\"../outside.cpp\"", "leads out of the file's folder (..)"},
        {"\"sub/../../outside.cpp\"", "leads out of the file's folder (..)"},
        {"\"link.cpp\"", "leads out of the file's folder (through a link)"},
        {"\"missing.cpp\"", "there is no file"},
        {"\"notes.txt\"", "there is no file"},
        {"{\"cpu\": \"mine.cu\"}", "is a CUDA kernel, not one for the cpu backend"},
        {"{\"cuda\": \"halo_bug\"}", "is a C++ kernel, not one for the cuda backend"},
        {"{\"gpu\": \"mine.cpp\"}", "unknown field"},
        {"3", "must be a string"},
    };
    for (const auto& [kernelFile, says] : refused) {
        try {
            readCues(cues(kernelFile));
            ADD_FAILURE() << kernelFile << " was read";
        } catch (const UsageError& e) {
            const std::string what = e.what();
            EXPECT_NE(what.find("cue 1.kernel_file"), std::string::npos) << what;
            EXPECT_NE(what.find(says), std::string::npos) << kernelFile << ": " << what;
            EXPECT_EQ(what.find('\n'), std::string::npos) << what;
        }
    }
}

TEST_F(NamedKernelFiles, AListWithNoFolderNamesShippedExamplesOnly) {
    const std::string text =
        "{\"heatlab_cues\": 2, \"cues\": [{\"caption\": \"x\", \"kernel_file\": \"mine.cpp\"}]}";
    try {
        parseFolderlessCues(text, "dropped.json");
        ADD_FAILURE() << "a dropped list named a file";
    } catch (const UsageError& e) {
        EXPECT_NE(std::string(e.what()).find("is not a shipped example"), std::string::npos)
            << e.what();
    }
    const CueList shipped = parseFolderlessCues(
        "{\"heatlab_cues\": 2, \"cues\": [{\"caption\": \"x\", \"kernel_file\": \"split_rows\"}]}",
        "dropped.json");
    EXPECT_TRUE(shipped.cues[0].kernelFile->cpu->shipped);
}

TEST_F(NamedKernelFiles, ASceneNamesItsKernelFileInItsOwnFolder) {
    const fs::path path = folder_ / "lecture" / "scene.json";
    const auto scene = [&](const std::string& kernel, const std::string& kernelFile) {
        std::ofstream(path) << "{\"heatlab_scene\": 2, \"params\": {\"grid\": \"64\", " << kernel
                            << "\"r\": \"0.24\", \"boundary\": \"dirichlet\", \"initial\": "
                               "\"hot-square\"}, \"window\": "
                            << kWindow << ", \"kernel_file\": \"" << kernelFile << "\"}";
        return readScene(path.string());
    };
    const Scene read = scene("", "mine.cpp");
    ASSERT_TRUE(read.kernelFile);
    EXPECT_EQ(read.kernelFile->name, "mine");
    EXPECT_TRUE(scene("\"kernel\": \"mine\", ", "mine.cpp").kernelFile);
    EXPECT_THROW(scene("\"kernel\": \"global\", ", "mine.cpp"), UsageError);
    EXPECT_THROW(scene("", "../outside.cpp"), UsageError);
    // A scene with no folder (shipped, dropped) names shipped examples only.
    EXPECT_THROW(parseScene("{\"heatlab_scene\": 2, \"params\": {\"grid\": \"64\", \"r\": "
                            "\"0.24\", \"boundary\": \"dirichlet\", \"initial\": \"hot-square\"}, "
                            "\"window\": " +
                                std::string(kWindow) + ", \"kernel_file\": \"mine.cpp\"}",
                            "dropped.json"),
                 UsageError);
}

// A scene saved while a class kernel runs names its file, so a heatlab
// without the kernel compiles it as it opens the scene: a shipped example
// by its name, a file in the scene's folder by its name there; a file the
// scene cannot name (elsewhere, or a download's) leaves params.kernel alone.
TEST_F(NamedKernelFiles, ASavedSceneNamesItsClassKernelsFileSoItOpensAgain) {
    const ClassKernelSession session;
    const std::string lecture = (folder_ / "lecture").string();
    const Kernel shipped = addNamedKernelFile(namedKernelFile("whole_grid", std::nullopt));
    const Kernel mine = addNamedKernelFile(namedKernelFile("mine.cpp", lecture));
    const auto savedAndRead = [&](Kernel kernel, const std::string& folder) {
        Scene scene;
        scene.settings.params.kernel = kernel;
        scene.kernelFile = savedKernelFile(kernel, folder);
        const std::string path = folder + "/saved.json";
        writeScene(path, scene);
        return readScene(path);
    };
    const Scene withShipped = savedAndRead(shipped, folder_.string());
    ASSERT_TRUE(withShipped.kernelFile);
    EXPECT_TRUE(withShipped.kernelFile->shipped);
    EXPECT_EQ(withShipped.kernelFile->name, "whole_grid");

    const Scene withMine = savedAndRead(mine, lecture);
    ASSERT_TRUE(withMine.kernelFile);
    EXPECT_EQ(fs::path(withMine.kernelFile->path), folder_ / "lecture" / "mine.cpp");

    EXPECT_FALSE(savedKernelFile(mine, folder_.string())) << "a file outside the scene's folder";
    EXPECT_FALSE(savedKernelFile(mine, std::nullopt)) << "a download";
    EXPECT_FALSE(savedKernelFile(Kernel::Global, lecture)) << "heatlab's own";
}

TEST_F(NamedKernelFiles, TheCommandLineRefusesABadOneInOneLineWithExitTwo) {
    const CommandResult list =
        runHeatlabWithin("shot --ui --cues " + cues("\"../outside.cpp\"", "bad.json") + " --out " +
                             (folder_ / "never.png").string(),
                         30);
    EXPECT_EQ(list.status, 2) << list.err;
    EXPECT_EQ(std::count(list.err.begin(), list.err.end(), '\n'), 1) << list.err;
    EXPECT_NE(list.err.find("leads out of the file's folder"), std::string::npos) << list.err;
    EXPECT_FALSE(fs::exists(folder_ / "never.png"));

    std::ofstream(folder_ / "lecture" / "scene.json")
        << "{\"heatlab_scene\": 2, \"params\": {\"grid\": \"64\", \"r\": \"0.24\", \"boundary\": "
           "\"dirichlet\", \"initial\": \"hot-square\"}, \"kernel_file\": \"/etc/mine.cpp\"}";
    const CommandResult scene =
        runHeatlabWithin("serve --scene " + (folder_ / "lecture" / "scene.json").string(), 30);
    EXPECT_EQ(scene.status, 2) << scene.err;
    EXPECT_EQ(std::count(scene.err.begin(), scene.err.end(), '\n'), 1) << scene.err;
    EXPECT_NE(scene.err.find("kernel_file: kernel file \"/etc/mine.cpp\" is an absolute path"),
              std::string::npos)
        << scene.err;
}

TEST_F(NamedKernelFiles, TheShippedLecturesLastCuesCompileTheShippedExamples) {
    const CueList lecture = readCues("lecture");
    std::vector<std::string> cpu;
    std::vector<std::string> cuda;
    for (const Cue& cue : lecture.cues) {
        if (cue.kernelFile) {
            if (cue.kernelFile->cpu) {
                cpu.push_back(cue.kernelFile->cpu->name);
            }
            if (cue.kernelFile->cuda) {
                cuda.push_back(cue.kernelFile->cuda->name);
            }
        }
    }
    EXPECT_EQ(cpu, (std::vector<std::string>{"whole_grid", "split_rows", "halo_bug"}));
    EXPECT_EQ(cuda, (std::vector<std::string>{"one_thread", "per_point", "shared_tile",
                                              "tile_halo_bug"}));
    EXPECT_EQ(lecture.cues.back().panel, PanelFocus::Kernel);  // find the bug: the report
}

}  // namespace
}  // namespace heatlab
