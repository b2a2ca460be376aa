// A shot that is refused, fails or is stopped leaves nothing it made and
// says so in one line; one that goes ahead names what it wrote. Signals
// come at an exact point of the run (HEATLAB_TEST_STOP: after the Nth
// picture), not after a sleep. The window's notice for a split it cannot
// start names --split's key.

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

extern "C" {
#include <libavformat/version.h>
}

#include "app/lecture/cue_list.h"
#include "kernels/backend_factory.h"
#include "kernels/cpu/cpu_backend.h"
#include "tests/cpu/fifo_reader.h"
#include "tests/gl/lecture_fixture.h"
#include "tests/support/file_text.h"
#include "tests/support/hidden_library.h"
#include "tests/support/run_command.h"
#include "tests/support/scoped_env.h"

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
    EXPECT_EQ(ui.readouts().message.rfind("screenshot not saved: ", 0), 0) << ui.readouts().message;
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
    const std::string& message = ui.readouts().message;
    EXPECT_EQ(message.rfind("not split: backend=cuda: ", 0), 0) << message;
    EXPECT_EQ(message.find("--backend"), std::string::npos) << message;
}

}  // namespace
}  // namespace heatlab
