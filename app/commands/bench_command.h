#pragma once
// `heatlab bench`: correctness checks first, then the three tables of the
// lesson (kernels against the floor, copy-back policies, stability), for
// any backend and grid.

#include <functional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/measure/roofline.h"
#include "kernels/backend_factory.h"
#include "kernels/numerics/params.h"

namespace heatlab {

// What the options hold once parsed, each value parsed once. The defaults
// of the simulation itself are Params' own.
struct BenchOptions {
    // Grid, r, boundary and initial field of every table; the kernel of
    // tables 2 and 3 (table 1 times them all).
    Params params;
    BackendChoice backend = BackendChoice::Auto;
    int steps = 0;      // table 2; 0 until resolved per backend
    int copyEvery = 0;  // the "every N" policy; 0 until resolved
    int checkSteps = 4;
    int repeats = 9;
    int stabilitySteps = 400;
    // Below, at and just past kStabilityBound.
    std::vector<float> stabilityR{0.24f, 0.25f, 0.26f};
    // --timing-only: tables 1 and 2 alone, nothing checked against the
    // double reference.
    bool timingOnly = false;
    std::string json;  // empty: no JSON file
    // --roofline: table 1 as a roofline picture (a PNG); empty: none.
    std::string roofline;
    GridSize rooflineSize{1600, 900};
};

// Draws a roofline as a PNG of `size` and returns the file's contents. The
// drawing is the window's (app/ui/pictures/roofline_picture.h), which main() hands
// over; a test hands its own.
using RooflinePainter = std::function<std::string(const Roofline& roofline, const GridSize& size)>;

// Adds the `bench` subcommand and its options to `app`.
CLI::App* addBenchCommand(CLI::App& app, BenchOptions& options);

// Runs it; returns the exit status (0 all checks passed, 1 a check failed).
// `paintRoofline` draws --roofline's picture. The JSON and the picture are
// one outcome, written at the end: both or, when one fails, neither.
int runBench(const BenchOptions& options, const RooflinePainter& paintRoofline);

}  // namespace heatlab
