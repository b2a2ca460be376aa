// `heatlab bench` end to end on a small grid: every table, every check, and
// the JSON file a script would read.

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/commands/bench_command.h"
#include "app/i18n/translation.h"
#include "app/i18n/utf8.h"
#include "app/measure/bench_report.h"
#include "kernels/base/errors.h"
#include "kernels/numerics/grid_modes.h"
#include "tests/cpu/fifo_reader.h"
#include "tests/support/run_command.h"

using namespace heatlab;

TEST(BenchCommand, PrintsTheThreeTablesPassesItsChecksAndWritesJson) {
    const std::string path = ::testing::TempDir() + "heatlab-bench.json";
    std::filesystem::remove(path);
    const CommandResult result = runHeatlab(
        "bench --backend cpu --grid 67x45 --steps 20 --copy-every 5 --stability-steps 200 "
        "--repeats 3 --json " +
        path);
    ASSERT_EQ(result.status, 0) << result.out << result.err;
    for (const char* heading : {"1. Time per step, each kernel", "2. 20 steps", "3. Stability",
                                "4. The price of accuracy", "copy (floor)", "all checks passed"}) {
        EXPECT_NE(result.out.find(heading), std::string::npos) << heading << "\n" << result.out;
    }
    EXPECT_NE(result.err.find("backend: cpu"), std::string::npos) << result.err;

    std::ifstream file(path);
    ASSERT_TRUE(file.good());
    const nlohmann::json json = nlohmann::json::parse(file);
    EXPECT_EQ(json["backend"], "cpu");
    EXPECT_EQ(json["grid"]["nx"], 67);
    EXPECT_EQ(json["grid"]["ny"], 45);
    EXPECT_FALSE(json["device"].get<std::string>().empty());
    EXPECT_EQ(json["kernels"].size(), 5u);
    for (const auto& k : json["kernels"]) {
        EXPECT_GT(k["ms_per_step"].get<double>(), 0.0) << k;
        EXPECT_GT(k["gb_per_s"].get<double>(), 0.0) << k;
        // The temporal kernel runs the CPU backend's own choice of steps a pass.
        const bool temporal = k["name"].get<std::string>().rfind("temporal", 0) == 0;
        EXPECT_EQ(k["steps_per_pass"], temporal ? 8 : 1) << k;
        // Interior cells x steps / time: 65 x 43 cells a step.
        EXPECT_NEAR(k["cell_updates_per_s"].get<double>(),
                    65.0 * 43.0 / (k["ms_per_step"].get<double>() * 1e-3),
                    1e-6 * k["cell_updates_per_s"].get<double>())
            << k;
        EXPECT_TRUE(k.contains("percent_of_copy"));
    }
    // never, every 5 and every step, pageable and pinned.
    ASSERT_EQ(json["copy_policies"].size(), 5u);
    EXPECT_EQ(json["copy_policies"][0]["copy_every"], 0);
    EXPECT_EQ(json["copy_policies"][0]["gib_to_host"], 0.0);
    EXPECT_DOUBLE_EQ(json["copy_policies"][2]["gib_to_host"].get<double>(),
                     20.0 * 67 * 45 * 4 / (1024.0 * 1024.0 * 1024.0));
    ASSERT_EQ(json["stability"].size(), 3u);
    // The infinite grid's |1 - 8r| beside the grid's own growth and bound.
    const nlohmann::json& unstable = json["stability"][2];
    EXPECT_DOUBLE_EQ(unstable["growth_factor"].get<double>(),
                     std::fabs(1.0 - 8.0 * static_cast<double>(0.26f)));
    EXPECT_DOUBLE_EQ(unstable["grid_growth"].get<double>(),
                     std::fabs(highestModeFactor({67, 45}, Boundary::Dirichlet, 0.26f)));
    EXPECT_DOUBLE_EQ(unstable["grid_bound"].get<double>(),
                     gridStabilityBound({67, 45}, Boundary::Dirichlet));
    EXPECT_EQ(unstable["measured_steps"], 200);
    EXPECT_NEAR(unstable["measured_growth"].get<double>() / unstable["grid_growth"].get<double>(),
                1.0, 1e-3);
    // The price of accuracy: the lesson's 129^2 to step 415, then 257^2 to
    // step 1660, the same alpha t; the error about four times smaller (it
    // is O(h^2)), and each kernel's work measured.
    const nlohmann::json& price = json["price_of_accuracy"];
    EXPECT_EQ(price["coarse"]["grid"]["nx"], 129);
    EXPECT_EQ(price["fine"]["grid"]["nx"], 257);
    EXPECT_EQ(price["fine"]["steps"], 4 * price["coarse"]["steps"].get<int>());
    EXPECT_DOUBLE_EQ(price["fine"]["alpha_t"].get<double>(),
                     price["coarse"]["alpha_t"].get<double>());
    EXPECT_GE(price["error_ratio"].get<double>(), 3.6) << price;
    EXPECT_LE(price["error_ratio"].get<double>(), 4.4) << price;
    EXPECT_GT(price["work_ratio"].get<double>(), 0.0) << price;
    for (const auto& c : json["checks"]) {
        EXPECT_TRUE(c["passed"].get<bool>()) << c;
    }
    EXPECT_TRUE(json["passed"].get<bool>());
    std::filesystem::remove(path);
}

