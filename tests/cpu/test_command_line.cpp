// Every bad value on the command line gets one clear line on stderr naming
// the option, exit status 2, and no file written.

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include <dlfcn.h>

#include <gtest/gtest.h>

#include "kernels/backend_factory.h"
#include "tests/cpu/fifo_reader.h"
#include "tests/support/run_command.h"

namespace {

struct BadValue {
    const char* args;
    const char* mentions;  // the message must contain this
};

const BadValue kBadValues[] = {
    {"bench --grid 2", "--grid"},
    {"bench --grid 0", "--grid"},
    {"bench --grid 3x2", "--grid"},
    {"bench --grid abc", "--grid"},
    {"bench --grid -5", "--grid"},
    {"bench --grid 65537", "--grid"},
    {"bench --grid 3x70000", "--grid"},
    {"bench --grid 65536 --backend cpu", " GiB of host memory, "},
    {"bench --r nan", "--r"},
    {"bench --r inf", "--r"},
    {"bench --r 0", "--r"},
    {"bench --r -0.1", "--r"},
    {"bench --r 1.5", "--r"},
    {"bench --r 0.2x", "--r"},
    // Positive, but too small for a normal float: refused up front, not a
    // failed conversion later.
    {"bench --r 1e-40", "--r"},
    {"bench --r 1e-50", "--r"},
    {"bench --stability-r 0.24 1e-40", "--stability-r"},
    {"bench --stability-r 0.24 2", "--stability-r"},
    {"bench --steps 0", "--steps"},
    {"bench --steps -3", "--steps"},
    {"bench --stability-steps 1", "--stability-steps"},
    {"bench --repeats 0", "--repeats"},
    {"bench --check-steps 0", "--check-steps"},
    {"bench --copy-every 0", "--copy-every"},
    {"bench --repeats 99999999999", "--repeats"},
    {"bench --kernel fastest", "--kernel"},
    {"bench --kernel copy", "--kernel"},
    {"bench --backend opencl", "--backend"},
    {"bench --boundary sticky", "--boundary"},
    {"bench --init noise", "--init"},
    {"bench --json /nonexistent-folder/results.json", "--json"},
    {"bench --json /tmp", "--json"},
    {"bench --frobnicate", "frobnicate"},
    {"bench --roofline roofline.svg", "--roofline"},
    {"bench --roofline .png", "--roofline"},
    {"bench --roofline /nonexistent-folder/roofline.png", "--roofline"},
    {"bench --roofline /tmp/roofline.png --roofline-size 10x10", "--roofline-size"},
    {"bench --roofline /tmp/roofline.png --roofline-size 1600", "--roofline-size"},
    {"bench --roofline-size 1600x900", "--roofline"},
    {"bench --backend cpu --kernel tiled", "--kernel tiled"},
    {"bench --time-block 17", "--time-block"},
    {"bench --time-block -1", "--time-block"},
    {"bench --time-block 2.5", "--time-block"},
    {"shot --time-block x", "--time-block"},
    {"shot --scale log", "--scale"},
    {"shot --scale-reference 0", "--scale-reference"},
    {"shot --scale-reference -1e-3", "--scale-reference"},
    {"shot --scale-reference 1e-40", "--scale-reference"},
    {"shot --scale-reference inf", "--scale-reference"},
    {"--scale cubic", "--scale"},
    {"--scale-reference x", "--scale-reference"},
    {"launch", "launch"},
    {"shot --ui --split r=2", "--split"},
    {"shot --ui --split kernel=fast", "--split"},
    {"shot --ui --split speed=3", "speed"},
    {"shot --ui --split r0.26", "key=value"},
    {"shot --ui --split pinned=maybe", "pinned"},
    {"shot --split r=0.26", "--split"},
    {"shot --ui --difference", "--split"},
    {"--difference", "--split"},
    // 'a' is pane B as pane A: alone, not beside pairs; a key given twice
    // would leave it unclear which wins.
    {"shot --ui --split a,r=0.26", "stands alone"},
    {"shot --ui --split r=0.26,r=0.3", "r given twice"},
    {"shot --ui --split 'r = 0.26, kernel=global, r=0.3'", "r given twice"},
    {"shot --ui --split r=0.26,,kernel=global", "key=value"},
    // An empty name names nothing (it would read as "not given").
    {"shot --ui --cues ''", "--cues"},
    {"shot --record '' --every 2", "--record"},
    {"--cues ''", "--cues"},
    {"--scene ''", "--scene"},
    // An option given twice, in the user's words.
    {"bench --grid 16 --grid 32", "--grid given twice"},
    {"shot --r 0.2 --r 0.25", "--r given twice"},
    {"shot --range 0 1 --range 0 2", "--range given twice"},
    {"shot --range 0", "--range takes 2 values"},
    {"bench --stability-r 0.24 --stability-r 0.3", "--stability-r given twice"},
    {"--steps-per-frame 3 --steps-per-frame 4 --steps-per-frame 5",
     "--steps-per-frame given 3 times"},
    // A flag too: twice is no stronger than once, and says so.
    {"shot --pinned --pinned", "--pinned given twice (give it once)"},
    {"shot --ui --loupe --loupe", "--loupe given twice"},
    {"--presenter --presenter", "--presenter given twice"},
    {"--no-vsync --no-vsync --no-vsync", "--no-vsync given 3 times"},
    // One range for the steps of a frame, as scenes and cues have it.
    {"--steps-per-frame 20000", "--steps-per-frame"},
    {"--steps-per-frame 10001", "10000"},
    {"shot --steps-per-frame 10001", "10000"},
    {"--steps-per-frame 0", "--steps-per-frame"},
    // Spaces inside a number are refused (around it they are ignored).
    {"bench --r '0. 25'", "--r"},
    {"bench --grid '6 4'", "--grid"},
    {"bench --grid '64 x 64'", "--grid"},
    {"shot --slide '320 x180'", "--slide"},
    {"bench --steps '1 0'", "--steps"},
    {"shot --ui --split 'r=0. 26'", "--split"},
    {"shot --range '0 .5' 1", "--range"},
    // One file, two outputs.
    {"bench --json /tmp/heatlab-two-outputs.png --roofline /tmp/heatlab-two-outputs.png",
     "one file"},
    {"bench --json /tmp/heatlab-two-outputs.png --roofline /tmp/./heatlab-two-outputs.png",
     "one file"},
    {"shot --out /tmp/heatlab-two-outputs.png --field /tmp/heatlab-two-outputs.png", "one file"},
    {"shot --out /tmp/heatlab-two-outputs.png --stats /tmp//heatlab-two-outputs.png", "one file"},
    // A file and the --record folder of one name: the folder would be
    // there when the file is written.
    {"shot --every 2 --record /tmp/heatlab-two-outputs.png --out /tmp/heatlab-two-outputs.png",
     "--record"},
    {"shot --every 2 --record /tmp/heatlab-two-outputs.png/ --out /tmp/heatlab-two-outputs.png",
     "--record"},
    // One rule for an output's extension (any case): a picture is a .png, a
    // video an .mp4.
    {"shot --out /tmp/heatlab-o.jpg", "--out: PNG files are named *.png"},
    {"--screenshot /tmp/heatlab-o.jpg", "--screenshot"},
    {"--screenshot-window /tmp/heatlab-o.gif", "--screenshot-window"},
    {"shot --every 2 --video /tmp/heatlab-v.avi", "--video: MP4 files are named *.mp4"},
    {"bench --roofline /tmp/heatlab-r.PNG.svg", "--roofline"},
    // A folder that takes no new folders, even for root: found before the
    // run, not when it makes the folder.
    {"shot --every 2 --record /proc/heatlab-rec", "--record"},
};

int lineCount(const std::string& text) {
    return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

// Whether the NVIDIA driver's library loads here, checked apart from the
// code under test.
bool nvidiaDriverLoadable() {
    void* driver = dlopen("libcuda.so.1", RTLD_LAZY);
    if (driver == nullptr) {
        return false;
    }
    dlclose(driver);
    return true;
}

}  // namespace

TEST(CommandLine, EveryBadValueExitsTwoWithOneLineNamingIt) {
    std::filesystem::remove("/tmp/heatlab-two-outputs.png");  // a run before this one's
    for (const BadValue& bad : kBadValues) {
        const CommandResult result = runHeatlab(bad.args);
        EXPECT_EQ(result.status, 2) << bad.args << "\nstderr: " << result.err;
        EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1)
            << bad.args << ": not one line: " << result.err;
        EXPECT_NE(result.err.find(bad.mentions), std::string::npos)
            << bad.args << ": message does not name " << bad.mentions << ": " << result.err;
        EXPECT_TRUE(result.out.empty()) << bad.args << " printed to stdout: " << result.out;
    }
    EXPECT_FALSE(std::filesystem::exists("/nonexistent-folder"));
    EXPECT_FALSE(std::filesystem::exists("/tmp/heatlab-two-outputs.png"));
}

