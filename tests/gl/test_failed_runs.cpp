// A shot that is refused, fails or is stopped leaves nothing it made and
// says so in one line; one that goes ahead names what it wrote. Signals
// come at an exact point of the run (HEATLAB_TEST_STOP: after the Nth
// picture, inside the clean-up), not after a sleep; SIGHUP stops a run
// as SIGTERM does, and a second signal still leaves nothing. serve makes
// no folder, whatever ends it. The window's notice for a split it cannot
// start names --split's key.

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

extern "C" {
#include <libavformat/version.h>
}

#include "app/lecture/files/cue_list.h"
#include "kernels/backend_factory.h"
#include "kernels/cpu/cpu_backend.h"
#include "tests/cpu/fifo_reader.h"
#include "tests/gl/lecture_fixture.h"
#include "tests/support/child_process.h"
#include "tests/support/file_text.h"
#include "tests/support/hidden_library.h"
#include "tests/support/run_command.h"
#include "tests/support/scoped_env.h"
#include "tests/support/serve_client.h"

namespace heatlab {
namespace {

int lineCount(const std::string& text) {
    return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

std::string lastLine(const std::string& text) {
    const std::size_t end = text.find_last_not_of('\n');
    if (end == std::string::npos) {
        return "";
    }
    const std::size_t start = text.rfind('\n', end);
    return text.substr(start == std::string::npos ? 0 : start + 1, end - start);
}

// Every name under `folder`, subfolders included.
std::vector<std::string> everythingUnder(const std::string& folder) {
    std::vector<std::string> all;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(folder)) {
        all.push_back(entry.path().string());
    }
    return all;
}

bool cudaUsable() { return makeBackend(BackendChoice::Auto).backend->facts().name == "cuda"; }

// A cue list of one cue that runs six steps and then takes its screenshot.
std::string screenshotCues(const ScratchFolder& folder) {
    const std::string path = folder / "cues.json";
    std::ofstream(path) << R"({"heatlab_cues": 1, "cues": [
        {"caption": "six steps", "reset": true, "until": {"step": 6}, "screenshot": true}]})";
    return path;
}

TEST(StoppedRecord, SigintAfterThePicturesLeavesNothingAndSaysSo) {
    ScratchFolder folder;
    const ScopedEnv stop("HEATLAB_TEST_STOP", "SIGINT@2");
    const CommandResult result =
        runHeatlab("shot --backend cpu --grid 32 --steps 20 --every 2 --record " +
                   (folder / "rec") + " --out " + (folder / "out.png"));
    EXPECT_EQ(result.status, 1) << result.err;
    EXPECT_EQ(lastLine(result.err),
              "heatlab: error: stopped by SIGINT at step 4: the 2 pictures "
              "recorded into " +
                  (folder / "rec") + " were removed")
        << result.err;
    EXPECT_TRUE(folder.names().empty()) << "left: " << folder.names().front();
}

// SIGTERM into a folder that was there: the folder stays, as it was.
TEST(StoppedRecord, SigtermLeavesAFolderThatWasThereAsItWas) {
    ScratchFolder folder;
    std::ofstream(folder / "notes.txt") << "mine";
    const ScopedEnv stop("HEATLAB_TEST_STOP", "SIGTERM@3");
    const CommandResult result = runHeatlab(
        "shot --backend cpu --grid 32 --steps 20 --every 2 "
        "--record " +
        folder.path() + " --out " + (folder / "out.png"));
    EXPECT_EQ(result.status, 1) << result.err;
    EXPECT_NE(lastLine(result.err).find("stopped by SIGTERM at step 6"), std::string::npos)
        << result.err;
    EXPECT_EQ(folder.names(), std::vector<std::string>{"notes.txt"});
}

