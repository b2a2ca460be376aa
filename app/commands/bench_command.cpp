#include "app/commands/bench_command.h"

#include <algorithm>
#include <cstdio>
#include <utility>

#include "app/commands/option_values.h"
#include "app/i18n/terminal_locale.h"
#include "app/i18n/translation.h"
#include "app/io/output_file.h"
#include "app/measure/bench_measure.h"
#include "app/measure/bench_plan.h"
#include "app/measure/bench_report.h"
#include "kernels/base/errors.h"
#include "kernels/checks/bit_difference.h"
#include "kernels/checks/reference_check.h"
#include "kernels/checks/stability_run.h"
#include "kernels/checks/stability_verdicts.h"
#include "kernels/grid_memory.h"
#include "kernels/memory_plan.h"
#include "kernels/numerics/initial_conditions.h"
#include "kernels/simulation.h"

namespace heatlab {

namespace {

// A small grid that is not a multiple of any block size, checked for every
// boundary whatever the bench grid is.
constexpr GridSize kAwkwardGrid{257, 129};

// "8192 x 8192": a grid as the bench's lines say it (gridText() says a
// square by its side alone).
std::string sides(const GridSize& grid) {
    return std::to_string(grid.nx) + " x " + std::to_string(grid.ny);
}

// Table 2's steps when not given: a backend whose field lives in host
// memory runs at CPU speed, so it gets a tenth of a device's; past 8192 x
// 8192 fewer, so a policy copies no more to the host than it does there
// (1000 copies of 256 MiB: 20 s a policy over PCIe), at least kFewestSteps.
constexpr int kDeviceSteps = 1000;
constexpr int kHostSteps = 100;
constexpr std::size_t kFullStepsCells = std::size_t{8192} * 8192;
constexpr int kFewestSteps = 10;

int defaultSteps(const Backend& backend, const GridSize& grid) {
    const int steps = backend.facts().fieldInHostMemory ? kHostSteps : kDeviceSteps;
    if (grid.cells() <= kFullStepsCells) {
        return steps;
    }
    const double share = static_cast<double>(kFullStepsCells) / static_cast<double>(grid.cells());
    return std::max(kFewestSteps, static_cast<int>(steps * share));
}

void progress(const std::string& line) {
    std::fprintf(stderr, "heatlab bench: %s\n", terminalLine(line).c_str());
}

// The options with everything left to the backend filled in, once it is
// known that the backend can run them: the grid fits and it has the kernel.
BenchOptions resolvedFor(const Backend& backend, BenchOptions o) {
    refuseIfTooLarge(backend, benchMemoryPlan(backend, o.params.grid, o.timingOnly));
    if (!backend.hasKernel(o.params.kernel)) {
        throw UsageError(trf("--kernel %s: the %s backend has no %s kernel", name(o.params.kernel),
                             backend.facts().name.c_str(), name(o.params.kernel)));
    }
    if (o.steps == 0) {
        o.steps = defaultSteps(backend, o.params.grid);
    }
    if (o.copyEvery == 0) {
        o.copyEvery = std::max(1, o.steps / 10);
    }
    return o;
}

// Halving h at the same r divides the error by about four (O(h^2) in
// space, O(dt) = O(h^2) in time): the slides' claim, measured.
void checkPriceOfAccuracy(const PriceOfAccuracy& price, std::vector<CheckResult>& checks) {
    const double ratio = price.errorRatio();
    char detail[160];
    std::snprintf(detail, sizeof detail, "error %.3g at %d^2, %.3g at %d^2: %.2fx smaller",
                  price.coarse.maxError, price.coarse.grid.nx, price.fine.maxError,
                  price.fine.grid.nx, ratio);
    checks.push_back({"price of accuracy: halving h divides the error by 3.6 to 4.4",
                      ratio >= 3.6 && ratio <= 4.4, detail});
}

BenchReport startReport(const Backend& backend, const BenchOptions& o) {
    BenchReport report;
    report.backend = backend.facts().name;
    report.device = backend.facts().device;
    report.grid = o.params.grid;
    report.params = o.params;
    report.peakGBs = backend.facts().peakBandwidthGBs;
    report.repeats = o.repeats;
    report.policySteps = o.steps;
    report.stabilitySteps = o.stabilitySteps;
    report.timingOnly = o.timingOnly;
    if (!o.timingOnly) {
        report.checkedGrid = checkedGrid(o.params.grid);
    }
    return report;
}

// Where the checks run: the bench grid (or, past kCheckedCellsMost cells,
// checkedGrid()) with the chosen field and boundary, and an awkward grid
// for every boundary.
std::vector<Params> checkCases(const Params& bench) {
    Params checked = bench;
    checked.grid = checkedGrid(bench.grid);
    std::vector<Params> cases{checked};
    for (Boundary boundary : allBoundaries()) {
        Params awkward = bench;
        awkward.grid = kAwkwardGrid;
        awkward.boundary = boundary;
        cases.push_back(awkward);
    }
    return cases;
}

// Reference checks for every stencil kernel, on the checkCases().
void checkKernels(Backend& backend, const Params& bench, int steps,
                  std::vector<CheckResult>& checks) {
    for (Kernel kernel : backend.stencilKernels()) {
        // A kernel that fuses steps (the temporal one) is checked over
        // passes of its own, and a remainder of single steps.
        const int kernelSteps = traits(kernel).fusesSteps
                                    ? std::max(steps, 2 * backend.timeBlockFor(bench.grid) + 1)
                                    : steps;
        for (Params p : checkCases(bench)) {
            p.kernel = kernel;
            const ReferenceCheck result = checkAgainstReference(backend, p, kernelSteps);
            const std::string where =
                std::string(name(kernel)) + " on " + gridText(p.grid) + ", " + name(p.boundary);
            checks.push_back({"reference: " + where + ", " + std::to_string(kernelSteps) + " steps",
                              result.field.passed,
                              result.field.passed
                                  ? "worst relative error " + numberText(result.field.worstError, 3)
                                  : result.field.detail});
            if (p.boundary == Boundary::Dirichlet) {
                checks.push_back({"dirichlet ring bit-exact: " + where, result.ringExact,
                                  result.ringExact ? "" : "the ring changed"});
            }
        }
    }
}

// The fast paths of table 1 against as many single steps of the optimised
// kernel, bit for bit, on the checkCases(): the temporal kernel's passes,
// and the many-step submissions of the optimised and temporal kernels (CUDA
// graphs, or the grid held on chip). The checks behind their figures.
void checkFastPaths(Backend& backend, const Params& bench, std::vector<CheckResult>& checks) {
    struct Path {
        std::string label;
        Kernel kernel;
        bool many;  // through stepMany()
    };
    for (const Params& p : checkCases(bench)) {
        std::vector<Path> paths;
        if (backend.hasKernel(Kernel::Temporal)) {
            paths.push_back({"temporal", Kernel::Temporal, false});
        }
        for (Kernel kernel : {Kernel::Optimised, Kernel::Temporal}) {
            const std::string many = manyStepsName(backend.manySteps(kernel, p.grid, p.boundary));
            if (backend.hasKernel(kernel) && !many.empty()) {
                paths.push_back({std::string(name(kernel)) + ", " + many, kernel, true});
            }
        }
        // Whole passes and submissions, and a remainder of each.
        const int steps = std::max(
            2 * backend.timeBlockFor(p.grid) + 1,
            backend.manySteps(Kernel::Optimised, p.grid, p.boundary).stepsPerSubmission + 3);
        const std::vector<float> start = makeInitialField(p.grid, p.initial, p.boundary);
        const auto fieldAfter = [&](Kernel kernel, bool many) {
            backend.upload(p.grid, start.data(), p.boundary);
            if (many) {
                backend.stepMany(kernel, steps, p.r);
            } else {
                backend.step(kernel, steps, p.r);
            }
            std::vector<float> field(p.grid.cells());
            backend.copyToHost(field.data(), HostMemory::Pageable);
            backend.synchronize();
            return field;
        };
        const std::vector<float> single = fieldAfter(Kernel::Optimised, false);
        for (const Path& path : paths) {
            const std::size_t differing =
                bitDifference(single, fieldAfter(path.kernel, path.many)).cells;
            checks.push_back({path.label + " = optimised bit for bit: " + gridText(p.grid) + ", " +
                                  name(p.boundary) + ", " + std::to_string(steps) + " steps",
                              differing == 0,
                              differing == 0 ? "" : std::to_string(differing) + " cells differ"});
        }
    }
}

// Table 3: one run per r, on the bench's field, boundary and kernel.
std::vector<StabilityResult> runStabilityTable(Backend& backend, const BenchOptions& o) {
    std::vector<StabilityResult> runs;
    for (float r : o.stabilityR) {
        Params p = o.params;
        p.r = r;
        runs.push_back(runStability(backend, p, o.stabilitySteps));
    }
    return runs;
}

void checkStability(const std::vector<StabilityResult>& runs, std::vector<CheckResult>& checks) {
    for (const StabilityResult& s : runs) {
        for (StabilityVerdict& v : stabilityVerdicts(s)) {
            checks.push_back({std::move(v.name), v.passed, std::move(v.detail)});
        }
    }
}

void addKernelTable(KernelTable table, BenchReport& report) {
    report.systemCopy = std::move(table.systemCopy);
    report.kernels = std::move(table.kernels);
    report.hostCopies = std::move(table.hostCopies);
    report.cacheRoofs = std::move(table.roofs);
}

std::string rooflineTitle(const BenchReport& report) {
    return report.backend + " on " + report.device + ", grid " + gridText(report.grid);
}

// The tables, then the outputs as one: a JSON that cannot be written
// leaves no roofline picture, and the other way round.
int finish(const BenchReport& report, const BenchOptions& o, std::string rooflinePng) {
    printReport(report);
    std::vector<OutputContents> outputs;
    if (!o.roofline.empty()) {
        outputs.push_back({o.roofline, std::move(rooflinePng)});
    }
    if (!o.json.empty()) {
        outputs.push_back({o.json, reportJson(report)});
    }
    // The JSON may go to the same place as stdout (/dev/stdout): the
    // tables come first.
    std::fflush(stdout);
    writeOutputFiles(outputs);
    if (!o.roofline.empty()) {
        std::printf("%s\n", o.roofline.c_str());
    }
    return report.allPassed() ? 0 : 1;
}

}  // namespace

CLI::App* addBenchCommand(CLI::App& app, BenchOptions& o) {
    CLI::App* bench = app.add_subcommand(
        "bench", tr("Check every kernel against the double reference, then print the three tables "
                    "(kernels vs the copy floor, copy-back policies, stability)"));
    addSimulationOptions(*bench, o.params, o.backend,
                         tr("Stencil kernel of tables 2 and 3 (table 1 times them all)"));
    addCountOption(
        *bench, "--steps", o.steps, 1,
        trf("Steps per copy-back policy in table 2, >= 1 [default: %d on a device, %d on the "
            "cpu, fewer past 8192 x 8192]",
            kDeviceSteps, kHostSteps));
    addCountOption(*bench, "--copy-every", o.copyEvery, 1,
                   tr("N of the 'every N steps' policy, >= 1 [default: steps / 10]"));
    addRListOption(*bench, "--stability-r", o.stabilityR,
                   tr("The r values of table 3, each as --r allows"));
    addCountOption(*bench, "--stability-steps", o.stabilitySteps, 4,
                   tr("Steps per r in table 3, >= 4"));
    addCountOption(*bench, "--check-steps", o.checkSteps, 1,
                   tr("Steps of the reference comparison, >= 1"));
    addCountOption(*bench, "--repeats", o.repeats, 1,
                   tr("Timed repeats per figure (the median is shown), >= 1"));
    addFlag(*bench, "--timing-only", o.timingOnly,
            tr("Tables 1 and 2 alone: no check against the double reference, no stability or "
               "accuracy table (for the largest grids, where the checks take minutes)"));
    addOutputPathOption(*bench, "--json", o.json,
                        tr("Also write the results as JSON to this file (or FIFO, or device)"));
    addOutputPathOption(*bench, "--roofline", o.roofline,
                        tr("Also draw table 1 as a roofline into this PNG file (name ending in "
                           ".png): the measured roofs, each kernel a point"),
                        kPngFormat);
    addParsedOption(
        *bench, "--roofline-size", tr("The --roofline picture's size, 64 to 8192 a side"), "WxH",
        gridText(o.rooflineSize),
        [&o](const std::vector<std::string>& v) { o.rooflineSize = parsePictureSize(v.back()); })
        ->needs("--roofline");
    return bench;
}

namespace {

// What the bench holds, and where its checks run, said before it starts.
void sayTheScale(const Backend& backend, const BenchOptions& o) {
    const MemoryPlan plan = benchMemoryPlan(backend, o.params.grid, o.timingOnly);
    const std::string host = memoryText(plan.onHost());
    if (plan.deviceIsHost) {
        progress(trf("%s grid: %s of host memory", sides(o.params.grid).c_str(), host.c_str()));
    } else {
        progress(trf("%s grid: %s on the device, %s of host memory", sides(o.params.grid).c_str(),
                     memoryText(plan.onDevice()).c_str(), host.c_str()));
    }
    if (o.timingOnly) {
        progress(
            tr("timing only (--timing-only): no check against the double reference, no "
               "stability or accuracy table"));
        return;
    }
    const GridSize checked = checkedGrid(o.params.grid);
    if (checked.cells() < o.params.grid.cells()) {
        const std::size_t whole = (2 * sizeof(float) + 2 * sizeof(double)) * o.params.grid.cells();
        progress(
            trf("the kernels are checked on %s, not on %s: they take the same paths there, "
                "and the double reference on %s would take %s of host memory and minutes",
                sides(checked).c_str(), sides(o.params.grid).c_str(), sides(o.params.grid).c_str(),
                memoryText(whole).c_str()));
    }
}

}  // namespace

int runBench(const BenchOptions& options, const RooflinePainter& paintRoofline) {
    if (!options.json.empty() && !options.roofline.empty() &&
        sameOutputFile(options.json, options.roofline)) {
        throw UsageError(trf("--json and --roofline both name %s: one file cannot hold two outputs",
                             options.roofline.c_str()));
    }
    BackendSelection selection = makeBackend(options.backend);
    const BenchOptions o = resolvedFor(*selection.backend, options);
    selection.backend->setTimeBlock(o.params.timeBlock);
    std::fprintf(stderr, "%s\n", terminalLine(selection.reason).c_str());
    sayTheScale(*selection.backend, o);
    BenchReport report = startReport(*selection.backend, o);

    if (!o.timingOnly) {
        const GridSize checked = checkedGrid(o.params.grid);
        progress(trf("checking every kernel against the double reference on %s and %s",
                     sides(checked).c_str(), sides(kAwkwardGrid).c_str()));
        checkKernels(*selection.backend, o.params, o.checkSteps, report.checks);
        progress(trf("checking the fast paths bit for bit on %s and %s", sides(checked).c_str(),
                     sides(kAwkwardGrid).c_str()));
        checkFastPaths(*selection.backend, o.params, report.checks);
    }

    progress(trf("timing one step per kernel on %s", sides(o.params.grid).c_str()));
    const KernelTable table = measureKernelTable(*selection.backend, o.params, o.repeats);
    addKernelTable(table, report);
    std::string rooflinePng;
    if (!o.roofline.empty()) {
        progress(trf("drawing the roofline into %s", o.roofline.c_str()));
        rooflinePng = paintRoofline(rooflineOf(table, rooflineTitle(report)), o.rooflineSize);
    }

    progress(trf("running %d steps under each copy-back policy", o.steps));
    Simulation simulation(std::move(selection.backend), o.params);
    report.policies = runCopyPolicies(simulation, o.steps, o.copyEvery, report.checks);
    simulation.setCopyPolicy(CopyPolicy{});  // its buffer not held through the runs below
    if (o.timingOnly) {
        return finish(report, o, std::move(rooflinePng));
    }

    progress(trf("stability runs: %d steps at each r on %s", o.stabilitySteps,
                 sides(o.params.grid).c_str()));
    report.stability = runStabilityTable(simulation.backend(), o);
    checkStability(report.stability, report.checks);

    progress(tr("the price of accuracy"));
    // The lecture's lesson as its scene runs it: 129 x 129 at r = 0.25 to
    // step 415, then 257 x 257 to the same time.
    const Kernel kernel = traits(o.params.kernel).copyFloor ? Kernel::Optimised : o.params.kernel;
    report.accuracy =
        measurePriceOfAccuracy(simulation.backend(), kernel, 0.25f, GridSize{129, 129}, 415);
    checkPriceOfAccuracy(report.accuracy, report.checks);
    return finish(report, o, std::move(rooflinePng));
}

}  // namespace heatlab