// --record's folder is made and removed up front: a link to nothing or a
// name longer than the file system takes is refused before any work, and
// nothing is left.
TEST(CommandLine, RecordProblemsAreFoundBeforeTheRun) {
    ScratchFolder folder;
    std::filesystem::create_symlink(folder / "gone", folder / "rec");
    for (const std::string& rec : {folder / "rec", folder / std::string(300, 'r')}) {
        const CommandResult result =
            runHeatlab("shot --backend cpu --grid 32 --steps 4 --every 2 --record " + rec +
                       " --out " + (folder / "o.png"));
        EXPECT_EQ(result.status, 2) << result.err;
        EXPECT_EQ(lineCount(result.err), 1) << result.err;
        EXPECT_EQ(result.err.rfind("heatlab: --record: ", 0), 0) << result.err;
        EXPECT_EQ(folder.names(), std::vector<std::string>{"rec"});
    }
}

// What was wrong, in the user's words: the option's name and how often it
// came, the value as written.
TEST(CommandLine, RefusalsSayWhatWasWrongInTheUsersWords) {
    const struct {
        const char* args;
        const char* line;
    } kLines[] = {
        {"bench --grid 16 --grid 32", "heatlab: --grid given twice (give it once)\n"},
        {"shot --ui --split a,r=0.26",
         "heatlab: --split: 'a' (pane B the same as pane A) stands alone, not among key=value "
         "pairs, got 'a,r=0.26'\n"},
        {"shot --ui --split 'r=0.26, r = 0.3'",
         "heatlab: --split: r given twice in 'r=0.26, r = 0.3' (give it once)\n"},
        {"shot --ui --split 'r = 2'",
         "heatlab: --split: r must be a finite number with 0 < r <= 1, not below 1.1754944e-38 "
         "(the "
         "smallest normal float), got '2'\n"},
        {"--steps-per-frame 20000",
         "heatlab: --steps-per-frame: expected a whole number from 1 to 10000, got '20000'\n"},
    };
    for (const auto& want : kLines) {
        const CommandResult result = runHeatlab(want.args);
        EXPECT_EQ(result.status, 2) << want.args;
        EXPECT_EQ(result.err, want.line) << want.args;
    }
}

