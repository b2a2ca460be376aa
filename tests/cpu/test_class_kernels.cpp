// The class's own kernels end to end (app/kernel_files/): heatlab compiles a
// kernel file with the system's c++, checks it against the double
// reference in a process of its own, and runs it in the bench like its own
// kernels. Every way a kernel file can be wrong is one line on stderr and
// exit 2 at the start (or exit 1 where it goes wrong later, on a step it
// was not checked on), and the private folder of its objects is gone.
//
// Each case is one heatlab run; those refused before compiling cost no
// compile, and the one run that passes checks three kernels at once. The
// CPU-time limit is lowered through HEATLAB_TEST_KERNEL_SECONDS.

#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/support/run_command.h"
#include "tests/support/scoped_env.h"

namespace {

namespace fs = std::filesystem;

// A right step over the rows given.
const std::string kRightLoop =
    "    for (int y = rowBegin; y < rowEnd; ++y)\n"
    "        for (int x = 1; x < width - 1; ++x) {\n"
    "            const int c = y * width + x;\n"
    "            out[c] = in[c] + r * (in[c - 1] + in[c + 1] + in[c - width] + in[c + width] -\n"
    "                                  4 * in[c]);\n"
    "        }\n";

const std::string kSignature =
    "extern \"C\" void step(const float* in, float* out, int width, int height, float r,\n"
    "                       int rowBegin, int rowEnd) {\n";

// HEATLAB_SPLIT_ROWS, the contract's signature, then `body` (line 4 is
// the body's first).
std::string kernel(const std::string& body) {
    return "HEATLAB_SPLIT_ROWS;\n" + kSignature + body + "}\n";
}

std::string examples() { return std::string(HEATLAB_SOURCE_DIR) + "/kernels/class/examples"; }

class ClassKernels : public ::testing::Test {
protected:
    void SetUp() override {
        folder_ = fs::path(::testing::TempDir()) /
                  ("class-kernels-" +
                   std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
        fs::remove_all(folder_);
        fs::create_directories(folder_ / "tmp");
    }
    void TearDown() override { fs::remove_all(folder_); }

    std::string write(const std::string& name, const std::string& text) {
        const fs::path path = folder_ / name;
        std::ofstream(path, std::ios::binary) << text;
        return path.string();
    }

    // heatlab bench on a small grid with TMPDIR in the test's folder; each
    // request's CPU seconds `seconds` (the wall-clock deadline is twice
    // them and 5 s: a test on a busy machine lowers them only where it
    // waits for the limit).
    CommandResult bench(const std::string& files, const std::string& kernel,
                        const std::string& more = "", int seconds = 60) {
        const ScopedEnv tmp("TMPDIR", (folder_ / "tmp").string());
        const ScopedEnv limit("HEATLAB_TEST_KERNEL_SECONDS", std::to_string(seconds));
        return runHeatlabWithin("bench --backend cpu " + files + " --kernel " + kernel +
                                    " --grid 33 --steps 2 --stability-steps 4 --repeats 1 "
                                    "--check-steps 1 " +
                                    more,
                                120);
    }

    // Nothing of the run is left where its temporary folders go.
    void expectNothingLeft() {
        EXPECT_TRUE(fs::is_empty(folder_ / "tmp"))
            << fs::directory_iterator(folder_ / "tmp")->path();
    }

    // Refused at the start: exit 2, one line holding `says`.
    void expectRefused(const CommandResult& result, const std::string& says) {
        EXPECT_EQ(result.status, 2) << result.err;
        EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
        EXPECT_NE(result.err.find(says), std::string::npos) << result.err;
        expectNothingLeft();
    }

    fs::path folder_;
};

// A right kernel that crashes where its process is not as promised: a
// descriptor open past the two handed over (the test's heatlab gets one
// more, 7, not close-on-exec), a process group not its own, core files
// allowed. It declares the calls itself, as it may include nothing.
const std::string kSandboxed =
    "struct Limit { unsigned long soft, hard; };\n"
    "extern \"C\" int fcntl(int, int, ...);\n"
    "extern \"C\" int getpid();\n"
    "extern \"C\" int getpgrp();\n"
    "extern \"C\" int getrlimit(int, Limit*);\n"
    "extern \"C\" int prctl(int, ...);\n"
    "HEATLAB_SPLIT_ROWS;\n" +
    kSignature +
    "    bool open = false;\n"
    "    for (int fd = 5; fd < 64; ++fd) open = open || fcntl(fd, 1 /* F_GETFD */) != -1;\n"
    "    Limit core{1, 1};\n"
    "    getrlimit(4 /* RLIMIT_CORE */, &core);\n"
    "    if (open || getpgrp() != getpid() || core.soft != 0 ||\n"
    "        prctl(3 /* PR_GET_DUMPABLE */) != 0)\n"
    "        out[-100000000] = 1;\n" +
    kRightLoop + "}\n";

TEST_F(ClassKernels, TheSlidesKernelsAndTheTemplateRunInTheBenchBesideHeatlabsOwn) {
    const std::string json = (folder_ / "bench.json").string();
    const std::string sandboxed = write("sandboxed.cpp", kSandboxed);
    const CommandResult result =
        bench("--kernel-file " + examples() + "/cpu/whole_grid.cpp --kernel-file " + examples() +
                  "/cpu/split_rows.cpp --kernel-file=" + examples() +
                  "/template.cpp --kernel-file " + sandboxed,
              "split_rows", "--json " + json + " 7</dev/null");
    ASSERT_EQ(result.status, 0) << result.err << result.out;
    for (const char* name : {"whole_grid", "split_rows", "template"}) {
        EXPECT_NE(result.err.find("class kernel " + std::string(name) + " ("), std::string::npos)
            << result.err;
        EXPECT_NE(result.out.find("reference: " + std::string(name) + " on 257x129, periodic"),
                  std::string::npos)
            << result.out;
    }
    EXPECT_NE(result.out.find("all checks passed"), std::string::npos) << result.out;
    std::ifstream file(json);
    const nlohmann::json report = nlohmann::json::parse(file);
    int timed = 0;
    for (const auto& row : report["kernels"]) {
        // A class kernel's row is labelled with its file's name.
        const std::string name = row["name"];
        if (name == "whole_grid.cpp" || name == "split_rows.cpp" || name == "template.cpp") {
            EXPECT_GT(row["ms_per_step"].get<double>(), 0.0) << row;
            ++timed;
        }
    }
    EXPECT_EQ(timed, 3) << report["kernels"];
    EXPECT_NE(result.err.find("class kernel sandboxed ("), std::string::npos) << result.err;
    expectNothingLeft();
}

TEST_F(ClassKernels, ACompileErrorIsOneLineWithTheFilesOwnLineNumber) {
    const std::string file = write("syntax.cpp", kernel("    int x = ;\n"));
    expectRefused(bench("--kernel-file " + file, "syntax"), "does not compile: " + file + ":4:");
}

TEST_F(ClassKernels, AStepOfAnotherSignatureIsACompileErrorAtItsLine) {
    const std::string file = write(
        "signature.cpp",
        "HEATLAB_SPLIT_ROWS;\nextern \"C\" void step(float* in, float* out, int w, int h, float "
        "r) {}\n");
    expectRefused(bench("--kernel-file " + file, "signature"), file + ":2:");
}

TEST_F(ClassKernels, AFileWithoutTheEntryPointOrTheCallDeclarationIsRefused) {
    const std::string noEntry = write("noentry.cpp", "HEATLAB_WHOLE_GRID;\nvoid other() {}\n");
    expectRefused(bench("--kernel-file " + noEntry, "noentry"), "defines no entry point");
    const std::string undeclared = write("undeclared.cpp", kSignature + kRightLoop + "}\n");
    expectRefused(bench("--kernel-file " + undeclared, "undeclared"), "HEATLAB_WHOLE_GRID");
}

TEST_F(ClassKernels, AWriteOutOfBoundsCrashesOnlyItsProcessAndIsNamedWithItsLine) {
    const std::string far = write("far.cpp", kernel("    out[-100000000] = 1;\n"));
    expectRefused(bench("--kernel-file " + far, "far"), "crashed (SIGSEGV)");
    const std::string pastEnd = write("pastend.cpp", kernel("    out[width * height] = 1;\n"));
    const CommandResult named = bench("--kernel-file " + pastEnd, "pastend");
    expectRefused(named, "it wrote past the end of `out`, in the kernel's code at offset 0x");
    EXPECT_NE(named.err.find("(" + pastEnd + ":4)"), std::string::npos) << named.err;
}

TEST_F(ClassKernels, AnEndlessLoopIsStoppedByItsTimeLimit) {
    const std::string file =
        write("forever.cpp", kernel("    volatile int spin = 1;\n    while (spin) {\n    }\n"));
    // The CPU-time limit stops it, or, on a machine too busy to give it
    // that second soon, the deadline.
    expectRefused(bench("--kernel-file " + file, "forever", "", 1), "stopped (an endless loop");
}

TEST_F(ClassKernels, AKernelWrongOnlyAtTileEdgesIsFoundThere) {
    // Right everywhere but down each column x = 16, 32, ...: the first grid
    // wide enough to have one is 129x65.
    const std::string file = write(
        "edges.cpp", kernel(kRightLoop + "    for (int y = rowBegin; y < rowEnd; ++y)\n"
                                         "        for (int x = 16; x < width - 1; x += 16)\n"
                                         "            out[y * width + x] = in[y * width + x];\n"));
    expectRefused(bench("--kernel-file " + file, "edges"),
                  "wrong on 129x65, dirichlet, r = 0.2, step 1: cell (row 1, col 16)");
    // The shipped "find the bug" kernel is refused too.
    expectRefused(bench("--kernel-file " + examples() + "/cpu/halo_bug.cpp", "halo_bug"),
                  "wrong on ");
}

TEST_F(ClassKernels, AKernelThatIgnoresROrWritesTheRingIsRefused) {
    const std::string ignoresR = write("ignores_r.cpp", kernel("    r = 0.2f;\n" + kRightLoop));
    expectRefused(bench("--kernel-file " + ignoresR, "ignores_r"), "r = 0.26");
    const std::string ring = write("ring.cpp", kernel(kRightLoop + "    out[0] = 0;\n"));
    expectRefused(bench("--kernel-file " + ring, "ring"), "wrote the ring at cell (row 0, col 0)");
}

TEST_F(ClassKernels, NoIncludeReachesAnotherFile) {
    ::mkfifo((folder_ / "fifo").c_str(), 0600);
    for (const std::string& include :
         {std::string("#include \"/etc/passwd\"\n"), std::string("#include \"/dev/zero\"\n"),
          "#define F \"" + (folder_ / "fifo").string() + "\"\n#include F\n"}) {
        const std::string file = write("include.cpp", include + kernel(kRightLoop));
        const CommandResult result = bench("--kernel-file " + file, "include");
        expectRefused(result, "may include only \"heatlab_kernel.h\"");
        EXPECT_EQ(result.err.find("root:"), std::string::npos) << result.err;
    }
}

TEST_F(ClassKernels, AFileThatIsNoKernelFileIsRefusedBeforeAnyCompile) {
    ::mkfifo((folder_ / "fifo.cpp").c_str(), 0600);
    fs::create_directories(folder_ / "folder.cpp");
    write("binary.cpp", std::string("int a;\0\x01\x02", 9));
    write("large.cpp", std::string(10 * 1000 * 1000, ' '));
    write("Global.cpp", kernel(kRightLoop));
    write("notes.txt", "");
    fs::create_directories(folder_ / "empty");
    fs::create_directories(folder_ / "other");
    fs::create_directories(folder_ / "again" / "other");
    write("other/twice.cpp", kernel(kRightLoop));
    write("again/other/twice.cpp", kernel(kRightLoop));
    write("twice.cpp", kernel(kRightLoop));
    const std::pair<std::string, std::string> cases[] = {
        {"fifo.cpp", "is a FIFO, not a regular file"},
        {"folder.cpp", "is a folder, not a file"},
        {"binary.cpp", "is not text"},
        {"large.cpp", "holds more than 262144 bytes"},
        {"Global.cpp", "'global' is a kernel of heatlab's own already"},
        {"notes.txt", "give a C++ (.cpp, .cc, .cxx) or CUDA (.cu) file"},
        {"empty", "the folder holds no kernel file"},
        {"missing.cpp", "cannot be read"},
        {"twice.cpp --kernel-file " + (folder_ / "twice.cpp").string(),
         "both name a kernel 'twice'"},
        {"other/twice.cpp --kernel-file " + (folder_ / "again/other/twice.cpp").string(),
         "both name a kernel 'other.twice'"},
    };
    for (const auto& [given, says] : cases) {
        expectRefused(runHeatlabWithin("bench --kernel-file " + (folder_ / given).string(), 20),
                      says);
    }
}

// Each student's step.cpp in a folder of their own: two kernels, named and
// labelled by their folders, both checked and timed.
TEST_F(ClassKernels, FilesOfOneNameAreToldApartByTheirFolders) {
    fs::create_directories(folder_ / "Alice");
    fs::create_directories(folder_ / "bob");
    const std::string alice = write("Alice/step.cpp", kernel(kRightLoop));
    const std::string bob = write("bob/step.cpp", kernel(kRightLoop));
    const std::string json = (folder_ / "bench.json").string();
    const CommandResult result =
        bench("--kernel-file " + alice + " --kernel-file " + bob, "alice.step", "--json " + json);
    ASSERT_EQ(result.status, 0) << result.err << result.out;
    EXPECT_NE(result.err.find("class kernel alice.step (" + alice), std::string::npos)
        << result.err;
    EXPECT_NE(result.err.find("class kernel bob.step (" + bob), std::string::npos) << result.err;
    std::ifstream file(json);
    const nlohmann::json report = nlohmann::json::parse(file);
    std::vector<std::string> labels;
    for (const auto& row : report["kernels"]) {
        labels.push_back(row["name"]);
    }
    for (const char* label : {"Alice/step.cpp", "bob/step.cpp"}) {
        EXPECT_NE(std::find(labels.begin(), labels.end(), label), labels.end())
            << label << " in " << report["kernels"];
    }
    expectNothingLeft();
}

TEST_F(ClassKernels, AFaultOnAStepItWasNotCheckedOnStopsTheRunInOneLine) {
    // Right at the check's r = 0.2 and 0.26, a crash at the bench's 0.24.
    const std::string file =
        write("later.cpp", kernel("    if (r == 0.24f) out[-100000000] = 1;\n" + kRightLoop));
    const CommandResult result = bench("--kernel-file " + file, "later", "--r 0.24");
    EXPECT_EQ(result.status, 1) << result.err;
    // The last line, whole: what stopped, and why.
    const std::size_t last = result.err.rfind('\n', result.err.size() - 2);
    EXPECT_EQ(result.err.find("heatlab: error: class kernel later (" + file +
                              ") stopped: the kernel crashed (SIGSEGV)"),
              last + 1)
        << result.err;
    expectNothingLeft();
}

TEST_F(ClassKernels, AGridOverTwoToTheThirtyOneCellsIsRefusedSayingWhy) {
    const std::string file = write("big.cpp", kernel(kRightLoop));
    const CommandResult result = runHeatlabWithin(
        "bench --backend cpu --kernel-file " + file + " --kernel big --grid 46341", 20);
    EXPECT_EQ(result.status, 2) << result.err;
    EXPECT_NE(result.err.find("more than an int indexes (2^31)"), std::string::npos) << result.err;
}

TEST_F(ClassKernels, TheOptionIsInEveryCommandsHelpAndSpeaksJapanese) {
    for (const char* command : {"", "bench ", "shot ", "serve "}) {
        const CommandResult help = runHeatlab(std::string(command) + "--help");
        EXPECT_NE(help.out.find("--kernel-file"), std::string::npos) << command;
    }
    write("binary.cpp", std::string("\x01", 1));
    const CommandResult refused =
        runHeatlab("bench --lang ja --kernel-file " + (folder_ / "binary.cpp").string());
    EXPECT_EQ(refused.status, 2);
    EXPECT_NE(refused.err.find("テキストではない"), std::string::npos) << refused.err;
}

}  // namespace
