// A class kernel's file watched while a lecture runs
// (app/kernel_files/class_kernels.h, watchClassKernels()): a save, in place
// or by an editor's rename over the file, is compiled, checked and put in
// the field; a save that fails leaves the version before in the field,
// saying why; a save during a compile is compiled instead of it; the steps
// never wait for a compile; the panel's Reload brings a stopped kernel
// back. In-process: the lecture's side here, each kernel's process the
// heatlab binary.
//
// Waits are for a state, each with a generous limit (a busy machine
// compiles slowly): no test measures a time.

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <mutex>
#include <string>

#include <gtest/gtest.h>

#include "app/kernel_files/class_kernels.h"
#include "app/kernel_files/kernel_process.h"
#include "kernels/class/kernel_stopped.h"
#include "kernels/cpu/cpu_backend.h"
#include "kernels/simulation.h"
#include "tests/support/row_kernel_text.h"
#include "tests/support/run_command.h"
#include "tests/support/scoped_env.h"

namespace heatlab {
namespace {

namespace fs = std::filesystem;

// A right step; `extra` goes first in its body (line 4 of the file).
std::string kernelText(const std::string& extra = "", const std::string& comment = "") {
    return rowKernelText(extra, comment);
}

// The longest any one wait here takes before the test fails: several
// compiles and checks on a busy two-core machine.
constexpr double kWaitSeconds = 120.0;
// A frame of the lecture these tests play.
constexpr double kFrameSeconds = 0.02;

class KernelReload : public ::testing::Test {
protected:
    void SetUp() override {
        folder_ = fs::path(::testing::TempDir()) /
                  ("kernel-reload-" +
                   std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
        fs::remove_all(folder_);
        fs::create_directories(folder_ / "tmp");
        tmp_ = std::make_unique<ScopedEnv>("TMPDIR", (folder_ / "tmp").string());
        setKernelProcessProgram(heatlabBinary());  // this binary is not heatlab
    }
    void TearDown() override {
        setClassKernelReloadHook({});
        session_.reset();
        simulation_.reset();
        EXPECT_TRUE(fs::is_empty(folder_ / "tmp"));
        tmp_.reset();
        fs::remove_all(folder_);
    }

    // Writes `text` in place, as an editor that writes over the file does.
    void writeInPlace(const std::string& text) {
        std::ofstream(path_, std::ios::binary | std::ios::trunc) << text;
    }
    // Writes `text` into a new file and renames it over the kernel's, as
    // vim, VS Code and gedit save.
    void writeAndRename(const std::string& text) {
        const std::string fresh = path_ + ".new";
        std::ofstream(fresh, std::ios::binary) << text;
        fs::rename(fresh, path_);
    }

    // The kernel file `name`.cpp holding `text`, its kernel started and
    // checked, a simulation on it, the file watched.
    void start(const std::string& name, const std::string& text) {
        path_ = (folder_ / (name + ".cpp")).string();
        writeInPlace(text);
        session_ = std::make_unique<ClassKernelSession>();
        addClassKernels({path_});
        const GridSize grid{33, 21};
        ASSERT_EQ(startClassKernels(grid).size(), 1u);
        Params params;
        params.grid = grid;
        params.r = 0.2f;  // the lecture's 0.24 is the crashing kernel's
        params.kernel = status().kernel;
        simulation_ = std::make_unique<Simulation>(std::make_unique<CpuBackend>(), params);
        simulation_->advance(2);
        watchClassKernels();
    }

    ClassKernelStatus status() const { return classKernelStatuses().back(); }

    void setR(float r) {
        Params params = simulation_->params();
        params.r = r;
        simulation_->setParams(params);
    }

    // Steps the field a frame at a time (or, with `steps` false, only
    // waits) until `done` holds of the kernel's status; false at the limit.
    // Between frames it waits on the statuses' changes, a frame's time at
    // most.
    bool frameUntil(const std::function<bool(const ClassKernelStatus&)>& done, bool steps = true) {
        const auto limit =
            std::chrono::steady_clock::now() + std::chrono::duration<double>(kWaitSeconds);
        const auto holds = [&](const std::vector<ClassKernelStatus>& all) {
            return done(all.back());
        };
        while (std::chrono::steady_clock::now() < limit) {
            if (awaitClassKernels(holds, kFrameSeconds)) {
                return true;
            }
            if (steps) {
                simulation_->advance(1);
            }
        }
        return false;
    }
    bool versionsReach(int versions) {
        return frameUntil(
            [versions](const ClassKernelStatus& s) { return s.versions >= versions; });
    }

    fs::path folder_;
    std::string path_;
    std::unique_ptr<ScopedEnv> tmp_;
    std::unique_ptr<ClassKernelSession> session_;
    std::unique_ptr<Simulation> simulation_;
};

TEST_F(KernelReload, EachSaveIsCompiledCheckedAndPutInTheFieldWhateverTheEditor) {
    start("saved", kernelText());
    EXPECT_EQ(status().state, KernelFileState::Running);
    EXPECT_EQ(status().versions, 1);
    // What was built, figure by figure, for the panel.
    ASSERT_TRUE(status().build);
    EXPECT_EQ(status().build->checkedGrids, 6);  // the five and the lecture's
    EXPECT_GT(status().build->compileSeconds, 0.0);
    EXPECT_NE(status().build->options.find("-O3"), std::string::npos);
    EXPECT_EQ(status().build->registers, -1);  // a C++ kernel's are not known

    const std::string renamed = kernelText("", "saved by a rename over the file");
    writeAndRename(renamed);
    ASSERT_TRUE(versionsReach(2)) << status().reason;
    EXPECT_EQ(status().sourceHash, sourceHash(renamed));
    simulation_->advance(1);
    EXPECT_EQ(status().state, KernelFileState::Running);

    const std::string inPlace = kernelText("", "saved in place");
    writeInPlace(inPlace);
    ASSERT_TRUE(versionsReach(3)) << status().reason;
    EXPECT_EQ(status().sourceHash, sourceHash(inPlace));

    // Saved unchanged (touched), then changed: only the change compiled.
    writeInPlace(inPlace);
    const std::string last = kernelText("", "changed after a save of the same text");
    writeAndRename(last);
    ASSERT_TRUE(versionsReach(4)) << status().reason;
    EXPECT_EQ(status().sourceHash, sourceHash(last));
    EXPECT_EQ(status().versions, 4);
    EXPECT_EQ(status().state, KernelFileState::Checked);  // until a step runs it
    simulation_->advance(1);
    EXPECT_EQ(status().state, KernelFileState::Running);
}

TEST_F(KernelReload, ASaveThatFailsLeavesTheVersionBeforeInTheFieldAndSaysWhy) {
    const std::string right = kernelText();
    start("fails", right);
    writeAndRename(kernelText("    int broken = ;\n"));
    ASSERT_TRUE(
        frameUntil([](const ClassKernelStatus& s) { return s.state == KernelFileState::Failed; }));
    const ClassKernelStatus failed = status();
    EXPECT_NE(failed.reason.find("does not compile: " + path_ + ":4:"), std::string::npos)
        << failed.reason;
    // The compiler's lines, the file's line and the caret under it.
    EXPECT_NE(failed.compilerLines.find("int broken = ;"), std::string::npos)
        << failed.compilerLines;
    EXPECT_NE(failed.compilerLines.find("^"), std::string::npos) << failed.compilerLines;
    EXPECT_TRUE(failed.olderRunning);
    EXPECT_EQ(failed.versions, 1);
    EXPECT_EQ(failed.sourceHash, sourceHash(right));
    // The field goes on with the version before.
    const long long before = simulation_->stepCount();
    simulation_->advance(3);
    EXPECT_EQ(simulation_->stepCount(), before + 3);

    // Wrong values: the check's line.
    writeAndRename(kernelText("    r = 0.2f;\n"));
    ASSERT_TRUE(frameUntil([](const ClassKernelStatus& s) {
        return s.state == KernelFileState::Failed && s.reason.find("wrong on") != std::string::npos;
    })) << status().reason;
    EXPECT_NE(status().reason.find("r = 0.26"), std::string::npos) << status().reason;
    EXPECT_TRUE(status().olderRunning);
    // Where, as the panel shows it: wrong everywhere at r = 0.26.
    ASSERT_TRUE(status().wrong);
    EXPECT_FLOAT_EQ(status().wrong->r, 0.26f);
    EXPECT_GT(status().wrong->maxError, 1e-4);
    EXPECT_TRUE(status().wrong->anyWrong());

    // Fixed: in the field.
    const std::string fixed = kernelText("", "fixed");
    writeAndRename(fixed);
    ASSERT_TRUE(versionsReach(2)) << status().reason;
    EXPECT_EQ(status().sourceHash, sourceHash(fixed));
    EXPECT_TRUE(status().reason.empty()) << status().reason;
}

// The hook holds the watcher between reading a version and compiling it:
// the steps go on meanwhile, and a save made there is what reaches the
// field, the version read before it never.
TEST_F(KernelReload, ASaveDuringACompileIsCompiledInsteadAndTheStepsNeverWait) {
    start("racing", kernelText());
    std::mutex mutex;
    std::condition_variable changed;
    int calls = 0;
    bool inHook = false;
    bool release = false;
    const std::string newer = kernelText("", "the newer save, read while the first compiled");
    setClassKernelReloadHook([&](const std::string&) {
        std::unique_lock<std::mutex> lock(mutex);
        if (++calls > 1) {
            return;
        }
        inHook = true;
        changed.notify_all();
        changed.wait(lock, [&] { return release; });
        // The save during the compile.
        writeAndRename(newer);
    });
    writeAndRename(kernelText("", "the first save"));
    {
        std::unique_lock<std::mutex> lock(mutex);
        ASSERT_TRUE(changed.wait_for(lock, std::chrono::duration<double>(kWaitSeconds),
                                     [&] { return inHook; }));
    }
    // The watcher is between reading and compiling: a frame's steps run.
    const long long before = simulation_->stepCount();
    simulation_->advance(5);
    EXPECT_EQ(simulation_->stepCount(), before + 5);
    EXPECT_EQ(status().state, KernelFileState::Compiling);
    EXPECT_TRUE(status().olderRunning);
    {
        std::lock_guard<std::mutex> lock(mutex);
        release = true;
    }
    changed.notify_all();
    ASSERT_TRUE(versionsReach(2)) << status().reason;
    EXPECT_EQ(status().sourceHash, sourceHash(newer));
    EXPECT_EQ(status().versions, 2);  // the first save never reached the field
    std::lock_guard<std::mutex> lock(mutex);
    EXPECT_EQ(calls, 2);
}

TEST_F(KernelReload, ReloadBringsAStoppedKernelBackAndSaveFixesOne) {
    // Right at the check's r, a crash at the lecture's 0.24.
    start("crashes", kernelText("    if (r == 0.24f) out[-100000000] = 1;\n"));
    setR(0.24f);
    EXPECT_THROW(simulation_->advance(1), KernelStoppedError);
    EXPECT_EQ(status().state, KernelFileState::Stopped);
    EXPECT_NE(status().reason.find("crashed (SIGSEGV)"), std::string::npos) << status().reason;
    EXPECT_THROW(simulation_->advance(1), KernelStoppedError);  // stopped for good

    // Reload: the same text in a new process, checked again (it passes the
    // check at its r, and runs at 0.2).
    reloadClassKernel(status().kernel);
    ASSERT_TRUE(frameUntil([](const ClassKernelStatus& s) { return s.versions == 2; }, false));
    EXPECT_EQ(status().state, KernelFileState::Checked);
    setR(0.2f);
    simulation_->advance(2);
    EXPECT_EQ(status().state, KernelFileState::Running);

    // The fix saved: it runs at 0.24.
    writeAndRename(kernelText("", "fixed"));
    ASSERT_TRUE(versionsReach(3)) << status().reason;
    setR(0.24f);
    simulation_->advance(2);
    EXPECT_EQ(status().state, KernelFileState::Running);
}

}  // namespace
}  // namespace heatlab