// A pane B on a backend this machine lacks is refused before any work,
// naming --split's key (the user gave no --backend).
TEST(CommandLine, ASplitOnABackendThatIsNotHereExitsTwoNamingItsKey) {
    if (heatlab::makeBackend(heatlab::BackendChoice::Auto).backend->facts().name == "cuda") {
        GTEST_SKIP() << "a CUDA device is present here";
    }
    for (const char* args : {"shot --ui --backend cpu --grid 32 --split backend=cuda",
                             "shot --backend cpu --grid 32 --slide 320x180 --split "
                             "'r=0.26, backend = cuda'",
                             "--backend cpu --grid 32 --frames 1 --split backend=cuda"}) {
        const CommandResult result = runHeatlab(args);
        EXPECT_EQ(result.status, 2) << args << "\n" << result.err;
        EXPECT_EQ(lineCount(result.err), 1) << args << "\n" << result.err;
        EXPECT_EQ(result.err.rfind("heatlab: --split: backend=cuda: ", 0), 0) << result.err;
        EXPECT_EQ(result.err.find("--backend"), std::string::npos) << result.err;
        EXPECT_TRUE(result.out.empty()) << result.out;
    }
}

TEST(CommandLine, CudaAskedForWithoutADeviceExitsTwo) {
    if (heatlab::makeBackend(heatlab::BackendChoice::Auto).backend->facts().name == "cuda") {
        GTEST_SKIP() << "a CUDA device is present here";
    }
    const CommandResult result = runHeatlab("bench --backend cuda --grid 16");
    EXPECT_EQ(result.status, 2);
    EXPECT_NE(result.err.find("--backend cuda"), std::string::npos) << result.err;
}

