// `heatlab bench` end to end on a small grid: every table, every check, and
// the JSON file a script would read.

#include <cmath>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/cpu/fifo_reader.h"
#include "tests/support/run_command.h"

TEST(BenchCommand, PrintsTheThreeTablesPassesItsChecksAndWritesJson) {
    const std::string path = ::testing::TempDir() + "heatlab-bench.json";
    std::filesystem::remove(path);
    const CommandResult result = runHeatlab(
        "bench --backend cpu --grid 67x45 --steps 20 --copy-every 5 --stability-steps 200 "
        "--repeats 3 --json " +
        path);
    ASSERT_EQ(result.status, 0) << result.out << result.err;
    for (const char* heading : {"1. Time per step, each kernel", "2. 20 steps", "3. Stability",
                                "copy (floor)", "all checks passed"}) {
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
    EXPECT_DOUBLE_EQ(json["stability"][2]["growth_factor"].get<double>(),
                     std::fabs(1.0 - 8.0 * static_cast<double>(0.26f)));
    for (const auto& c : json["checks"]) {
        EXPECT_TRUE(c["passed"].get<bool>()) << c;
    }
    EXPECT_TRUE(json["passed"].get<bool>());
    std::filesystem::remove(path);
}

TEST(BenchCommand, AFailedCheckExitsOneAndNamesIt) {
    // 400 steps at r = 0.26 on a small grid overflow nothing, but claiming a
    // stability r of 0.5 makes the checkerboard grow by 3 per step: the field
    // overflows to infinity, and the bench must say so and exit 1.
    const CommandResult result = runHeatlab(
        "bench --backend cpu --grid 33 --steps 4 --stability-r 0.5 --stability-steps 200 "
        "--repeats 1");
    EXPECT_EQ(result.status, 1) << result.out << result.err;
    EXPECT_NE(result.out.find("FAIL"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("finite: r = 0.5"), std::string::npos) << result.out;
}

// A field with no checkerboard in it (blank: nothing at all; the sine:
// symmetric about the centre, so its projection cancels exactly) still gets
// its growth measured past the bound, never a false failure or a nan.
TEST(BenchCommand, TheCheckerboardGrowthIsMeasuredForEveryInitialField) {
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
        const double predicted = std::fabs(1.0 - 8.0 * static_cast<double>(0.26f));
        EXPECT_NEAR(run["measured_growth"].get<double>() / predicted, 1.0, 0.01)
            << initial << ": " << run;
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