// SIGHUP (the terminal closed, the ssh connection dropped: how a remote
// record usually ends) stops the run as SIGTERM does: nothing of the
// record or of the video is left, and the last line says so.
TEST(StoppedRecord, SighupLeavesNothingAndSaysSo) {
    ScratchFolder folder;
    const std::string base = "shot --backend cpu --grid 32 --steps 20 --every 2 --video " +
                             (folder / "v.mp4") + " --out " + (folder / "out.png");
    const struct {
        const char* stop;
        std::string args;
        std::string said;
    } runs[] = {
        {"SIGHUP@2", base + " --record " + (folder / "rec"),
         "stopped by SIGHUP at step 4: the 2 pictures recorded into " + (folder / "rec") +
             " were removed"},
        {"SIGHUP@frame-2", base,
         "stopped by SIGHUP at step 6: " + (folder / "v.mp4") +
             " not written (the part recorded was removed)"},
    };
    for (const auto& run : runs) {
        const ScopedEnv stop("HEATLAB_TEST_STOP", run.stop);
        const CommandResult result = runHeatlab(run.args);
        EXPECT_EQ(result.status, 1) << run.stop << "\n" << result.err;
        EXPECT_EQ(lastLine(result.err), "heatlab: error: " + run.said) << result.err;
        EXPECT_TRUE(folder.names().empty()) << run.stop << " left: " << folder.names().front();
    }
}

// The impatient double press: the second Ctrl+C lands inside the run's
// clean-up (after its first removal) and ends the program there, by
// SIGINT; what the run made goes all the same, the record's pictures and
// folder and the video's temporary.
TEST(StoppedRecord, ASecondSigintInsideTheCleanUpLeavesNothing) {
    ScratchFolder folder;
    const std::string base = "shot --backend cpu --grid 32 --steps 20 --every 2 --video " +
                             (folder / "v.mp4") + " --out " + (folder / "out.png");
    for (const auto& [stop, args] :
         {std::pair<std::string, std::string>{"SIGINT@2,SIGINT@clean-up",
                                              base + " --record " + (folder / "rec")},
          {"SIGINT@frame-2,SIGINT@clean-up", base},
          {"SIGTERM@3,SIGHUP@clean-up", base + " --record " + (folder / "rec")}}) {
        const ScopedEnv stopped("HEATLAB_TEST_STOP", stop);
        const CommandResult result = runHeatlab(args);
        const int second = stop.find("SIGHUP@clean") != std::string::npos ? SIGHUP : SIGINT;
        EXPECT_EQ(result.signal, second) << stop << "\n" << result.err;
        EXPECT_TRUE(folder.names().empty()) << stop << " left: " << folder.names().front();
    }
}

// Under nohup (SIGHUP ignored when heatlab starts) the run goes on: the
// terminal closing is what nohup is for.
TEST(StoppedRecord, SighupIgnoredAtTheStartIsStillIgnored) {
    ScratchFolder folder;
    const std::string command = "trap '' HUP; HEATLAB_TEST_STOP=SIGHUP@2 " + heatlabBinary() +
                                " shot --backend cpu --grid 32 --steps 8 --every 2 --record " +
                                (folder / "rec") + " --out " + (folder / "out.png") +
                                " >/dev/null 2>" + (folder / "err.txt");
    const int raw = std::system(command.c_str());
    ASSERT_TRUE(WIFEXITED(raw)) << fileText(folder / "err.txt");
    EXPECT_EQ(WEXITSTATUS(raw), 0) << fileText(folder / "err.txt");
    EXPECT_TRUE(std::filesystem::exists(folder / "out.png"));
    EXPECT_EQ(everythingUnder(folder / "rec").size(), 4u);
}