// A field picture over the PNG limit (2^28 pixels) is refused before the
// backend is chosen or the grid allocated (4 GiB here): one line naming the
// way to a picture (--slide), exit 2. A slide of the same grid is not
// refused by it.
TEST(CommandLine, AFieldPictureOverTheLimitIsRefusedBeforeTheGridIsTaken) {
    const CommandResult refused = runHeatlab("shot --backend cpu --grid 65536x16384");
    EXPECT_EQ(refused.status, 2) << refused.err;
    EXPECT_NE(refused.err.find("--slide WxH"), std::string::npos) << refused.err;
    EXPECT_EQ(refused.err.find("backend:"), std::string::npos) << "refused after the backend";
    EXPECT_EQ(refused.err.find('\n'), refused.err.size() - 1) << "one line: " << refused.err;
    const CommandResult japanese = runHeatlab("shot --lang ja --backend cpu --grid 65536x16384");
    EXPECT_EQ(japanese.status, 2);
    EXPECT_NE(japanese.err.find("--slide WxH で小さく描ける"), std::string::npos) << japanese.err;
}

// Issue 44: a cue list with a 900 KB caption took hours a frame to wrap.
// Refused as the list is read, before the backend or any GL: one line with
// the cue and the limit, exit 2, in either language.
TEST(CommandLine, ACaptionPastFiveHundredCharactersIsOneLineAndExitTwo) {
    const std::string cues = ::testing::TempDir() + "heatlab-long-caption.json";
    std::ofstream(cues) << "{\"heatlab_cues\": 2, \"cues\": [{\"caption\": \"a\"}, {\"caption\": \""
                        << std::string(900000, 'w') << "\"}]}";
    const CommandResult refused =
        runHeatlab("shot --ui --backend cpu --grid 32 --size 320x200 --frames 2 --cues " + cues);
    EXPECT_EQ(refused.status, 2) << refused.err;
    EXPECT_EQ(refused.err, "heatlab: cues " + cues +
                               ": cue 2.caption is 900000 characters long: a caption is at "
                               "most 500\n");
    const CommandResult japanese = runHeatlab("shot --lang ja --ui --cues " + cues);
    EXPECT_EQ(japanese.status, 2);
    EXPECT_NE(
        japanese.err.find("キュー 2.caption は 900000 文字あります: キャプションは 500 文字まで"),
        std::string::npos)
        << japanese.err;
    std::filesystem::remove(cues);
}

TEST(CommandLine, AnUnknownCommandIsNamedInOneLine) {
    const CommandResult result = runHeatlab("frobnicate");
    EXPECT_EQ(result.status, 2) << result.err;
    EXPECT_EQ(result.err,
              "heatlab: unknown command 'frobnicate' (the commands are bench, shot and serve; with "
              "no command heatlab opens the window; see heatlab --help)\n");
    EXPECT_TRUE(result.out.empty()) << result.out;

    // Only a first word that is not an option is taken for a command.
    for (const char* args : {"--frames 3 frobnicate", "shot frobnicate"}) {
        const CommandResult other = runHeatlab(args);
        EXPECT_EQ(other.status, 2) << args << "\n" << other.err;
        EXPECT_EQ(lineCount(other.err), 1) << args << "\n" << other.err;
        EXPECT_EQ(other.err.find("unknown command"), std::string::npos) << args << "\n"
                                                                        << other.err;
        EXPECT_NE(other.err.find("frobnicate"), std::string::npos) << args << "\n" << other.err;
    }
}

