#include "app/commands/bench_command.h"

#include <cmath>
#include <cstdio>
#include <sstream>

#include "app/commands/bench_measure.h"
#include "app/commands/bench_report.h"
#include "app/commands/cli_values.h"
#include "app/commands/grid_memory.h"
#include "kernels/checks/reference_check.h"
#include "kernels/checks/stability_run.h"
#include "kernels/errors.h"
#include "kernels/simulation.h"

namespace heatlab {

namespace {

// A small grid that is not a multiple of any block size, checked for every
// boundary whatever the bench grid is.
constexpr GridSize kAwkwardGrid{257, 129};

void progress(const std::string& line) {
    std::fprintf(stderr, "heatlab bench: %s\n", line.c_str());
}

std::string formatted(double value, int precision) {
    std::ostringstream text;
    text.precision(precision);
    text << value;
    return text.str();
}

// Reference checks for every stencil kernel: on the bench grid with the
// chosen field and boundary, and on an awkward grid for every boundary.
void checkKernels(Backend& backend, const Params& bench, int steps,
                  std::vector<CheckResult>& checks) {
    for (Kernel kernel : backend.kernels()) {
        if (kernel == Kernel::Copy) {
            continue;
        }
        std::vector<Params> cases{bench};
        for (Boundary boundary : allBoundaries()) {
            Params awkward = bench;
            awkward.grid = kAwkwardGrid;
            awkward.boundary = boundary;
            cases.push_back(awkward);
        }
        for (Params p : cases) {
            p.kernel = kernel;
            const ReferenceCheck result = checkAgainstReference(backend, p, steps);
            const std::string where = std::string(name(kernel)) + " on " +
                                      std::to_string(p.grid.nx) + "x" + std::to_string(p.grid.ny) +
                                      ", " + name(p.boundary);
            checks.push_back({"reference: " + where + ", " + std::to_string(steps) + " steps",
                              result.field.passed,
                              result.field.passed
                                  ? "worst relative error " + formatted(result.field.worstError, 3)
                                  : result.field.detail});
            if (p.boundary == Boundary::Dirichlet) {
                checks.push_back({"dirichlet ring bit-exact: " + where, result.ringExact,
                                  result.ringExact ? "" : "the ring changed"});
            }
        }
    }
}

void checkStability(const std::vector<StabilityResult>& runs, std::vector<CheckResult>& checks) {
    for (const StabilityResult& s : runs) {
        const std::string at = "r = " + formatted(s.r, 4);
        checks.push_back({"finite: " + at, s.finite, s.finite ? "" : "the field holds inf or NaN"});
        if (s.r <= kStabilityBound) {
            checks.push_back({"maximum principle: " + at, s.maxNeverGrew,
                              "max |u| " + formatted(s.maxAbsStart, 6) + " -> " +
                                  formatted(s.maxAbsEnd, 6) + ", checked after every step"});
        } else {
            const double off = std::fabs(s.measuredGrowth / s.predictedGrowth - 1.0);
            checks.push_back({"checkerboard grows by |1 - 8r|: " + at, off <= kGrowthTolerance,
                              "measured " + formatted(s.measuredGrowth, 6) + ", predicted " +
                                  formatted(s.predictedGrowth, 6)});
        }
    }
}

Params paramsFrom(const BenchOptions& o) {
    Params p;
    p.grid = parseGridSize(o.grid);
    p.kernel = *parseKernel(o.kernel);
    p.boundary = *parseBoundary(o.boundary);
    p.initial = *parseInitialCondition(o.initial);
    p.r = std::stof(o.r);
    return p;
}

}  // namespace

CLI::App* addBenchCommand(CLI::App& app, BenchOptions& o) {
    CLI::App* bench = app.add_subcommand(
        "bench",
        "Check every kernel against the double reference, then print the three tables "
        "(kernels vs the copy floor, copy-back policies, stability)");
    bench->add_option("--backend", o.backend, "Where to run")
        ->check(oneOfValidator(namesOf(allBackendChoices())))
        ->capture_default_str();
    bench->add_option("--grid", o.grid, "Grid size, boundary ring included")
        ->check(gridValidator())
        ->capture_default_str();
    bench
        ->add_option("--kernel", o.kernel,
                     "Stencil kernel of tables 2 and 3 (table 1 times them all)")
        ->check(oneOfValidator(namesOf(stencilKernels())))
        ->capture_default_str();
    bench->add_option("--boundary", o.boundary, "Boundary condition")
        ->check(oneOfValidator(namesOf(allBoundaries())))
        ->capture_default_str();
    bench->add_option("--init", o.initial, "Initial condition")
        ->check(oneOfValidator(namesOf(allInitialConditions())))
        ->capture_default_str();
    bench->add_option("--r", o.r, "r = alpha dt / h^2 for tables 1 and 2, 0 < r <= 1")
        ->check(rValidator())
        ->capture_default_str();
    bench
        ->add_option(
            "--steps", o.steps,
            "Steps per copy-back policy in table 2, >= 1 [default: 1000 on cuda, 100 on cpu]")
        ->check(atLeastValidator(1));
    bench
        ->add_option("--copy-every", o.copyEvery,
                     "N of the 'every N steps' policy, >= 1 [default: steps / 10]")
        ->check(atLeastValidator(1));
    bench->add_option("--stability-r", o.stabilityR, "The r values of table 3, each 0 < r <= 1")
        ->check(rValidator())
        ->capture_default_str();
    bench->add_option("--stability-steps", o.stabilitySteps, "Steps per r in table 3, >= 4")
        ->check(atLeastValidator(4))
        ->capture_default_str();
    bench->add_option("--check-steps", o.checkSteps, "Steps of the reference comparison, >= 1")
        ->check(atLeastValidator(1))
        ->capture_default_str();
    bench
        ->add_option("--repeats", o.repeats, "Timed repeats per figure (the median is shown), >= 1")
        ->check(atLeastValidator(1))
        ->capture_default_str();
    bench->add_option("--json", o.json, "Also write the results as JSON to this file")
        ->check(writablePathValidator());
    return bench;
}

int runBench(const BenchOptions& o) {
    const Params params = paramsFrom(o);
    BackendSelection selection = makeBackend(*parseBackendChoice(o.backend));
    Backend& backend = *selection.backend;
    refuseIfTooLarge(backend, params.grid);

    const bool onDevice = backend.name() != "cpu";
    const int steps = o.steps > 0 ? o.steps : (onDevice ? 1000 : 100);
    const int copyEvery = o.copyEvery > 0 ? o.copyEvery : std::max(1, steps / 10);
    if (!onDevice && params.kernel == Kernel::Tiled) {
        throw UsageError("--kernel tiled: the cpu backend has no tiled kernel");
    }
    std::fprintf(stderr, "%s\n", selection.reason.c_str());

    BenchReport report;
    report.backend = backend.name();
    report.device = backend.deviceName();
    report.grid = params.grid;
    report.params = params;
    report.peakGBs = backend.peakBandwidthGBs();
    report.repeats = o.repeats;
    report.policySteps = steps;
    report.stabilitySteps = o.stabilitySteps;

    progress("checking every kernel against the double reference");
    checkKernels(backend, params, o.checkSteps, report.checks);

    progress("timing one step per kernel");
    const double systemMs = timeSystemCopy(backend, params, o.repeats);
    std::vector<std::pair<Kernel, double>> times;
    for (Kernel kernel : backend.kernels()) {
        times.emplace_back(kernel, timeKernel(backend, params, kernel, o.repeats));
    }
    double copyMs = 0.0;
    for (const auto& [kernel, ms] : times) {
        if (kernel == Kernel::Copy) {
            copyMs = ms;
        }
    }
    const double copyGBs = bandwidthGBs(params.grid, copyMs);
    const auto row = [&](const std::string& label, double ms) {
        const double gbs = bandwidthGBs(params.grid, ms);
        return KernelTiming{label, ms, gbs, 100.0 * gbs / copyGBs,
                            report.peakGBs > 0.0 ? 100.0 * gbs / report.peakGBs : 0.0};
    };
    report.systemCopy = row(onDevice ? "cudaMemcpy (ceiling)" : "memcpy (ceiling)", systemMs);
    for (const auto& [kernel, ms] : times) {
        report.kernels.push_back(row(kernel == Kernel::Copy ? "copy (floor)" : name(kernel), ms));
    }
    for (HostMemory memory : {HostMemory::Pageable, HostMemory::Pinned}) {
        const double ms = timeHostCopy(backend, params, memory, o.repeats);
        report.hostCopies.push_back(
            {memory, ms, static_cast<double>(params.grid.bytes()) / (ms * 1e-3) / 1e9});
    }

    progress("running " + std::to_string(steps) + " steps under each copy-back policy");
    Simulation simulation(std::move(selection.backend), params);
    report.policies = runCopyPolicies(simulation, steps, copyEvery, report.checks);

    progress("stability runs");
    for (const std::string& text : o.stabilityR) {
        report.stability.push_back(
            runStability(simulation.backend(), params, std::stof(text), o.stabilitySteps));
    }
    checkStability(report.stability, report.checks);

    printReport(report);
    if (!o.json.empty()) {
        writeReportJson(report, o.json);
    }
    return report.allPassed() ? 0 : 1;
}

}  // namespace heatlab
