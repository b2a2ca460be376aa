// `shot --record DIR` (app/io/record_folder.h): checked up front without
// leaving anything, made only when the run goes ahead, and gone again (its
// pictures, and the folder when the run made it) when the run does not
// finish, a second signal inside that clean-up included.

#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "app/io/record_folder.h"
#include "kernels/base/errors.h"
#include "tests/cpu/fifo_reader.h"
#include "tests/support/child_process.h"
#include "tests/support/file_text.h"

namespace heatlab {
namespace {

RgbImage tinyImage() {
    RgbImage image;
    image.width = 2;
    image.height = 2;
    image.pixels.assign(12, 128);
    return image;
}

TEST(RecordFolder, TheCheckMakesNothing) {
    ScratchFolder folder;
    EXPECT_EQ(recordFolderProblem(folder / "new"), "");
    EXPECT_TRUE(folder.names().empty());
    EXPECT_NE(recordFolderProblem(folder / "missing/new").find("does not exist"),
              std::string::npos);
    writeFileText(folder / "file", "x");
    EXPECT_NE(recordFolderProblem(folder / "file").find("not a folder"), std::string::npos);
    EXPECT_EQ(recordFolderProblem(folder.path()), "");
    // A folder that takes no new files (root writes anywhere else).
    EXPECT_NE(recordFolderProblem("/proc"), "");
}

TEST(RecordFolder, ARunThatDoesNotFinishLeavesNothingOfIt) {
    ScratchFolder folder;
    const std::string made = folder / "rec";
    {
        RecordFolder record(made);
        EXPECT_TRUE(std::filesystem::is_directory(made));
        record.write("a.png", tinyImage(), {}, 1);
        record.write("b.png", tinyImage(), {}, 2);
        EXPECT_TRUE(std::filesystem::exists(made + "/b.png"));
    }
    EXPECT_TRUE(folder.names().empty()) << "left: " << folder.names().front();
}

// A folder that was there stays, with what others put in it.
TEST(RecordFolder, AFolderThatWasThereKeepsWhatItHeld) {
    ScratchFolder folder;
    writeFileText(folder / "notes.txt", "mine");
    {
        RecordFolder record(folder.path());
        record.write("a.png", tinyImage(), {}, 1);
        record.adopt(folder / "shot.png");  // another writer's, not there: nothing to remove
    }
    ASSERT_EQ(folder.names().size(), 1u);
    EXPECT_EQ(fileText(folder / "notes.txt"), "mine");
}

TEST(RecordFolder, AFinishedRunKeepsIt) {
    ScratchFolder folder;
    const std::string made = folder / "rec";
    {
        RecordFolder record(made);
        EXPECT_EQ(record.write("a.png", tinyImage(), {}, 1), made + "/a.png");
        record.keep();
    }
    EXPECT_TRUE(std::filesystem::exists(made + "/a.png"));
}

// What mkdir() alone would find, found before the run starts: a folder
// that takes no new folders (/proc, even for root), a link to nothing, a
// name longer than the file system takes. Nothing is left by the check.
TEST(RecordFolder, WhatCannotBeMadeIsFoundUpFront) {
    ScratchFolder folder;
    const std::string dangling = folder / "rec";
    std::filesystem::create_symlink(folder / "gone", dangling);
    const std::string problem = recordFolderProblem(dangling);
    EXPECT_NE(problem.find("is a link to '" + (folder / "gone") + "', which is not there"),
              std::string::npos)
        << problem;
    const std::string longName = folder / std::string(300, 'r');
    EXPECT_NE(recordFolderProblem(longName).find("File name too long"), std::string::npos)
        << recordFolderProblem(longName);
    EXPECT_EQ(folder.names(), std::vector<std::string>{"rec"});
    if (::access("/proc", F_OK) == 0) {
        const std::string proc = recordFolderProblem("/proc/heatlab-rec");
        EXPECT_NE(proc, "");
        EXPECT_FALSE(std::filesystem::exists("/proc/heatlab-rec"));
    }
}

// The impatient double press: the first Ctrl+C stops the run after its
// second picture, the second lands inside the clean-up, after its first
// removal, and ends the program there. The rest goes all the same.
TEST(RecordFolder, ASecondSignalInsideTheCleanUpLeavesNothing) {
    ScratchFolder folder;
    const std::string made = folder / "rec";
    const int status = statusOfChild([&] {
        ::setenv("HEATLAB_TEST_STOP", "SIGINT@2,SIGINT@clean-up", 1);
        RecordFolder record(made);
        try {
            for (int step = 1; step <= 5; ++step) {
                record.write("p" + std::to_string(step) + ".png", tinyImage(), {}, step);
            }
        } catch (const RuntimeError&) {
            // stopped: the record's destructor cleans up, and is interrupted
        }
    });
    EXPECT_TRUE(killedBy(status, SIGINT)) << status;
    EXPECT_TRUE(folder.names().empty()) << "left: " << folder.names().front();
}

// SIGHUP (the terminal closed) stops a record as SIGTERM does, and says
// which.
TEST(RecordFolder, SighupStopsItAndItsPicturesGo) {
    ScratchFolder folder;
    const std::string made = folder / "rec";
    const int status = statusOfChild([&] {
        ::setenv("HEATLAB_TEST_STOP", "SIGHUP@1", 1);
        std::string said;
        {
            RecordFolder record(made);
            try {
                record.write("p1.png", tinyImage(), {}, 1);
            } catch (const RuntimeError& e) {
                said = e.what();
            }
        }
        ::_exit(said.find("stopped by SIGHUP at step 1") == 0 ? 0 : 3);
    });
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
    EXPECT_TRUE(folder.names().empty()) << "left: " << folder.names().front();
}

// A run killed outright (SIGKILL, the OOM killer) cleans nothing up; the
// next record into the folder removes the temporaries of its pictures
// (their process gone), and nothing else.
TEST(RecordFolder, TheNextRunRemovesWhatAKilledOneLeft) {
    ScratchFolder folder;
    const std::string gone = std::to_string(goneProcessId());
    const std::string alive = std::to_string(::getpid());
    const std::vector<std::string> stale{"heatlab_step000004.png.tmp-" + gone + "-0",
                                         "heatlab_record_probe.png.probe-" + gone};
    const std::vector<std::string> kept{"heatlab_step000004.png.tmp-" + alive + "-0",
                                        "notes.txt.tmp-" + gone + "-0", "heatlab_step000002.png",
                                        "x.png.tmp-" + gone + "-a"};
    for (const std::string& name : stale) {
        writeFileText(folder / name, "part");
    }
    for (const std::string& name : kept) {
        writeFileText(folder / name, "part");
    }
    {
        RecordFolder record(folder.path());
        record.keep();
    }
    std::vector<std::string> names = folder.names();
    std::sort(names.begin(), names.end());
    std::vector<std::string> expected = kept;
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(names, expected);
}

TEST(RecordFolder, AFolderThatCannotBeMadeIsARuntimeError) {
    ScratchFolder folder;
    EXPECT_THROW(RecordFolder(folder / "missing/rec"), RuntimeError);
}

}  // namespace
}  // namespace heatlab
