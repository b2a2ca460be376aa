#include "app/measure/bench_measure.h"
#include "kernels/base/median.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <string>
#include <utility>

#include "app/kernel_files/class_kernels.h"
#include "kernels/numerics/exact_solution.h"
#include "kernels/numerics/initial_conditions.h"

namespace heatlab {

namespace {

constexpr int kWarmupRuns = 3;
// A sample of fewer milliseconds than this is timed as a batch of launches
// and divided, so event resolution and launch jitter do not dominate.
constexpr double kMinSampleMs = 2.0;
constexpr int kMaxBatch = 200;

// Times `work(count)` as `sampling` says and returns the median
// milliseconds per unit of work, with the samples' spread.
template <typename Work>
SampledMs sampledMsPerUnit(Backend& backend, const TimingSamples& sampling, Work work) {
    auto watch = backend.stopwatch();
    // Timed for the budget: the warm-ups are where a new host buffer's page
    // faults or a first launch go, so they can cost more than a run.
    watch->start();
    work(sampling.warmups);
    const double warmupMs = watch->stopMs();
    watch->start();
    work(1);
    const double single = std::max(watch->stopMs(), 1e-6);
    const int batch = std::clamp(static_cast<int>(std::ceil(kMinSampleMs / single)), 1, kMaxBatch);
    std::vector<double> samples;
    if (firstRunIsASample(sampling, batch)) {
        samples.push_back(single);
    }
    const auto wanted =
        static_cast<std::size_t>(samplesToTake(sampling, warmupMs + single, single, batch));
    while (samples.size() < wanted) {
        watch->start();
        work(batch);
        samples.push_back(watch->stopMs() / batch);
    }
    const auto [fastest, slowest] = std::minmax_element(samples.begin(), samples.end());
    return {median(samples), *fastest > 0.0 ? *slowest / *fastest : 1.0};
}

KernelTiming kernelTiming(const std::string& label, Kernel kernel, const GridSize& grid,
                          SampledMs sampled, int stepsPerPass) {
    const double ms = sampled.ms;
    KernelTiming timing;
    timing.name = label;
    timing.kernel = kernel;
    timing.msPerStep = ms;
    timing.spread = sampled.spread;
    timing.stepsPerPass = stepsPerPass;
    timing.gbPerS = stepsPerPass > 0 ? bandwidthGBs(grid, ms) / stepsPerPass : 0.0;
    timing.cellUpdatesPerS = static_cast<double>(grid.interiorCells()) / (ms * 1e-3);
    timing.traffic = kernelTraffic(kernel, grid, stepsPerPass);
    timing.gflopPerS = timing.traffic.flopsPerStep / (ms * 1e-3) / 1e9;
    return timing;
}

// Steps a kernel runs per pass over the grid on this backend.
int stepsPerPass(const Backend& backend, Kernel kernel, const GridSize& grid) {
    return traits(kernel).fusesSteps ? backend.timeBlockFor(grid) : 1;
}

std::string kernelRowName(const Backend& backend, Kernel kernel, const GridSize& grid) {
    if (traits(kernel).copyFloor) {
        return std::string(name(kernel)) + " (floor)";
    }
    if (traits(kernel).fusesSteps) {
        return std::string(name(kernel)) + ", " + std::to_string(backend.timeBlockFor(grid)) +
               " steps a pass";
    }
    return kernelLabel(kernel);
}

HostCopyTiming hostCopyTiming(HostMemory memory, const GridSize& grid, SampledMs sampled) {
    // One way: the grid's bytes reach the host once per copy.
    return {memory, sampled.ms, static_cast<double>(grid.bytes()) / (sampled.ms * 1e-3) / 1e9,
            sampled.spread};
}

double percentOf(double gbs, double reference) {
    return reference > 0.0 ? 100.0 * gbs / reference : 0.0;
}

std::string cacheRowName(const KernelTable& table) {
    return "copy (floor) on " + gridText(table.roofs.cacheGrid) + ", in the " +
           table.roofs.cacheName + " (its roof)";
}

void setShares(KernelTiming& timing, const KernelTable& table) {
    timing.percentOfCopy = percentOf(timing.cellUpdatesPerS, table.floorCellUpdatesPerS);
    timing.percentOfPeak = percentOf(timing.gbPerS, table.peakGBs);
}

// Every timed row's share of the copy floor's GB/s and of the device's peak
// (0 where either is not known yet or at all).
void setPercentages(KernelTable& table) {
    setShares(table.systemCopy, table);
    setShares(table.roofs.cacheCopy, table);
    for (KernelTiming& timing : table.kernels) {
        setShares(timing, table);
    }
}

}  // namespace

std::string systemCopyName(const BackendFacts& facts) {
    return facts.fieldInHostMemory ? "memcpy, a slice per thread" : "cudaMemcpy device to device";
}

std::string manyStepsName(const ManySteps& many) {
    switch (many.submission) {
    case ManySteps::Submission::Graphs:
        return "CUDA graph of " + std::to_string(many.stepsPerSubmission) + " steps";
    case ManySteps::Submission::OnChip: return "grid held on chip, one launch";
    case ManySteps::Submission::Steps:
    default: return "";
    }
}

bool firstRunIsASample(const TimingSamples& sampling, int batch) {
    // Without a budget the bench keeps its samples all alike; with one, a
    // run this long is a sample already, and running it again only to time
    // it would double the row.
    return sampling.budgetMs > 0.0 && batch == 1;
}

int samplesToTake(const TimingSamples& sampling, double spentMs, double firstRunMs, int batch) {
    if (sampling.budgetMs <= 0.0) {
        return sampling.repeats;
    }
    const double fit = std::floor((sampling.budgetMs - spentMs) / (firstRunMs * batch));
    const double first = firstRunIsASample(sampling, batch) ? 1.0 : 0.0;
    return static_cast<int>(std::clamp(first + fit, 1.0, static_cast<double>(sampling.repeats)));
}

namespace {

AccuracyRun accuracyRun(Backend& backend, Kernel kernel, float r, const GridSize& grid,
                        long long steps) {
    const std::vector<float> initial =
        makeInitialField(grid, InitialCondition::Sine, Boundary::Dirichlet);
    backend.upload(grid, initial.data(), Boundary::Dirichlet);
    AccuracyRun run;
    run.grid = grid;
    run.steps = steps;
    run.alphaT = sinePhysicalTime(grid, r, steps);
    auto watch = backend.stopwatch();
    watch->start();
    backend.step(kernel, static_cast<int>(steps), r);
    run.ms = watch->stopMs();
    std::vector<float> field(grid.cells());
    backend.copyToHost(field.data(), HostMemory::Pageable);
    backend.synchronize();
    const ExactError error = errorAgainstExactSine(field.data(), grid, r, steps);
    run.maxError = error.maxAbs;
    run.relativeError = error.relative();
    return run;
}

}  // namespace

PriceOfAccuracy measurePriceOfAccuracy(Backend& backend, Kernel kernel, float r,
                                       const GridSize& coarse, long long steps) {
    PriceOfAccuracy price;
    price.r = r;
    price.kernel = kernel;
    price.coarse = accuracyRun(backend, kernel, r, coarse, steps);
    price.fine = accuracyRun(backend, kernel, r, halvedSpacing(coarse), 4 * steps);
    return price;
}

double bandwidthGBs(const GridSize& grid, double msPerStep) {
    return 2.0 * static_cast<double>(grid.bytes()) / (msPerStep * 1e-3) / 1e9;
}

// Per step, timed in whole passes (the temporal kernel runs a remainder
// that is no whole pass as single steps).
SampledMs timeKernel(Backend& backend, const GridSize& grid, float r, Kernel kernel,
                     const TimingSamples& sampling) {
    const int unit = stepsPerPass(backend, kernel, grid);
    SampledMs t = sampledMsPerUnit(backend, sampling,
                                   [&](int count) { backend.step(kernel, count * unit, r); });
    t.ms /= unit;
    return t;
}

// Per step, timed in whole submissions.
SampledMs timeKernelMany(Backend& backend, const Params& params, Kernel kernel,
                         const TimingSamples& sampling) {
    const int unit = backend.manySteps(kernel, params.grid, params.boundary).stepsPerSubmission;
    const float r = params.r;
    SampledMs t = sampledMsPerUnit(backend, sampling,
                                   [&](int count) { backend.stepMany(kernel, count * unit, r); });
    t.ms /= unit;
    return t;
}

SampledMs timeSystemCopy(Backend& backend, const TimingSamples& sampling) {
    return sampledMsPerUnit(backend, sampling, [&](int count) {
        for (int i = 0; i < count; ++i) {
            backend.systemCopy();
        }
    });
}

SampledMs timeHostCopy(Backend& backend, const GridSize& grid, HostMemory memory,
                       const TimingSamples& sampling) {
    HostBuffer host = backend.allocateHost(grid.cells(), memory);
    return sampledMsPerUnit(backend, sampling, [&](int count) {
        for (int i = 0; i < count; ++i) {
            backend.copyToHost(host.get(), memory);
        }
    });
}

std::vector<KernelTiming> rankedByTime(std::vector<KernelTiming> kernels) {
    std::stable_sort(
        kernels.begin(), kernels.end(),
        [](const KernelTiming& a, const KernelTiming& b) { return a.msPerStep < b.msPerStep; });
    return kernels;
}

std::vector<KernelTableRow> kernelTableRows(const Backend& backend, const Params& params) {
    const GridSize& grid = params.grid;
    using Kind = KernelTableRow::Kind;
    std::vector<KernelTableRow> rows;
    rows.push_back({Kind::SystemCopy, Kernel::Copy, HostMemory::Pageable,
                    systemCopyName(backend.facts()) + " (ceiling)"});
    for (Kernel kernel : backend.kernels()) {
        // A class kernel with no version checked (still compiling, or
        // refused) has no row: it cannot step.
        if (!classKernelReady(kernel)) {
            continue;
        }
        rows.push_back(
            {Kind::Kernel, kernel, HostMemory::Pageable, kernelRowName(backend, kernel, grid)});
    }
    for (Kernel kernel : {Kernel::Copy, Kernel::Optimised, Kernel::Temporal}) {
        const std::string many = manyStepsName(backend.manySteps(kernel, grid, params.boundary));
        if (backend.hasKernel(kernel) && !many.empty()) {
            rows.push_back({Kind::KernelMany, kernel, HostMemory::Pageable,
                            kernelRowName(backend, kernel, grid) + ", " + many});
        }
    }
    for (HostMemory memory : {HostMemory::Pageable, HostMemory::Pinned}) {
        rows.push_back({Kind::HostCopy, Kernel::Copy, memory, name(memory)});
    }
    const KernelTable empty = emptyKernelTable(backend);
    if (empty.roofs.cacheGrid.nx > 0) {
        rows.push_back({Kind::CacheCopy, Kernel::Copy, HostMemory::Pageable, cacheRowName(empty)});
    }
    rows.push_back({Kind::Arithmetic, Kernel::Copy, HostMemory::Pageable, kArithmeticRowName});
    return rows;
}

GridSize cacheRoofGrid(std::size_t cacheBytes) {
    // Two buffers of side^2 floats in half the cache: side^2 * 4 * 2 <= bytes / 2.
    const auto side = static_cast<int>(std::sqrt(static_cast<double>(cacheBytes) / 16.0)) / 32 * 32;
    return side >= 32 ? GridSize{side, side} : GridSize{0, 0};
}

KernelTable emptyKernelTable(const Backend& backend) {
    const BackendFacts& facts = backend.facts();
    KernelTable table;
    table.peakGBs = facts.peakBandwidthGBs;
    table.roofs.cacheGrid = cacheRoofGrid(facts.cacheBytes);
    table.roofs.cacheName = facts.cacheName;
    table.roofs.peakGflops = facts.peakGflops;
    return table;
}

void measureKernelTableRow(Backend& backend, const Params& params, const KernelTableRow& row,
                           const TimingSamples& sampling, KernelTable& table) {
    switch (row.kind) {
    case KernelTableRow::Kind::SystemCopy:
        table.systemCopy =
            kernelTiming(row.name, Kernel::Copy, params.grid, timeSystemCopy(backend, sampling), 1);
        break;
    case KernelTableRow::Kind::Kernel:
        table.kernels.push_back(
            kernelTiming(row.name, row.kernel, params.grid,
                         timeKernel(backend, params.grid, params.r, row.kernel, sampling),
                         stepsPerPass(backend, row.kernel, params.grid)));
        if (traits(row.kernel).copyFloor) {
            table.floorGBs = table.kernels.back().gbPerS;
            table.floorCellUpdatesPerS = table.kernels.back().cellUpdatesPerS;
        }
        break;
    case KernelTableRow::Kind::KernelMany:
        table.kernels.push_back(
            kernelTiming(row.name, row.kernel, params.grid,
                         timeKernelMany(backend, params, row.kernel, sampling),
                         backend.manySteps(row.kernel, params.grid, params.boundary).stepsPerPass));
        break;
    case KernelTableRow::Kind::CacheCopy: {
        const GridSize& grid = table.roofs.cacheGrid;
        const std::vector<float> field = makeInitialField(grid, params.initial, params.boundary);
        backend.upload(grid, field.data(), params.boundary);
        table.roofs.cacheCopy =
            kernelTiming(row.name, Kernel::Copy, grid,
                         timeKernel(backend, grid, params.r, Kernel::Copy, sampling), 1);
        break;
    }
    case KernelTableRow::Kind::Arithmetic: {
        const double ms = sampledMsPerUnit(backend, sampling, [&](int count) {
                              for (int i = 0; i < count; ++i) {
                                  backend.arithmeticBurst();
                              }
                          }).ms;
        table.roofs.arithmeticGflops = backend.arithmeticBurstFlops() / (ms * 1e-3) / 1e9;
        break;
    }
    case KernelTableRow::Kind::HostCopy:
        table.hostCopies.push_back(hostCopyTiming(
            row.memory, params.grid, timeHostCopy(backend, params.grid, row.memory, sampling)));
        break;
    }
    setPercentages(table);
}

KernelTable measureKernelTable(Backend& backend, const Params& params, int repeats) {
    const std::vector<float> field = makeInitialField(params.grid, params.initial, params.boundary);
    const TimingSamples sampling{kWarmupRuns, repeats, 0.0};
    KernelTable table = emptyKernelTable(backend);
    for (const KernelTableRow& row : kernelTableRows(backend, params)) {
        // Every row starts from the initial field, so none is timed on what
        // an earlier one left (at r > 0.25, an overflowed field).
        backend.upload(params.grid, field.data(), params.boundary);
        measureKernelTableRow(backend, params, row, sampling, table);
    }
    return table;
}

std::vector<PolicyRun> runCopyPolicies(Simulation& simulation, int steps, int copyEvery,
                                       std::vector<CheckResult>& checks) {
    std::vector<CopyPolicy> policies{{0, HostMemory::Pageable}};
    for (HostMemory memory : {HostMemory::Pageable, HostMemory::Pinned}) {
        if (copyEvery > 1) {
            policies.push_back({copyEvery, memory});
        }
        policies.push_back({1, memory});
    }

    // Warm the kernel and the copy path once so no row pays a first launch.
    simulation.setCopyPolicy({1, HostMemory::Pageable});
    simulation.reset();
    simulation.advance(std::min(steps, kWarmupRuns));
    simulation.backend().synchronize();

    std::vector<PolicyRun> runs;
    std::vector<float> neverField;
    std::string mismatch;
    auto watch = simulation.backend().stopwatch();
    for (const CopyPolicy& policy : policies) {
        simulation.setCopyPolicy(policy);
        simulation.reset();
        watch->start();
        simulation.advance(steps);
        const double ms = watch->stopMs();

        PolicyRun run;
        run.copyEvery = policy.every;
        run.memory = policy.memory;
        run.totalMs = ms;
        run.msPerStep = ms / steps;
        run.gibToHost = simulation.bytesCopiedBack() / (1024.0 * 1024.0 * 1024.0);
        run.ratioToNever = runs.empty() ? 1.0 : ms / runs.front().totalMs;
        runs.push_back(run);

        const std::vector<float>& field = simulation.fieldOnHost();
        if (neverField.empty()) {
            neverField = field;
        } else if (mismatch.empty() && std::memcmp(field.data(), neverField.data(),
                                                   field.size() * sizeof(float)) != 0) {
            mismatch = "copy every " + std::to_string(policy.every) + " (" + name(policy.memory) +
                       ") ends with a different grid than never copying";
        }
    }
    checks.push_back({"copy policies give a bit-identical final grid", mismatch.empty(),
                      mismatch.empty() ? std::to_string(runs.size()) + " policies, " +
                                             std::to_string(steps) + " steps"
                                       : mismatch});
    return runs;
}

}  // namespace heatlab
