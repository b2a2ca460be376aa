// Every bad value on the command line gets one clear line on stderr naming
// the option, exit status 2, and no file written.

#include <algorithm>
#include <filesystem>
#include <string>

#include <dlfcn.h>

#include <gtest/gtest.h>

#include "kernels/backend_factory.h"
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
    {"bench --grid 65536 --backend cpu", "bytes"},
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
    {"bench --time-block 9", "--time-block"},
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
}

TEST(CommandLine, CudaAskedForWithoutADeviceExitsTwo) {
    if (heatlab::makeBackend(heatlab::BackendChoice::Auto).backend->facts().name == "cuda") {
        GTEST_SKIP() << "a CUDA device is present here";
    }
    const CommandResult result = runHeatlab("bench --backend cuda --grid 16");
    EXPECT_EQ(result.status, 2);
    EXPECT_NE(result.err.find("--backend cuda"), std::string::npos) << result.err;
}

TEST(CommandLine, AnUnknownCommandIsNamedInOneLine) {
    const CommandResult result = runHeatlab("frobnicate");
    EXPECT_EQ(result.status, 2) << result.err;
    EXPECT_EQ(result.err,
              "heatlab: unknown command 'frobnicate' (the commands are bench and shot; with no "
              "command heatlab opens the window; see heatlab --help)\n");
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
