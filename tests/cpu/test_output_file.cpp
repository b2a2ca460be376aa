// writeOutputFile(): a regular file or a new name is replaced whole through
// a temporary that never outlives the call; a FIFO is written straight
// through and stays a FIFO; a failed write is a RuntimeError naming the path
// and the reason. Everything happens in a scratch folder: never on a node
// under /dev, since CI runs as root and a mistake there replaces the node.

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "app/io/output_file.h"
#include "app/io/output_format.h"
#include "app/io/stale_temporaries.h"
#include "kernels/base/errors.h"
#include "tests/cpu/fifo_reader.h"
#include "tests/support/child_process.h"
#include "tests/support/file_text.h"
#include "tests/support/runtime_failure.h"

using heatlab::failureOf;
using heatlab::fileText;
using heatlab::outputPathProblem;
using heatlab::RuntimeError;
using heatlab::writeOutputFile;

namespace {

bool isRegularFile(const std::string& path) {
    struct stat info = {};
    return ::lstat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode);
}

// More than a pipe holds (64 KiB on Linux), so a FIFO takes it in pieces.
std::string largeContents() {
    std::string text;
    for (int i = 0; text.size() < 300 * 1024; ++i) {
        text += "line " + std::to_string(i) + "\n";
    }
    return text;
}

}  // namespace

// The cause named is the real one: a folder that is not there, or one that
// is there but takes no new files (/proc), not "missing or not writable".
TEST(OutputFile, APathProblemNamesTheRealCause) {
    const std::string missing = outputPathProblem("/nonexistent-heatlab-folder/x.png");
    EXPECT_NE(missing.find("(the folder /nonexistent-heatlab-folder is not there)"),
              std::string::npos)
        << missing;
    struct stat proc = {};
    if (::stat("/proc", &proc) != 0) {
        GTEST_SKIP() << "no /proc on this machine";
    }
    const std::string refused = outputPathProblem("/proc/x.png");
    EXPECT_NE(refused.find("the folder /proc is there but takes no new files"), std::string::npos)
        << refused;
    EXPECT_EQ(refused.find("missing"), std::string::npos) << refused;
}

TEST(OutputFile, ANewNameIsWrittenAndNoTemporaryIsLeft) {
    const ScratchFolder folder;
    const std::string path = folder / "results.json";
    writeOutputFile(path, "{}\n");
    EXPECT_EQ(fileText(path), "{}\n");
    EXPECT_TRUE(isRegularFile(path));
    EXPECT_EQ(folder.names(), std::vector<std::string>{"results.json"});
}

TEST(OutputFile, AnExistingFileIsReplacedWholeAndKeepsItsPermissions) {
    const ScratchFolder folder;
    const std::string path = folder / "results.json";
    {
        std::ofstream old(path);
        old << "an old and much longer file that must not show through";
    }
    ASSERT_EQ(::chmod(path.c_str(), 0640), 0);
    writeOutputFile(path, "new");
    EXPECT_EQ(fileText(path), "new");
    struct stat info = {};
    ASSERT_EQ(::stat(path.c_str(), &info), 0);
    EXPECT_EQ(info.st_mode & 07777, 0640u);
    EXPECT_EQ(folder.names(), std::vector<std::string>{"results.json"});
}

TEST(OutputFile, AFifoIsWrittenThroughAndStaysAFifo) {
    const ScratchFolder folder;
    const std::string path = folder / "pipe";
    ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0) << std::strerror(errno);
    const std::string contents = largeContents();
    FifoReader reader(path);
    writeOutputFile(path, contents);
    reader.join();
    EXPECT_TRUE(reader.finished()) << "the writer never closed the FIFO";
    EXPECT_EQ(reader.contents().size(), contents.size());
    EXPECT_TRUE(reader.contents() == contents);
    EXPECT_TRUE(isFifo(path)) << "the FIFO was replaced";
    EXPECT_EQ(folder.names(), std::vector<std::string>{"pipe"});
}

TEST(OutputFile, ASymbolicLinkStaysALinkAndWhatItNamesIsWritten) {
    const ScratchFolder folder;
    const std::string target = folder / "target.json";
    const std::string link = folder / "link.json";
    {
        std::ofstream old(target);
        old << "old";
    }
    ASSERT_EQ(::symlink(target.c_str(), link.c_str()), 0) << std::strerror(errno);
    writeOutputFile(link, "new");
    struct stat info = {};
    ASSERT_EQ(::lstat(link.c_str(), &info), 0);
    EXPECT_TRUE(S_ISLNK(info.st_mode)) << "the link was replaced by a file";
    EXPECT_EQ(fileText(target), "new");
}