TEST(StoppedRecord, ACueListsRecordStoppedLeavesNothing) {
    ScratchFolder folder;
    const std::string cues = folder / "cues.json";
    std::ofstream(cues) << R"({"heatlab_cues": 1, "cues": [
        {"caption": "one", "reset": true, "until": {"step": 6}, "screenshot": true},
        {"caption": "two", "until": {"step": 12}}]})";
    const std::string out = folder / "out";
    std::filesystem::create_directory(out);
    // After the first cue's screenshot, after its own picture.
    for (const char* signal : {"SIGINT@1", "SIGTERM@2"}) {
        const ScopedEnv stop("HEATLAB_TEST_STOP", signal);
        const CommandResult result = runHeatlab(
            "shot --ui --backend cpu --grid 32 --steps-per-frame 3 --size 320x200 "
            "--frames 10 --cues " +
            cues + " --record " + (out + "/rec") + " --out " + (out + "/end.png"));
        EXPECT_EQ(result.status, 1) << signal << "\n" << result.err;
        EXPECT_NE(lastLine(result.err).find("stopped by SIG"), std::string::npos) << result.err;
        EXPECT_TRUE(everythingUnder(out).empty()) << signal << " left: " << everythingUnder(out)[0];
    }
}

// Refused (no GPU, a grid that does not fit) or failed before the first
// frame (FFmpeg's libraries missing): no --record folder.
TEST(FailedRun, ARefusedRunMakesNoRecordFolder) {
    ScratchFolder folder;
    const std::string rec = folder / "rec";
    std::vector<std::string> refused{
        "shot --backend cpu --grid 65536 --steps 4 --every 2 --record " + rec,
        "shot --ui --backend cpu --grid 65536 --cues lecture --frames 2 --record " + rec};
    if (!cudaUsable()) {
        refused.push_back("shot --backend cuda --grid 32 --steps 4 --every 2 --record " + rec);
    }
    for (const std::string& args : refused) {
        const CommandResult result = runHeatlab(args);
        EXPECT_EQ(result.status, 2) << args << "\n" << result.err;
        EXPECT_EQ(lineCount(result.err), 1) << args << "\n" << result.err;
        EXPECT_TRUE(folder.names().empty()) << args << " left: " << folder.names().front();
    }
}

// A cue whose kernel the backend it would play on lacks (tiled is the
// GPU's alone) is refused with its list, before a frame or a folder.
TEST(FailedRun, ACueWithAKernelItsBackendLacksIsRefusedAsTheListIsRead) {
    ScratchFolder folder;
    const std::string rec = folder / "rec";
    const std::string cues = folder / "tiled.json";
    std::ofstream(cues) << R"({"heatlab_cues": 1, "cues": [
        {"caption": "fine", "until": {"step": 2}}, {"kernel": "tiled", "until": {"step": 4}}]})";
    const CommandResult result =
        runHeatlab("shot --ui --backend cpu --grid 32 --cues " + cues + " --record " + rec);
    EXPECT_EQ(result.status, 2) << result.err;
    EXPECT_NE(lastLine(result.err).find("cue 2 would run kernel tiled on the cpu backend"),
              std::string::npos)
        << result.err;
    EXPECT_EQ(folder.names(), std::vector<std::string>{"tiled.json"});
}

// The library is hidden by an empty file mounted over it in a private
// mount namespace (skipped, visibly, where none can be had).
TEST(FailedRun, MissingFfmpegLibrariesMakeNoRecordFolder) {
    ScratchFolder folder;
    const std::string soname = "libavformat.so." + std::to_string(LIBAVFORMAT_VERSION_MAJOR);
    const std::string out = folder / "out";
    std::filesystem::create_directory(out);
    const std::string commands =
        heatlabBinary() + " shot --backend cpu --grid 32 --steps 10 --every 5 --record \"" + out +
        "/rec\" --video \"" + out + "/clip.mp4\" >/dev/null 2>\"" + folder.path() +
        "/err.txt\"\necho $? > \"" + folder.path() + "/status\"\n";
    int ran = 0;
    if (!runWithLibraryHidden(folder.path(), soname, commands, ran)) {
        GTEST_SKIP() << "no private mount namespace to hide " << soname << " (" << ran << ")";
    }
    const std::string err = fileText(folder / "err.txt");
    EXPECT_EQ(fileText(folder / "status"), "1\n") << err;
    EXPECT_NE(err.find(soname + " not found"), std::string::npos) << err;
    EXPECT_TRUE(everythingUnder(out).empty()) << "left: " << everythingUnder(out)[0];
}

