// A disk that fills up while results are written: the write fails with one
// message naming the file and the cause, the file that was there before is
// byte for byte what it was, and no temporary is left beside it. Three ways:
// the output helper's simulated full disk (exact, in-process), a real full
// tmpfs mounted in a private mount namespace for a `heatlab bench --json`
// run (skipped, visibly, where no namespace can be had), and the file size
// limit (ulimit -f), whose signal must not end the program half-way.

#include <sys/wait.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/io/output_file.h"
#include "app/measure/bench_report.h"
#include "kernels/base/errors.h"
#include "tests/cpu/fifo_reader.h"
#include "tests/support/file_text.h"
#include "tests/support/run_command.h"
#include "tests/support/runtime_failure.h"

namespace heatlab {
namespace {

const std::string kPrevious = "{\"the previous results\": [1, 2, 3]}\n";

std::vector<std::string> sortedNames(const ScratchFolder& folder) {
    std::vector<std::string> names = folder.names();
    std::sort(names.begin(), names.end());
    return names;
}

// Several times what the simulated disk takes, so the write fails part-way.
std::string largeJson() {
    std::string text = "[";
    for (int i = 0; i < 2000; ++i) {
        text += std::to_string(i) + ", ";
    }
    return text + "0]\n";
}

// The program's stderr lines that report a failure (the rest is progress).
std::vector<std::string> errorLines(const std::string& err) {
    std::vector<std::string> lines;
    std::istringstream in(err);
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("heatlab: ", 0) == 0) {
            lines.push_back(line);
        }
    }
    return lines;
}

// A bench small enough to take a fraction of a second; its JSON is ~7 KB.
const std::string kQuickBench =
    "bench --backend cpu --grid 16 --steps 10 --repeats 1 --stability-steps 8 --check-steps 1";

TEST(OutputFaults, AFullDiskPartWayKeepsThePreviousFileAndLeavesNoTemporary) {
    const ScratchFolder folder;
    const std::string path = folder / "results.json";
    for (std::size_t fits : {std::size_t{0}, std::size_t{1}, std::size_t{4096}}) {
        writeFileText(path, kPrevious);
        const OutputDisk disk{fits};
        const std::string message = failureOf([&] { writeOutputFile(path, largeJson(), disk); });
        EXPECT_EQ(message, "cannot write " + path + ": " + std::strerror(ENOSPC)) << fits;
        EXPECT_EQ(fileText(path), kPrevious) << "after " << fits << " bytes fitted";
        EXPECT_EQ(sortedNames(folder), std::vector<std::string>{"results.json"}) << fits;
    }
    // Room again: the same write goes through whole.
    writeOutputFile(path, largeJson());
    EXPECT_EQ(fileText(path), largeJson());
}