// A value's control characters reach the terminal as escapes: a newline
// cannot split the line, an escape sequence cannot retitle or clear the
// terminal. Text in other scripts passes as it is.
TEST(CommandLine, AControlCharacterInAValueIsEscapedAndJapanesePasses) {
    const CommandResult result =
        runHeatlab("bench --kernel \"$(printf 'a\\033]0;pwned\\007b\\nc')\"");
    EXPECT_EQ(result.status, 2) << result.err;
    EXPECT_EQ(lineCount(result.err), 1) << result.err;
    EXPECT_NE(result.err.find("'a\\x1b]0;pwned\\x07b\\nc'"), std::string::npos) << result.err;
    EXPECT_EQ(result.err.find('\x1b'), std::string::npos) << result.err;
    EXPECT_EQ(result.err.find('\x07'), std::string::npos) << result.err;

    // A file's name too, where a file cannot be read.
    const CommandResult file = runHeatlab("--scene \"$(printf 'no\\rsuch\\033[2J.json')\"");
    EXPECT_EQ(file.status, 2) << file.err;
    EXPECT_EQ(lineCount(file.err), 1) << file.err;
    EXPECT_NE(file.err.find("no\\rsuch\\x1b[2J.json"), std::string::npos) << file.err;

    const CommandResult japanese = runHeatlab("bench --kernel '安定条件'");
    EXPECT_EQ(japanese.status, 2) << japanese.err;
    EXPECT_NE(japanese.err.find("'安定条件' is not one of"), std::string::npos) << japanese.err;
}

// A long value is quoted by its start and its length, as a scene's are:
// one readable line, not the 100 KB typed.
TEST(CommandLine, ALongValueIsShownCutWithItsLength) {
    const std::string value(100000, '7');
    for (const std::string& args :
         {"bench --grid " + value, "bench --steps " + value, "bench --r " + value,
          "bench --kernel " + value, "shot --ui --split r=" + value, "shot --range 0 " + value}) {
        const CommandResult result = runHeatlab(args);
        EXPECT_EQ(result.status, 2) << result.err.substr(0, 200);
        EXPECT_EQ(lineCount(result.err), 1) << result.err.substr(0, 200);
        EXPECT_LT(result.err.size(), 400u) << result.err.substr(0, 400);
        // About 60 characters of it, then its length.
        const std::string shown = std::string(60, '7') + "... (100000 characters)";
        EXPECT_NE(result.err.find(shown), std::string::npos) << result.err.substr(0, 400);
    }
}

// A bound is shown as the value it is: the smallest r, typed as the message
// shows it or with its nine digits, is taken (refused only for --steps).
TEST(CommandLine, TheSmallestRIsShownAsItselfAndTaken) {
    const CommandResult below = runHeatlab("bench --r 1e-39");
    EXPECT_EQ(below.status, 2);
    EXPECT_NE(below.err.find("not below 1.1754944e-38 (the smallest normal float)"),
              std::string::npos)
        << below.err;
    for (const char* r : {"1.1754944e-38", "1.17549435e-38"}) {
        const CommandResult taken = runHeatlab(std::string("bench --steps 0 --r ") + r);
        EXPECT_EQ(taken.status, 2);
        EXPECT_EQ(taken.err.rfind("heatlab: --steps:", 0), 0) << r << ": " << taken.err;
    }
}