// `serve` makes no folder: what the browser downloads is made in memory.
// `args` after serve's own.
std::string serveCommand(const std::string& args) {
    return "serve --backend cpu --grid 32 --port 0 " + args;
}

// Ctrl+C while serve starts (listening, its lecture made, before its
// lecture's signal handling): the program ends by SIGINT and leaves
// nothing. Where temporary folders go is missing: a server that made one
// there could not start.
TEST(ServeFolder, CtrlCDuringStartUpMakesNoFolderAndLeavesNothing) {
    ScratchFolder folder;
    const ScopedEnv place("TMPDIR", folder / "missing");
    const ScopedEnv stop("HEATLAB_TEST_STOP", "SIGINT@start-up");
    const CommandResult result = runHeatlab(serveCommand(""));
    EXPECT_EQ(result.signal, SIGINT) << result.status << "\n" << result.err;
    EXPECT_TRUE(folder.names().empty()) << "left: " << folder.names().front();
}

// SIGTERM and SIGHUP stop the served lecture (exit 0, said); a second
// Ctrl+C inside its clean-up ends it by SIGINT there. No folder is made for
// it while it serves, nor left after.
TEST(ServeFolder, SigtermSighupOrASecondCtrlCNoFolderMadeOrLeft) {
    ScratchFolder folder;
    const ScopedEnv place("TMPDIR", folder.path());
    for (const int signal : {SIGTERM, SIGHUP}) {
        ServeProcess serve("--backend cpu --grid 32");
        EXPECT_EQ(serveFoldersOf(serve), std::vector<std::string>{});
        EXPECT_TRUE(folder.names().empty()) << "made: " << folder.names().front();
        std::string err;
        EXPECT_EQ(serve.stop(signal, &err), 0) << err;
        EXPECT_NE(err.find(signal == SIGHUP ? "SIGHUP" : "SIGTERM"), std::string::npos) << err;
        EXPECT_TRUE(folder.names().empty()) << "left: " << folder.names().front();
    }
    {
        const ScopedEnv stop("HEATLAB_TEST_STOP", "SIGINT@clean-up");
        ServeProcess serve("--backend cpu --grid 32");
        EXPECT_EQ(serveFoldersOf(serve), std::vector<std::string>{});
        EXPECT_TRUE(folder.names().empty()) << "made: " << folder.names().front();
        std::string err;
        EXPECT_EQ(serve.stop(SIGINT, &err), -1) << "ended by the second SIGINT: " << err;
        EXPECT_TRUE(folder.names().empty()) << "left: " << folder.names().front();
    }
}

// An earlier server's folder carried its process id: one a killed server
// left (its process gone) is removed by the next server, a live one's is
// not.
TEST(ServeFolder, TheNextServerRemovesWhatAKilledOneLeft) {
    ScratchFolder folder;
    const ScopedEnv place("TMPDIR", folder.path());
    const std::string stale =
        folder / ("heatlab-serve-" + std::to_string(goneProcessId()) + "-aB3xYz");
    const std::string live = folder / ("heatlab-serve-" + std::to_string(::getpid()) + "-aB3xYz");
    for (const std::string& made : {stale, live}) {
        std::filesystem::create_directory(made);
        std::ofstream(made + "/heatlab_step000004.png") << "picture";
    }
    ServeProcess serve("--backend cpu --grid 32");
    EXPECT_FALSE(std::filesystem::exists(stale));
    EXPECT_TRUE(std::filesystem::exists(live + "/heatlab_step000004.png"));
    EXPECT_EQ(serve.stop(SIGTERM), 0);
    EXPECT_EQ(folder.names(), std::vector<std::string>{live.substr(folder.path().size() + 1)});
}