// Past the grid's bound the field overflows, as it must: the bench says
// when and why, and counts it no failure (its checks fail only a wrong
// run). The growth was measured before the overflow.
TEST(BenchCommand, AnOverflowPastTheGridsBoundIsReportedNotFailed) {
    const CommandResult result = runHeatlab(
        "bench --backend cpu --grid 33 --steps 4 --stability-r 0.5 --stability-steps 200 "
        "--repeats 1");
    EXPECT_EQ(result.status, 0) << result.out << result.err;
    EXPECT_NE(result.out.find("ok   overflowed past this grid's bound: r = 0.5: from step"),
              std::string::npos)
        << result.out;
    EXPECT_NE(result.out.find("ok   unstable on this grid: r = 0.5"), std::string::npos)
        << result.out;
}

// The case: a Dirichlet 16 x 16 grid at r = 0.26 grows by its own
// 1.05727 a step, not |1 - 8r| = 1.08, and 4 steps measure it; 8 x 8 is
// stable at that r, and says so.
TEST(BenchCommand, TheGrowthIsTheGridsOwnOnSmallGrids) {
    const CommandResult large = runHeatlab(
        "bench --backend cpu --grid 16 --steps 4 --check-steps 1 --repeats 1 "
        "--stability-r 0.26 --stability-steps 4");
    EXPECT_EQ(large.status, 0) << large.out << large.err;
    EXPECT_NE(large.out.find("grows by x1.0573 a step: measured 1.0572"), std::string::npos)
        << large.out;
    const CommandResult small = runHeatlab(
        "bench --backend cpu --grid 8 --steps 4 --check-steps 1 --repeats 1 "
        "--stability-r 0.26 --stability-steps 400");
    EXPECT_EQ(small.status, 0) << small.out << small.err;
    EXPECT_NE(small.out.find("ok   stable on this grid: r = 0.26: its checkerboard decays by "
                             "x0.9770"),
              std::string::npos)
        << small.out;
}

// Every boundary through the program itself, on a grid too small for any
// block size, at every r of the sweep (tests/cpu/test_stability_sweep.cpp
// holds the verdicts on many more grids in-process).
TEST(BenchCommand, EveryBoundaryPassesAtEveryR) {
    for (const char* boundary : {"dirichlet", "insulated", "periodic", "extrapolate"}) {
        const CommandResult result = runHeatlab(
            std::string("bench --backend cpu --grid 7x5 --steps 4 --check-steps 1 --repeats 1 "
                        "--stability-r 0.2 0.25 0.2501 0.26 0.3 0.5 1 --stability-steps 8 "
                        "--init sine --boundary ") +
            boundary);
        EXPECT_EQ(result.status, 0) << boundary << "\n" << result.out << result.err;
    }
}

// A failed check is printed as FAIL and fails the report (runBench's exit
// status 1); the checks print what they measured.
TEST(BenchCommand, AFailedCheckFailsTheReportAndIsNamed) {
    BenchReport report;
    report.checks.push_back({"finite: r = 0.2", true, ""});
    report.checks.push_back({"stable on this grid: r = 0.2", false, "measured 0.7, predicted 0.6"});
    EXPECT_FALSE(report.allPassed());
    testing::internal::CaptureStdout();
    printReport(report);
    const std::string out = testing::internal::GetCapturedStdout();
    EXPECT_NE(out.find("FAIL stable on this grid: r = 0.2: measured 0.7"), std::string::npos)
        << out;
    EXPECT_NE(out.find("SOME CHECKS FAILED"), std::string::npos) << out;
}

