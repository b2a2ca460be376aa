// The clean-up list (app/io/cleanup_list.h) and the signals that use it
// (app/io/stop_signal.h): what is listed is removed by a signal that ends
// the program, a second Ctrl+C included, and what was taken off the list
// stays. Each signal is raised in a child process at an exact point (no
// timed kill), so the test holds the same on any machine.

#include <csignal>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "app/io/cleanup_list.h"
#include "app/io/output_file.h"
#include "app/io/stop_signal.h"
#include "tests/cpu/fifo_reader.h"
#include "tests/support/child_process.h"
#include "tests/support/file_text.h"

namespace heatlab {
namespace {

TEST(CleanupList, ListsWhileTheEntryLivesAndRemovesOnlyWhatIsListed) {
    ScratchFolder folder;
    const int before = listedLeftovers();
    const std::string made = folder / "made";
    const std::string kept = folder / "kept.txt";
    const std::string own = folder / "own";
    std::filesystem::create_directory(made);
    std::filesystem::create_directory(own);
    writeFileText(made + "/picture.png", "p");
    writeFileText(made + "/notes.txt", "not the program's");
    writeFileText(own + "/a", "a");
    writeFileText(own + "/b", "b");
    writeFileText(kept, "k");
    const int status = statusOfChild([&] {
        CleanupEntry picture(made + "/picture.png", Leftover::File);
        CleanupEntry folderMade(made, Leftover::Folder);
        CleanupEntry privateFolder(own, Leftover::PrivateFolder);
        CleanupEntry keptFile(kept, Leftover::File);
        keptFile.release();
        CleanupEntry notMadeYet(folder / "not-there", Leftover::File);
        if (listedLeftovers() != before + 4) {
            ::_exit(3);
        }
        removeListedLeftovers();
    });
    ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
    EXPECT_EQ(listedLeftovers(), before);
    EXPECT_FALSE(std::filesystem::exists(made + "/picture.png"));
    // Not empty (another's file in it): a listed folder stays then.
    EXPECT_EQ(fileText(made + "/notes.txt"), "not the program's");
    EXPECT_FALSE(std::filesystem::exists(own));
    EXPECT_EQ(fileText(kept), "k");
}

TEST(CleanupList, AnEntryMovedIsListedOnce) {
    const int before = listedLeftovers();
    {
        CleanupEntry first("/nonexistent-heatlab/a", Leftover::File);
        CleanupEntry second = std::move(first);
        EXPECT_FALSE(first.listed());
        EXPECT_TRUE(second.listed());
        EXPECT_EQ(listedLeftovers(), before + 1);
    }
    EXPECT_EQ(listedLeftovers(), before);
}

// A signal while no run is being stopped (a shot writing its picture, a
// bench its JSON) removes the temporary it was writing, then ends the
// program as the signal does: SIGHUP, SIGINT and SIGTERM alike.
TEST(StopSignals, ASignalWithNoRunToStopRemovesTheTemporary) {
    for (int signal : {SIGHUP, SIGINT, SIGTERM}) {
        ScratchFolder folder;
        const int status = statusOfChild([&] {
            removeLeftoversOnSignals();
            OutputStream stream(folder / "v.mp4");
            stream.write("part", 4);
            std::raise(signal);
        });
        EXPECT_TRUE(killedBy(status, signal)) << signal << ": " << status;
        EXPECT_TRUE(folder.names().empty()) << signal << " left: " << folder.names().front();
    }
}

// SIGHUP (the terminal closed) stops a run as SIGTERM does: a flag the run
// reads, named when said.
TEST(StopSignals, SighupStopsARunAsSigtermDoes) {
    const int status = statusOfChild([] {
        const StopSignal stop;
        std::raise(SIGHUP);
        ::_exit(StopSignal::requested() && std::string(StopSignal::name()) == "SIGHUP" ? 0 : 3);
    });
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
}

// The impatient double press: the second signal ends the program at once,
// and what the run had made goes with it.
TEST(StopSignals, ASecondSignalEndsTheRunAndRemovesWhatItMade) {
    ScratchFolder folder;
    const int status = statusOfChild([&] {
        const StopSignal stop;
        CleanupEntry picture(folder / "p.png", Leftover::File);
        writeFileText(folder / "p.png", "picture");
        OutputStream stream(folder / "v.mp4");
        std::raise(SIGINT);
        if (!StopSignal::requested()) {
            ::_exit(3);
        }
        std::raise(SIGINT);
        ::_exit(4);  // not reached
    });
    EXPECT_TRUE(killedBy(status, SIGINT)) << status;
    EXPECT_TRUE(folder.names().empty()) << "left: " << folder.names().front();
}

// HEATLAB_TEST_STOP's items are each raised once, at their own point.
TEST(StopSignals, TheTestHookRaisesEachItemOnceAtItsPoint) {
    const int status = statusOfChild([] {
        ::setenv("HEATLAB_TEST_STOP", "SIGTERM@frame-2,SIGHUP@clean-up", 1);
        const StopSignal stop;
        StopSignal::testPoint("frame-1");
        StopSignal::testPoint(2);
        if (StopSignal::requested()) {
            ::_exit(3);
        }
        StopSignal::testPoint("frame-2");
        if (std::string(StopSignal::name()) != "SIGTERM") {
            ::_exit(4);
        }
        StopSignal::testPoint("frame-2");  // once only: this would end it
        StopSignal::testPoint("clean-up");
        ::_exit(5);  // not reached: the second signal ends it
    });
    EXPECT_TRUE(killedBy(status, SIGHUP)) << status;
}

}  // namespace
}  // namespace heatlab