// The picture and the field are one outcome: a field that cannot be
// written leaves no picture.
TEST(FailedRun, AFieldThatCannotBeWrittenLeavesNoPicture) {
    if (::access("/dev/full", W_OK) != 0) {
        GTEST_SKIP() << "no /dev/full here";
    }
    ScratchFolder folder;
    const CommandResult result = runHeatlab("shot --backend cpu --grid 32 --steps 4 --out " +
                                            (folder / "o.png") + " --field /dev/full");
    EXPECT_EQ(result.status, 1) << result.err;
    EXPECT_NE(lastLine(result.err).find("/dev/full"), std::string::npos) << result.err;
    EXPECT_TRUE(result.out.empty()) << result.out;
    EXPECT_TRUE(folder.names().empty()) << "left: " << folder.names().front();
}

// The video is one outcome with the picture: finished, it waits under its
// temporary name until the picture is written, and goes when that fails
// (before, v.mp4 stayed beside the error).
TEST(FailedRun, APictureThatCannotBeWrittenLeavesNoVideo) {
    if (::access("/dev/full", W_OK) != 0) {
        GTEST_SKIP() << "no /dev/full here";
    }
    ScratchFolder folder;
    const std::string video = " --video " + (folder / "v.mp4") + " --out /dev/full";
    for (const std::string& args :
         {"shot --backend cpu --grid 32 --steps 4 --every 2 --record " + (folder / "rec") + video,
          "shot --ui --backend cpu --grid 32 --size 320x200 --steps 4 --every 2" + video}) {
        const CommandResult result = runHeatlab(args);
        EXPECT_EQ(result.status, 1) << args << "\n" << result.err;
        EXPECT_NE(lastLine(result.err).find("/dev/full"), std::string::npos) << result.err;
        EXPECT_TRUE(result.out.empty()) << result.out;
        EXPECT_TRUE(folder.names().empty()) << args << " left: " << folder.names().front();
    }
}

// The cues' screenshots go into the working folder without --record: one
// that takes no files (/proc; root writes anywhere else) is refused before
// any work, not found out silently when the cue plays.
TEST(CueScreenshot, AFolderThatTakesNoFilesIsRefusedUpFront) {
    ScratchFolder folder;
    const std::string cues = screenshotCues(folder);
    const std::string command = "cd /proc && " + heatlabBinary() +
                                " shot --ui --backend cpu --grid 32 --steps-per-frame 3 --size "
                                "320x200 --frames 10 --cues " +
                                cues + " --out " + (folder / "end.png") + " >" +
                                (folder / "out.txt") + " 2>" + (folder / "err.txt");
    const int raw = std::system(command.c_str());
    const std::string err = fileText(folder / "err.txt");
    ASSERT_TRUE(WIFEXITED(raw));
    EXPECT_EQ(WEXITSTATUS(raw), 2) << err;
    EXPECT_EQ(lineCount(err), 1) << err;
    EXPECT_NE(err.find("screenshots"), std::string::npos) << err;
    EXPECT_FALSE(std::filesystem::exists(folder / "end.png"));
}

// Written, a cue's screenshot is named on stdout, one line, beside the
// record's own pictures; a --record path of any length takes it (past
// 1023 characters too).
TEST(CueScreenshot, IsNamedWhenWrittenIntoARecordOfAnyLength) {
    ScratchFolder folder;
    const std::string cues = screenshotCues(folder);
    std::string rec = folder.path();
    while (rec.size() < 1100) {
        rec += "/" + std::string(120, 'd');
    }
    std::filesystem::create_directories(std::filesystem::path(rec).parent_path());
    const CommandResult result = runHeatlab(
        "shot --ui --backend cpu --grid 32 --steps-per-frame 3 --size 320x200 "
        "--frames 10 --cues " +
        cues + " --record " + rec + " --out " + (folder / "end.png"));
    ASSERT_EQ(result.status, 0) << result.err;
    std::vector<std::string> written;
    std::istringstream lines(result.out);
    for (std::string line; std::getline(lines, line);) {
        written.push_back(line);
    }
    const std::string shot = rec + "/heatlab_optimised_r0.24_step000006.png";
    EXPECT_EQ(written, (std::vector<std::string>{shot, rec + "/cue_01.png", folder / "end.png"}))
        << result.out;
    EXPECT_TRUE(std::filesystem::exists(shot));
}

