#include "app/commands/bench_measure.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <string>
#include <utility>

#include "kernels/numerics/initial_conditions.h"

namespace heatlab {

namespace {

constexpr int kWarmupRuns = 3;
// A sample of fewer milliseconds than this is timed as a batch of launches
// and divided, so event resolution and launch jitter do not dominate.
constexpr double kMinSampleMs = 2.0;
constexpr int kMaxBatch = 200;

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 == 1 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

// Times `work(count)` and returns the median milliseconds per unit of work.
template <typename Work>
double medianMsPerUnit(Backend& backend, int repeats, Work work) {
    auto watch = backend.stopwatch();
    work(kWarmupRuns);
    watch->start();
    work(1);
    const double single = std::max(watch->stopMs(), 1e-6);
    const int batch = std::clamp(static_cast<int>(std::ceil(kMinSampleMs / single)), 1, kMaxBatch);
    std::vector<double> samples;
    for (int i = 0; i < repeats; ++i) {
        watch->start();
        work(batch);
        samples.push_back(watch->stopMs() / batch);
    }
    return median(samples);
}

void uploadInitial(Backend& backend, const Params& params) {
    const std::vector<float> field = makeInitialField(params.grid, params.initial, params.boundary);
    backend.upload(params.grid, field.data(), params.boundary);
}

}  // namespace

double bandwidthGBs(const GridSize& grid, double msPerStep) {
    return 2.0 * static_cast<double>(grid.bytes()) / (msPerStep * 1e-3) / 1e9;
}

double timeKernel(Backend& backend, const Params& params, Kernel kernel, int repeats) {
    uploadInitial(backend, params);
    return medianMsPerUnit(backend, repeats,
                           [&](int count) { backend.step(kernel, count, params.r); });
}

double timeSystemCopy(Backend& backend, const Params& params, int repeats) {
    uploadInitial(backend, params);
    return medianMsPerUnit(backend, repeats, [&](int count) {
        for (int i = 0; i < count; ++i) {
            backend.systemCopy();
        }
    });
}

double timeHostCopy(Backend& backend, const Params& params, HostMemory memory, int repeats) {
    uploadInitial(backend, params);
    HostBuffer host = backend.allocateHost(params.grid.cells(), memory);
    return medianMsPerUnit(backend, repeats, [&](int count) {
        for (int i = 0; i < count; ++i) {
            backend.copyToHost(host.get(), memory);
        }
    });
}

KernelTable measureKernelTable(Backend& backend, const Params& params, int repeats) {
    const double systemMs = timeSystemCopy(backend, params, repeats);
    std::vector<std::pair<Kernel, double>> times;
    double copyMs = 0.0;
    for (Kernel kernel : backend.kernels()) {
        times.emplace_back(kernel, timeKernel(backend, params, kernel, repeats));
        if (kernel == Kernel::Copy) {
            copyMs = times.back().second;
        }
    }
    const double copyGBs = copyMs > 0.0 ? bandwidthGBs(params.grid, copyMs) : 0.0;
    const double peakGBs = backend.peakBandwidthGBs();
    const auto row = [&](const std::string& label, double ms) {
        const double gbs = bandwidthGBs(params.grid, ms);
        return KernelTiming{label, ms, gbs, copyGBs > 0.0 ? 100.0 * gbs / copyGBs : 0.0,
                            peakGBs > 0.0 ? 100.0 * gbs / peakGBs : 0.0};
    };

    KernelTable table;
    table.systemCopy = row(backend.systemCopyName() + " (ceiling)", systemMs);
    for (const auto& [kernel, ms] : times) {
        table.kernels.push_back(row(kernel == Kernel::Copy ? "copy (floor)" : name(kernel), ms));
    }
    for (HostMemory memory : {HostMemory::Pageable, HostMemory::Pinned}) {
        const double ms = timeHostCopy(backend, params, memory, repeats);
        table.hostCopies.push_back(
            {memory, ms, static_cast<double>(params.grid.bytes()) / (ms * 1e-3) / 1e9});
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