TEST(OutputFile, TheProgramsOwnStdoutIsWrittenAfterWhatItAlreadyHolds) {
    // Stdout redirected to a file, and that file named as the output (as
    // /dev/stdout would): opening it again would truncate what was printed.
    const ScratchFolder folder;
    const std::string path = folder / "stdout.txt";
    std::fflush(stdout);
    const int saved = ::dup(STDOUT_FILENO);
    const int file = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    ASSERT_GE(saved, 0);
    ASSERT_GE(file, 0);
    ::dup2(file, STDOUT_FILENO);
    ::close(file);
    const std::string printed = "the tables\n";
    const bool printedAll = ::write(STDOUT_FILENO, printed.data(), printed.size()) ==
                            static_cast<ssize_t>(printed.size());
    std::string error;
    try {
        writeOutputFile(path, "{}\n");
    } catch (const RuntimeError& e) {
        error = e.what();
    }
    ::dup2(saved, STDOUT_FILENO);
    ::close(saved);
    EXPECT_TRUE(printedAll);
    EXPECT_EQ(error, "");
    EXPECT_EQ(fileText(path), "the tables\n{}\n");
}

TEST(OutputFile, AFolderThatWasRemovedIsAnErrorNamingThePathAndTheReason) {
    std::string path;
    {
        const ScratchFolder folder;
        path = folder / "results.json";
    }
    const std::string message = failureOf([&] { writeOutputFile(path, "{}\n"); });
    EXPECT_NE(message.find(path), std::string::npos) << message;
    EXPECT_NE(message.find(std::strerror(ENOENT)), std::string::npos) << message;
}

TEST(OutputFile, AReaderThatGoesAwayIsAnErrorNotASignal) {
    const ScratchFolder folder;
    const std::string path = folder / "pipe";
    ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0) << std::strerror(errno);
    // The reader closes as soon as the first piece arrives; the rest of the
    // contents, more than a pipe holds, then has nowhere to go (EPIPE). The
    // write must report it rather than let SIGPIPE end the program.
    FifoReader reader(path, /*closeAfterFirstData=*/true);
    const std::string message = failureOf([&] { writeOutputFile(path, largeContents()); });
    reader.join();
    EXPECT_NE(message.find(path), std::string::npos) << message;
    EXPECT_NE(message.find(std::strerror(EPIPE)), std::string::npos) << message;
    EXPECT_TRUE(isFifo(path));
    EXPECT_EQ(folder.names(), std::vector<std::string>{"pipe"});
}

TEST(OutputFile, TheUpFrontCheckAcceptsAFifoWithoutOpeningItAndLeavesNoProbe) {
    const ScratchFolder folder;
    const std::string fifo = folder / "pipe";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0) << std::strerror(errno);
    // Opening the FIFO would wait for a reader, and there is none.
    EXPECT_EQ(outputPathProblem(fifo), "");
    EXPECT_EQ(outputPathProblem(folder / "new.json"), "");
    EXPECT_EQ(folder.names(), std::vector<std::string>{"pipe"});
    EXPECT_NE(outputPathProblem(folder.path()), "");
    EXPECT_NE(outputPathProblem(folder / "missing/new.json"), "");
}

// A picture and its field are one result: when the second cannot be
// written, the first is not left behind (nor a temporary of either).
TEST(OutputFiles, OneThatFailsLeavesNoneOfThem) {
    ScratchFolder folder;
    const std::string picture = folder / "o.png";
    const std::string field = folder / "missing-folder/field.f32";
    EXPECT_THROW(heatlab::writeOutputFiles({{picture, "picture"}, {field, "field"}}), RuntimeError);
    EXPECT_TRUE(folder.names().empty()) << "left: " << folder.names().front();

    // A disk that fills during the second: the first's temporary goes too.
    EXPECT_THROW(heatlab::writeOutputFiles(
                     {{picture, std::string(100, 'p')}, {folder / "f.f32", std::string(100, 'f')}},
                     heatlab::OutputDisk{99}),
                 RuntimeError);
    EXPECT_TRUE(folder.names().empty()) << "left: " << folder.names().front();
}

// A device that refuses the field (a full one) is written after every
// renamed file is ready and before any is renamed: its failure leaves
// nothing under the other names.
TEST(OutputFiles, AFullDeviceLeavesNoPictureBeside) {
    if (::access("/dev/full", W_OK) != 0) {
        GTEST_SKIP() << "no /dev/full here";
    }
    ScratchFolder folder;
    try {
        heatlab::writeOutputFiles({{folder / "o.png", "picture"}, {"/dev/full", "field"}});
        FAIL() << "/dev/full took the field";
    } catch (const RuntimeError& e) {
        EXPECT_NE(std::string(e.what()).find("/dev/full"), std::string::npos) << e.what();
    }
    EXPECT_TRUE(folder.names().empty()) << "left: " << folder.names().front();
}

TEST(OutputFiles, AllAreWrittenWhenAllCanBe) {
    ScratchFolder folder;
    heatlab::writeOutputFiles({{folder / "a", "one"}, {folder / "b", "two"}});
    EXPECT_EQ(fileText(folder / "a"), "one");
    EXPECT_EQ(fileText(folder / "b"), "two");
    EXPECT_EQ(folder.names().size(), 2u);
}