TEST(OutputFaults, AFullDiskWhileWritingTheBenchResultsKeepsThePreviousResults) {
    const ScratchFolder folder;
    const std::string path = folder / "bench.json";
    writeFileText(path, kPrevious);
    BenchReport report;
    report.backend = "cpu";
    report.device = "a device";
    const OutputDisk disk{64};
    const std::string message = failureOf([&] { writeReportJson(report, path, disk); });
    EXPECT_NE(message.find(path), std::string::npos) << message;
    EXPECT_NE(message.find(std::strerror(ENOSPC)), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    EXPECT_EQ(fileText(path), kPrevious);
    EXPECT_EQ(sortedNames(folder), std::vector<std::string>{"bench.json"});
}

// Runs `script` with sh inside a private mount namespace, where it may mount
// a tmpfs that nothing outside sees and that goes with the namespace. As
// root `unshare --mount` is enough; otherwise a user namespace maps the
// caller to root in it. Returns false when neither can be had here.
bool runInPrivateMounts(const std::string& environment, const std::string& script,
                        const std::string& mountedMarker, std::string* why) {
    for (const char* unshare : {"unshare --mount", "unshare --user --map-root-user --mount"}) {
        const std::string command =
            environment + " " + unshare + " sh " + script + " >/dev/null 2>" + script + ".err";
        const int status = std::system(command.c_str());
        if (std::ifstream(mountedMarker).good()) {
            return WIFEXITED(status) && WEXITSTATUS(status) == 0;
        }
        *why += std::string(unshare) + ": " + fileText(script + ".err") + " ";
    }
    return false;
}

TEST(OutputFaults, ARealFullDiskFailsTheBenchJsonInOneLineAndKeepsThePreviousFile) {
    const ScratchFolder folder;
    const std::string disk = folder / "disk";
    const std::string out = folder / "out";
    std::filesystem::create_directories(disk);
    std::filesystem::create_directories(out);
    // A 64 KiB tmpfs holding the previous results, filled to the last page
    // (4 KiB), so the 7 KB JSON fails part-way as on a disk that fills up.
    const std::string script = folder / "full-disk.sh";
    writeFileText(script,
                  "mount -t tmpfs -o size=64k heatlab-full \"$DISK\" || exit 77\n"
                  ": > \"$OUT/mounted\"\n"
                  "printf '%s' \"$PREVIOUS\" > \"$DISK/results.json\"\n"
                  "dd if=/dev/zero of=\"$DISK/slack\" bs=4096 count=1 2>/dev/null\n"
                  "dd if=/dev/zero of=\"$DISK/filler\" bs=4096 2>/dev/null\n"
                  "rm \"$DISK/slack\"\n"
                  "\"$HEATLAB\" " +
                      kQuickBench +
                      " --json \"$DISK/results.json\" >/dev/null 2>\"$OUT/err\"\n"
                      "echo $? > \"$OUT/status\"\n"
                      "ls -A \"$DISK\" > \"$OUT/listing\"\n"
                      "cp \"$DISK/results.json\" \"$OUT/after\"\n");
    const std::string environment = "DISK='" + disk + "' OUT='" + out + "' HEATLAB='" +
                                    heatlabBinary() + "' PREVIOUS='" + kPrevious + "'";
    std::string why;
    if (!runInPrivateMounts(environment, script, out + "/mounted", &why)) {
        if (!std::ifstream(out + "/mounted").good()) {
            GTEST_SKIP() << "no private mount namespace for a small tmpfs here: " << why;
        }
        FAIL() << "the script failed after mounting: " << why;
    }
    const std::string path = disk + "/results.json";
    EXPECT_EQ(fileText(out + "/status"), "1\n") << fileText(out + "/err");
    const std::vector<std::string> errors = errorLines(fileText(out + "/err"));
    ASSERT_EQ(errors.size(), 1u) << fileText(out + "/err");
    EXPECT_EQ(errors[0], "heatlab: error: cannot write " + path + ": " + std::strerror(ENOSPC));
    EXPECT_EQ(fileText(out + "/after"), kPrevious);
    EXPECT_EQ(fileText(out + "/listing"), "filler\nresults.json\n") << "a temporary was left";
}

// Past `ulimit -f` the kernel sends SIGXFSZ, which ends a program at once
// unless held: it used to leave the temporary half-written beside the
// results and print nothing.
TEST(OutputFaults, TheFileSizeLimitIsOneLineAndExitOneNotASignal) {
    const ScratchFolder folder;
    const std::string path = folder / "results.json";
    writeFileText(path, kPrevious);
    // A few KiB (dash counts 512-byte blocks, bash 1024): room for the
    // progress lines on stderr, not for the JSON. Stdout is not a file, so
    // the tables are not limited.
    const std::string command = "cd '" + folder.path() + "' && sh -c 'ulimit -f 4 && exec \"" +
                                heatlabBinary() + "\" " + kQuickBench +
                                " --json results.json' >/dev/null 2>err.txt";
    const int status = std::system(command.c_str());
    ASSERT_TRUE(WIFEXITED(status)) << "ended by a signal";
    EXPECT_EQ(WEXITSTATUS(status), 1);
    const std::string err = fileText(folder / "err.txt");
    const std::vector<std::string> errors = errorLines(err);
    ASSERT_EQ(errors.size(), 1u) << err;
    EXPECT_EQ(errors[0],
              std::string("heatlab: error: cannot write results.json: ") + std::strerror(EFBIG));
    EXPECT_EQ(fileText(path), kPrevious);
    EXPECT_EQ(sortedNames(folder), (std::vector<std::string>{"err.txt", "results.json"}));
}

}  // namespace
}  // namespace heatlab