class WindowNotice : public LectureFixture {};

// An automatic name never overwrites: P twice at one step (or a cue's
// screenshot, then P) writes two files, the second numbered.
TEST_F(WindowNotice, TwoScreenshotsAtOneStepAreTwoFiles) {
    ScratchFolder folder;
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    ui.pictures().panel().folder = folder.path();
    ui.settings().running = false;
    run(ui, 1);
    const auto bound = target.bind();
    ui.pictures().take(PixelSize{640, 400});
    ui.pictures().take(PixelSize{640, 400});
    std::vector<std::string> names = folder.names();
    std::sort(names.begin(), names.end());
    ASSERT_EQ(names.size(), 2u);
    EXPECT_EQ(names[0], "heatlab_optimised_r0.24_step000000.png");
    EXPECT_EQ(names[1], "heatlab_optimised_r0.24_step000000_2.png");
}

// A window killed outright (SIGKILL, the OOM killer) while it recorded
// left the clip's temporary in the pictures' folder: the next picture
// taken there removes it (its process gone), and nothing that is not the
// window's.
TEST_F(WindowNotice, TheNextPictureRemovesWhatAKilledWindowLeft) {
    ScratchFolder folder;
    const std::string gone = std::to_string(goneProcessId());
    const std::string notOurs = "notes.mp4.tmp-" + gone + "-0";
    writeFileText(folder / ("heatlab_optimised_r0.24_step000090.mp4.tmp-" + gone + "-0"), "part");
    writeFileText(folder / notOurs, "another program's");
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    ui.pictures().panel().folder = folder.path();
    ui.settings().running = false;
    run(ui, 1);
    const auto bound = target.bind();
    ui.pictures().take(PixelSize{640, 400});
    std::vector<std::string> names = folder.names();
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names, (std::vector<std::string>{"heatlab_optimised_r0.24_step000000.png", notOurs}));
}

// In the window a cue's screenshot that cannot be saved is a notice that
// says why, not a silent miss.
TEST_F(WindowNotice, ACuesScreenshotNotSavedIsSaid) {
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    ui.pictures().panel().folder = "/proc";  // takes no new files, even for root
    ui.setCues(parseCues(R"({"heatlab_cues": 1, "cues": [
        {"caption": "six steps", "reset": true, "until": {"step": 6}, "screenshot": true}]})",
                         "cues.json"));
    for (int frame = 0; frame < 10 && !ui.cues().waiting(); ++frame) {
        run(ui, 1);
    }
    ASSERT_TRUE(ui.cues().waiting());
    const std::optional<ScreenshotOutcome> shot = ui.pictures().takeOutcome();
    ASSERT_TRUE(shot);
    EXPECT_FALSE(shot->failure.empty());
    EXPECT_EQ(ui.lectureReadouts().message.rfind("screenshot not saved: ", 0), 0)
        << ui.lectureReadouts().message;
}

class SplitNotice : public LectureFixture {};

// The notice of a split that cannot start names the split's key: the user
// gave no --backend.
TEST_F(SplitNotice, NamesTheSplitsKeyNotBackend) {
    if (cudaUsable()) {
        GTEST_SKIP() << "a CUDA device is present here: pane B runs on it";
    }
    options.comparison.split = true;
    options.comparison.b.backend = BackendChoice::Cuda;
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    run(ui, 1);
    EXPECT_EQ(ui.paneCount(), 1u);
    const std::string& message = ui.lectureReadouts().message;
    EXPECT_EQ(message.rfind("not split: backend=cuda: ", 0), 0) << message;
    EXPECT_EQ(message.find("--backend"), std::string::npos) << message;
}

}  // namespace
}  // namespace heatlab
