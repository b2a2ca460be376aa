#pragma once
// `heatlab bench`: correctness checks first, then the three tables of the
// lesson (kernels against the floor, copy-back policies, stability), for
// any backend and grid.

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "kernels/backend_factory.h"
#include "kernels/numerics/params.h"

namespace heatlab {

struct BenchOptions {
    std::string backend = "auto";
    std::string grid = "2048";
    std::string kernel = "optimised";  // the kernel of tables 2 and 3
    std::string boundary = "dirichlet";
    std::string initial = "hot-square";
    std::string r = "0.24";
    int steps = 0;      // table 2; 0 until resolved per backend
    int copyEvery = 0;  // the "every N" policy; 0 until resolved
    int checkSteps = 4;
    int repeats = 9;
    int stabilitySteps = 400;
    std::vector<std::string> stabilityR{"0.24", "0.25", "0.26"};
    std::string json;
};

// Adds the `bench` subcommand and its options to `app`.
CLI::App* addBenchCommand(CLI::App& app, BenchOptions& options);

// Runs it; returns the exit status (0 all checks passed, 1 a check failed).
int runBench(const BenchOptions& options);

}  // namespace heatlab