// The tables in Japanese: their headings translated and still over their
// columns, a Japanese heading padded by the columns it takes on a terminal
// (two a character), not by its bytes.
TEST(BenchCommand, TheTablesInJapaneseKeepTheirColumns) {
    BenchReport report;
    report.backend = "cpu";
    report.device = "test";
    report.grid = {65, 65};
    report.repeats = 3;
    report.systemCopy.name = "memcpy (ceiling)";
    report.systemCopy.msPerStep = 0.5;
    report.policies.push_back(PolicyRun{});
    setLanguage(Language::Japanese);
    testing::internal::CaptureStdout();
    printReport(report);
    const std::string out = testing::internal::GetCapturedStdout();
    setLanguage(Language::English);
    const auto lineWith = [&out](const std::string& text) {
        const std::size_t at = out.find(text);
        if (at == std::string::npos) {
            return std::string();
        }
        const std::size_t start = out.rfind('\n', at) + 1;
        return out.substr(start, out.find('\n', at) - start);
    };
    const std::string heading = lineWith(" ms/step");  // table 1's heading
    const std::string row = lineWith("memcpy (ceiling)");
    ASSERT_FALSE(heading.empty()) << out;
    ASSERT_FALSE(row.empty()) << out;
    // "ms/step" ends where the row's figure (0.5000) ends.
    const std::size_t msEnd = heading.find("ms/step") + std::string("ms/step").size();
    const int headingColumns = displayColumns(heading.substr(0, msEnd));
    const int rowColumns = displayColumns(row.substr(0, row.find("0.5000") + 6));
    EXPECT_EQ(headingColumns, rowColumns) << heading << "\n" << row;
    for (const char* japanese : {"コピーバック", "安定性", "精度の代価", "チェック", "しない"}) {
        EXPECT_NE(out.find(japanese), std::string::npos) << japanese << "\n" << out;
    }
}

// A field holding none of the mode (blank: nothing at all; the sine:
// symmetric, so its coordinates cancel) still gets its growth measured, on
// a second run with the mode added, never a false failure or a nan.
TEST(BenchCommand, TheGrowthIsMeasuredForEveryInitialField) {
    for (const char* initial : {"blank", "sine", "hot-square"}) {
        const ScratchFolder folder;
        const std::string path = folder / "bench.json";
        const CommandResult result = runHeatlab(
            std::string("bench --backend cpu --grid 65 --steps 4 --check-steps 1 --repeats 1 "
                        "--stability-r 0.26 --init ") +
            initial + " --json " + path);
        EXPECT_EQ(result.status, 0) << initial << "\n" << result.out << result.err;
        EXPECT_EQ(result.out.find("nan"), std::string::npos) << initial << "\n" << result.out;
        std::ifstream file(path);
        ASSERT_TRUE(file.good()) << initial;
        const nlohmann::json json = nlohmann::json::parse(file);
        ASSERT_EQ(json["stability"].size(), 1u) << initial;
        const nlohmann::json& run = json["stability"][0];
        ASSERT_TRUE(run["measured_growth"].is_number()) << initial << ": " << run;
        EXPECT_NEAR(run["measured_growth"].get<double>() / run["grid_growth"].get<double>(), 1.0,
                    1e-3)
            << initial << ": " << run;
        // The hot square's odd side holds one cell's worth of the mode, too
        // little on 65 x 65 (its share falls as the grid grows).
        EXPECT_EQ(run["measured_on"], "seeded") << initial << ": " << run;
    }
}

// --json onto a named pipe writes through it: the reader gets the JSON and
// the pipe is still a pipe afterwards (a rename would have replaced it).
TEST(BenchCommand, JsonGoesThroughANamedPipe) {
    const ScratchFolder folder;
    const std::string fifo = folder / "results.fifo";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    FifoReader reader(fifo);
    const CommandResult result = runHeatlab(
        "bench --backend cpu --grid 33 --steps 4 --check-steps 1 --repeats 1 "
        "--stability-steps 40 --json " +
        fifo);
    reader.writerGone();
    reader.join();
    EXPECT_EQ(result.status, 0) << result.out << result.err;
    EXPECT_TRUE(reader.finished()) << "the bench never closed the pipe";
    EXPECT_TRUE(isFifo(fifo)) << "the pipe was replaced";
    const nlohmann::json json = nlohmann::json::parse(reader.contents(), nullptr, false);
    ASSERT_FALSE(json.is_discarded()) << reader.contents();
    EXPECT_EQ(json["grid"]["nx"], 33);
    EXPECT_EQ(folder.names(), std::vector<std::string>{"results.fifo"});
}

// The roofline picture and the JSON are one outcome: a JSON that cannot be
// written (a full device) leaves no picture, drawn or not. The picture is
// handed over as bytes (main() draws it through GL; here a stand-in).
TEST(BenchCommand, AJsonThatCannotBeWrittenLeavesNoRooflinePicture) {
    if (::access("/dev/full", W_OK) != 0) {
        GTEST_SKIP() << "no /dev/full here";
    }
    ScratchFolder folder;
    BenchOptions options;
    options.backend = BackendChoice::Cpu;
    options.params.grid = GridSize{33, 33};
    options.steps = 10;
    options.repeats = 1;
    options.stabilitySteps = 40;
    options.json = "/dev/full";
    options.roofline = folder / "r.png";
    bool drawn = false;
    const RooflinePainter paint = [&drawn](const Roofline&, const GridSize&) {
        drawn = true;
        return std::string("a picture");
    };
    EXPECT_THROW(runBench(options, paint), RuntimeError);
    EXPECT_TRUE(drawn);
    EXPECT_TRUE(folder.names().empty()) << "left: " << folder.names().front();
}