TEST(CommandLine, UnexpectedWordsAreNamedInTheOrderTyped) {
    const CommandResult result = runHeatlab("shot --nope 3");
    EXPECT_EQ(result.status, 2) << result.err;
    EXPECT_EQ(lineCount(result.err), 1) << result.err;
    EXPECT_NE(result.err.find("--nope 3"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("heatlab shot --help"), std::string::npos) << result.err;

    const CommandResult bench = runHeatlab("bench --grid 16 one two three");
    EXPECT_EQ(bench.status, 2) << bench.err;
    EXPECT_EQ(lineCount(bench.err), 1) << bench.err;
    EXPECT_NE(bench.err.find("one two three"), std::string::npos) << bench.err;
    EXPECT_NE(bench.err.find("heatlab bench --help"), std::string::npos) << bench.err;
}

// Without a driver the CUDA runtime says "driver version is insufficient";
// heatlab says there is no driver.
TEST(CommandLine, NoDriverIsSaidPlainly) {
    if (!heatlab::builtWithCuda()) {
        GTEST_SKIP() << "this build has no CUDA backend";
    }
    if (heatlab::makeBackend(heatlab::BackendChoice::Auto).backend->facts().name == "cuda") {
        GTEST_SKIP() << "a CUDA device is usable here, so the no-driver message cannot be seen";
    }
    if (nvidiaDriverLoadable()) {
        GTEST_SKIP() << "libcuda.so.1 loads here: a driver is present";
    }
    const CommandResult refused = runHeatlab("bench --backend cuda --grid 64");
    EXPECT_EQ(refused.status, 2) << refused.err;
    EXPECT_EQ(lineCount(refused.err), 1) << refused.err;
    EXPECT_NE(refused.err.find("--backend cuda"), std::string::npos) << refused.err;
    EXPECT_NE(refused.err.find("no NVIDIA driver"), std::string::npos) << refused.err;
    EXPECT_EQ(refused.err.find("insufficient"), std::string::npos) << refused.err;

    const CommandResult automatic =
        runHeatlab("bench --grid 16 --steps 4 --stability-steps 8 --check-steps 2 --repeats 1");
    EXPECT_EQ(automatic.status, 0) << automatic.err;
    const std::string line = automatic.err.substr(0, automatic.err.find('\n'));
    EXPECT_NE(line.find("backend: cpu (auto: "), std::string::npos) << automatic.err;
    EXPECT_NE(line.find("no NVIDIA driver"), std::string::npos) << line;
    EXPECT_EQ(line.find("insufficient"), std::string::npos) << line;
}

// With no command heatlab opens the window (tests/gl covers it); --help
// lists the commands and the window's own options.
TEST(CommandLine, HelpListsTheCommandsAndTheWindowOptions) {
    const CommandResult result = runHeatlab("--help");
    EXPECT_EQ(result.status, 0);
    for (const char* word : {"bench", "shot", "--frames", "--screenshot"}) {
        EXPECT_NE(result.out.find(word), std::string::npos) << word << "\n" << result.out;
    }
}

// The top level's footer speaks of "the options above", the window's: a
// command's help lists its own options, so it must not say so (CLI11 copies
// a parent's footer into the commands made after it).
TEST(CommandLine, OnlyTheTopLevelHelpSaysItsOptionsOpenTheWindow) {
    const char* footer = "opens the lecture window with the options above";
    EXPECT_NE(runHeatlab("--help").out.find(footer), std::string::npos);
    for (const char* command : {"bench --help", "shot --help"}) {
        const CommandResult result = runHeatlab(command);
        EXPECT_EQ(result.status, 0) << command;
        EXPECT_EQ(result.out.find(footer), std::string::npos) << command << "\n" << result.out;
    }
}

TEST(CommandLine, HelpListsEveryBenchOptionWithItsDefault) {
    const CommandResult result = runHeatlab("bench --help");
    EXPECT_EQ(result.status, 0);
    for (const char* option : {"--backend", "--grid", "--kernel", "--boundary", "--init", "--r",
                               "--steps", "--copy-every", "--stability-r", "--stability-steps",
                               "--check-steps", "--repeats", "--json"}) {
        EXPECT_NE(result.out.find(option), std::string::npos) << option;
    }
    EXPECT_NE(result.out.find("2048"), std::string::npos) << "the grid default is shown";
    EXPECT_NE(result.out.find("0.24"), std::string::npos) << "the r default is shown";
    EXPECT_NE(result.out.find("optimised"), std::string::npos) << "the kernel default is shown";
}