TEST(OutputFiles, TwoNamesOfOneFileAreSeenAsOne) {
    ScratchFolder folder;
    using heatlab::sameOutputFile;
    EXPECT_TRUE(sameOutputFile(folder / "r.png", folder / "r.png"));
    EXPECT_TRUE(sameOutputFile(folder / "r.png", folder.path() + "/./r.png"));
    EXPECT_TRUE(sameOutputFile(folder / "r.png", folder.path() + "//r.png"));
    EXPECT_FALSE(sameOutputFile(folder / "r.png", folder / "s.png"));
    writeOutputFile(folder / "r.png", "x");
    ASSERT_EQ(::symlink((folder / "r.png").c_str(), (folder / "link.png").c_str()), 0);
    EXPECT_TRUE(sameOutputFile(folder / "r.png", folder / "link.png"));
    EXPECT_FALSE(sameOutputFile(folder / "r.png", folder / "s.png"));
}

// Every temporary carries the process id, so a later run can tell one that
// a killed process left from one a live run is writing.
TEST(StaleTemporaries, TemporaryNamesCarryTheProcessId) {
    ScratchFolder folder;
    const std::string pid = std::to_string(::getpid());
    heatlab::OutputStream stream(folder / "v.mp4");
    EXPECT_EQ(stream.temporaryPath(), folder / ("v.mp4.tmp-" + pid + "-0"));
    std::string stem;
    EXPECT_EQ(heatlab::staleCandidatePid("v.mp4.tmp-" + pid + "-0", &stem), ::getpid());
    EXPECT_EQ(stem, "v.mp4");
    EXPECT_EQ(heatlab::probeNameOf(folder / "o.png"), folder / ("o.png.probe-" + pid));
}

// The next run that names an output removes what a killed run left beside
// it: that name's temporaries and probes whose process is gone, and
// nothing else (a live run's, another name's, a name that only looks like
// one).
TEST(StaleTemporaries, TheNextRunOfANameRemovesWhatAKilledRunLeft) {
    ScratchFolder folder;
    const std::string gone = std::to_string(heatlab::goneProcessId());
    const std::string alive = std::to_string(::getpid());
    const std::vector<std::string> stale{"o.png.tmp-" + gone + "-0", "o.png.tmp-" + gone + "-12",
                                         "o.png.probe-" + gone};
    std::vector<std::string> kept{"o.png.tmp-" + alive + "-0", "other.png.tmp-" + gone + "-0",
                                  "o.png.tmp-" + gone + "-x",  "o.png.tmp-" + gone,
                                  "o.png.old-" + gone + "-0",  "o.png"};
    for (const std::string& name : stale) {
        heatlab::writeFileText(folder / name, "part");
    }
    for (const std::string& name : kept) {
        heatlab::writeFileText(folder / name, "part");
    }
    EXPECT_EQ(outputPathProblem(folder / "o.png"), "");
    std::vector<std::string> names = folder.names();
    std::sort(names.begin(), names.end());
    std::sort(kept.begin(), kept.end());
    EXPECT_EQ(names, kept);
}

// One rule for every output's name: a picture is named .png and a video
// .mp4, in any case; a device or a FIFO is named as it is; an output with
// no format of its own (JSON, a raw field) takes any name.
TEST(OutputFormat, OneRuleForEveryOutputsExtension) {
    using heatlab::kAnyFormat;
    using heatlab::kMp4Format;
    using heatlab::kPngFormat;
    using heatlab::outputFormatProblem;
    ScratchFolder folder;
    EXPECT_EQ(outputFormatProblem(folder / "o.png", kPngFormat), "");
    EXPECT_EQ(outputFormatProblem(folder / "o.PNG", kPngFormat), "");
    EXPECT_EQ(outputFormatProblem(folder / "x.MP4", kMp4Format), "");
    EXPECT_EQ(outputFormatProblem(folder / "x.Mp4", kMp4Format), "");
    EXPECT_EQ(outputFormatProblem(folder / "o.jpg", kPngFormat),
              "PNG files are named *.png, got '" + (folder / "o.jpg") + "'");
    EXPECT_NE(outputFormatProblem(folder / ".png", kPngFormat), "");
    EXPECT_NE(outputFormatProblem(folder / "png", kPngFormat), "");
    EXPECT_NE(outputFormatProblem(folder / "x.png", kMp4Format), "");
    EXPECT_NE(outputFormatProblem(folder / "x.mp4.txt", kMp4Format), "");
    EXPECT_EQ(outputFormatProblem(folder / "results.txt", kAnyFormat), "");
    const std::string fifo = folder / "pipe";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    EXPECT_EQ(outputFormatProblem(fifo, kPngFormat), "");
    EXPECT_EQ(outputFormatProblem("/dev/null", kPngFormat), "");
}
