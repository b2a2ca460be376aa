#include "app/measure/bench_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "app/i18n/translation.h"
#include "app/i18n/utf8.h"
#include "app/io/output_file.h"

namespace heatlab {

namespace {

std::string policyLabel(const PolicyRun& p) {
    if (p.copyEvery == 0) {
        return tr("never");
    }
    const std::string every = p.copyEvery == 1 ? tr("every step") : trf("every %d", p.copyEvery);
    return every + tr(", ") + name(p.memory);
}

// JSON has no NaN or infinity; an unmeasurable figure is null.
nlohmann::json number(double v) {
    return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr);
}

const char* measuredOnName(GrowthMeasurement m) {
    switch (m) {
    case GrowthMeasurement::OwnField: return "own field";
    case GrowthMeasurement::OwnFieldLessRing: return "own field less its ring";
    case GrowthMeasurement::Seeded: return "seeded";
    }
    return "?";
}

// The first column fits the longest row name: the ceiling is named by the
// backend ("cudaMemcpy device to device (ceiling)").
int nameWidth(const BenchReport& r) {
    std::size_t width = 22;
    width = std::max(width, r.systemCopy.name.size());
    for (const auto& k : r.kernels) {
        width = std::max(width, k.name.size());
    }
    return static_cast<int>(width);
}

// "  busy x2.3" after a row timed while the machine was busy.
void printBusy(double spread) {
    if (busyWhileTimed(spread)) {
        std::printf("  busy x%.1f", spread);
    }
}

void printKernelRow(const KernelTiming& k, int width, bool withPeak) {
    const bool movesGrid = k.stepsPerPass > 0;
    std::printf("  %-*s %11.4f", width, k.name.c_str(), k.msPerStep);
    if (movesGrid) {
        std::printf(" %10.1f", k.gbPerS);
    } else {
        std::printf(" %10s", "-");
    }
    std::printf(" %12.2f %11.1f", k.cellUpdatesPerS / 1e9, k.percentOfCopy);
    if (withPeak) {
        if (movesGrid) {
            std::printf(" %10.1f", k.percentOfPeak);
        } else {
            std::printf(" %10s", "-");
        }
    }
    printBusy(k.spread);
    std::printf("\n");
}

// The roofline's other roofs, and each kernel where it sits on it.
void printRoofs(const BenchReport& r, int width, bool withPeak) {
    const CacheRoofs& roofs = r.cacheRoofs;
    std::printf("\n  %s\n",
                tr("roofline: the roofs beside the ones above, and each kernel's place"));
    if (!roofs.cacheCopy.name.empty()) {
        printKernelRow(roofs.cacheCopy, width, withPeak);
    }
    std::printf("  %s %11s %10s %12.1f GFLOP/s",
                leftAligned(tr("the stencil's arithmetic, no memory"), width).c_str(), "", "",
                roofs.arithmeticGflops);
    if (roofs.peakGflops > 0.0) {
        std::printf(" %s", trf("(datasheet %.0f)", roofs.peakGflops).c_str());
    }
    std::printf("\n  %s %11s %10s %12s %11s\n", leftAligned(tr("kernel"), width).c_str(),
                "flops/step", "bytes/step", "flops/byte", "GFLOP/s");
    for (const auto& k : r.kernels) {
        if (traits(k.kernel).copyFloor) {
            continue;  // computes nothing: it is a roof
        }
        std::printf("  %-*s %11.4g %10.4g %12.3f %11.1f%s\n", width, k.name.c_str(),
                    k.traffic.flopsPerStep, k.traffic.bytesPerStep, k.traffic.intensity(),
                    k.gflopPerS, k.traffic.level == TrafficLevel::OnChipL2 ? "  (bytes: L2)" : "");
    }
}

}  // namespace

double widestBusySpread(const KernelTiming& ceiling, const std::vector<KernelTiming>& kernels,
                        const std::vector<HostCopyTiming>& hostCopies) {
    double widest = 0.0;
    const auto consider = [&widest](double spread) {
        widest = busyWhileTimed(spread) ? std::max(widest, spread) : widest;
    };
    consider(ceiling.spread);
    for (const KernelTiming& k : kernels) {
        consider(k.spread);
    }
    for (const HostCopyTiming& h : hostCopies) {
        consider(h.spread);
    }
    return widest;
}

bool BenchReport::allPassed() const {
    for (const auto& c : checks) {
        if (!c.passed) {
            return false;
        }
    }
    return true;
}

namespace {

// Tables 3 and 4: not run with --timing-only.
void printStabilityAndAccuracy(const BenchReport& r);

}  // namespace

void printReport(const BenchReport& r) {
    const bool withPeak = r.peakGBs > 0.0;
    std::printf(
        "%s\n",
        trf("heatlab bench: backend %s on %s", r.backend.c_str(), r.device.c_str()).c_str());
    std::printf("%s", trf("grid %d x %d (%.1f MiB per buffer)", r.grid.nx, r.grid.ny,
                          static_cast<double>(r.grid.bytes()) / (1024.0 * 1024.0))
                          .c_str());
    if (withPeak) {
        std::printf("%s", trf(", theoretical peak %.0f GB/s", r.peakGBs).c_str());
    }
    std::printf("\n");
    if (r.timingOnly) {
        std::printf("%s\n", tr("timing only (--timing-only): nothing checked against the double "
                               "reference, no stability or accuracy table"));
    } else if (r.checkedGrid.cells() < r.grid.cells()) {
        std::printf("%s\n", trf("the kernels checked on %s: the bench grid's paths, at its scale "
                                "the checks would take minutes",
                                (std::to_string(r.checkedGrid.nx) + " x " +
                                 std::to_string(r.checkedGrid.ny))
                                    .c_str())
                                .c_str());
    }
    std::printf("\n");

    std::printf("%s", trf("1. Time per step, each kernel (median of %d). GB/s: grid bytes read + "
                          "written per pass\n"
                          "   over memory / time (a pass is one step; k steps for the temporal "
                          "kernel).\n"
                          "   G cells/s: interior cell updates per second; %% of copy: of the copy "
                          "floor's.\n",
                          r.repeats)
                          .c_str());
    // xgettext:no-c-format
    const std::string ofCopy = tr("% of copy");
    // xgettext:no-c-format
    const std::string ofPeak = tr("% of peak");
    const int width = nameWidth(r);
    std::printf("  %s %11s %10s %12s %s%s\n", leftAligned(tr("kernel"), width).c_str(), "ms/step",
                "GB/s", "G cells/s", rightAligned(ofCopy, 11).c_str(),
                withPeak ? ("  " + ofPeak).c_str() : "");
    printKernelRow(r.systemCopy, width, withPeak);
    for (const auto& k : r.kernels) {
        printKernelRow(k, width, withPeak);
    }
    std::printf("\n  %s\n", tr("host copy (device to host, one grid)"));
    for (const auto& h : r.hostCopies) {
        std::printf("  %-*s %11.4f %10.1f", width, name(h.memory), h.ms, h.gbPerS);
        printBusy(h.spread);
        std::printf("\n");
    }
    if (widestBusySpread(r.systemCopy, r.kernels, r.hostCopies) > 0.0) {
        std::printf("  %s\n", trf("busy: a row's slowest sample took over %.1fx its fastest; "
                                  "something else ran while it was timed: measure again",
                                  kBusySpread)
                                  .c_str());
    }
    printRoofs(r, width, withPeak);

    std::printf("\n%s\n", trf("2. %d steps of %s under each copy-back policy", r.policySteps,
                              name(r.params.kernel))
                              .c_str());
    std::printf("  %s %s %11s %s %s\n", leftAligned(tr("copy back"), 22).c_str(),
                rightAligned(tr("total ms"), 11).c_str(), "ms/step",
                rightAligned(tr("GiB to host"), 12).c_str(),
                rightAligned(tr("x never"), 10).c_str());
    for (const auto& p : r.policies) {
        std::printf("  %s %11.2f %11.4f %12.3f %10.1f\n", leftAligned(policyLabel(p), 22).c_str(),
                    p.totalMs, p.msPerStep, p.gibToHost, p.ratioToNever);
    }

    if (!r.timingOnly) {
        printStabilityAndAccuracy(r);
    }

    std::printf("\n%s\n", tr("Checks"));
    for (const auto& c : r.checks) {
        std::printf("  %-4s %s%s%s\n", c.passed ? "ok" : "FAIL", c.name.c_str(),
                    c.detail.empty() ? "" : ": ", c.detail.c_str());
    }
    std::printf("%s\n", r.allPassed() ? tr("all checks passed") : tr("SOME CHECKS FAILED"));
}

namespace {

void printStabilityAndAccuracy(const BenchReport& r) {
    std::printf("\n%s\n",
                trf("3. Stability: %d steps of %s, %s, %s", r.stabilitySteps, name(r.params.kernel),
                    name(r.params.initial), name(r.params.boundary))
                    .c_str());
    std::printf("%s", tr("   this grid: the size of its highest mode's factor a step, 1 + r (lx + "
                         "ly), and its\n"
                         "   bound, the largest r where that is <= 1; measured on that mode over "
                         "steps 0 to k.\n"));
    std::printf("  %8s %9s %9s %s %s %s %6s %s %s\n", "r", "1 - 4r", "|1 - 8r|",
                rightAligned(tr("this grid"), 10).c_str(), rightAligned(tr("its bound"), 9).c_str(),
                rightAligned(tr("measured"), 9).c_str(), "k",
                rightAligned(tr("max |u| at end"), 14).c_str(),
                rightAligned(tr("finite"), 12).c_str());
    bool seeded = false;
    for (const auto& s : r.stability) {
        // What could not be measured is shown as such, never as nan.
        char growth[32] = "-";
        if (std::isfinite(s.measuredGrowth)) {
            std::snprintf(growth, sizeof growth, "%.5f", s.measuredGrowth);
        }
        char bound[32] = "";
        if (std::isfinite(s.gridBound)) {
            std::snprintf(bound, sizeof bound, "%.5f", s.gridBound);
        }
        const std::string finite = s.finite ? tr("yes") : trf("no, step %lld", s.overflowStep);
        std::printf("  %8.4f %9.4f %9.4f %10.5f %s %9s %6d %14.6g %s\n", static_cast<double>(s.r),
                    s.centreWeight, s.infiniteGridGrowth, s.predictedGrowth,
                    rightAligned(std::isfinite(s.gridBound) ? bound : tr("none"), 9).c_str(),
                    growth, s.measuredSteps, static_cast<double>(s.maxAbsEnd),
                    rightAligned(finite, 12).c_str());
        seeded = seeded || s.measurement == GrowthMeasurement::Seeded;
    }
    if (seeded) {
        std::printf("%s", tr("  (the field holds too little of the mode to measure it on: that was "
                             "measured on a\n"
                             "   second run with the mode added, less the field's own run; max |u| "
                             "is the field's own)\n"));
    }

    const PriceOfAccuracy& a = r.accuracy;
    std::printf("\n%s",
                trf("4. The price of accuracy: the sine field against its exact solution, %s, r = "
                    "%.2f,\n   to one physical time on a grid and on the grid of half its "
                    "spacing\n",
                    name(a.kernel), static_cast<double>(a.r))
                    .c_str());
    std::printf("  %s %s %10s %s %s %10s\n", rightAligned(tr("grid"), 10).c_str(),
                rightAligned(tr("steps"), 8).c_str(), "alpha t",
                rightAligned(tr("max error"), 12).c_str(), rightAligned(tr("relative"), 12).c_str(),
                "ms");
    for (const AccuracyRun* run : {&a.coarse, &a.fine}) {
        std::printf("  %10s %8lld %10.4f %12.4g %12.4g %10.3f\n", gridText(run->grid).c_str(),
                    run->steps, run->alphaT, run->maxError, run->relativeError, run->ms);
    }
    std::printf("  %s\n",
                trf("the error %.2fx smaller for %.1fx the time (4x the steps on 4x the cells)",
                    a.errorRatio(), a.workRatio())
                    .c_str());
}

}  // namespace

std::string reportJson(const BenchReport& r) {
    using nlohmann::json;
    json out;
    out["backend"] = r.backend;
    out["device"] = r.device;
    out["grid"] = {{"nx", r.grid.nx}, {"ny", r.grid.ny}};
    out["peak_gb_per_s"] = r.peakGBs > 0.0 ? json(r.peakGBs) : json(nullptr);
    out["r"] = r.params.r;
    out["kernel"] = name(r.params.kernel);
    out["boundary"] = name(r.params.boundary);
    out["initial"] = name(r.params.initial);
    out["repeats"] = r.repeats;
    out["timing_only"] = r.timingOnly;
    out["checked_grid"] =
        r.timingOnly ? json(nullptr) : json{{"nx", r.checkedGrid.nx}, {"ny", r.checkedGrid.ny}};
    const auto kernelJson = [](const KernelTiming& k) {
        return json{
            {"name", k.name},
            {"ms_per_step", number(k.msPerStep)},
            {"steps_per_pass", k.stepsPerPass > 0 ? json(k.stepsPerPass) : json(nullptr)},
            {"gb_per_s", k.stepsPerPass > 0 ? number(k.gbPerS) : json(nullptr)},
            {"cell_updates_per_s", number(k.cellUpdatesPerS)},
            {"percent_of_copy", number(k.percentOfCopy)},
            {"percent_of_peak", k.percentOfPeak > 0.0 ? number(k.percentOfPeak) : json(nullptr)},
            {"flops_per_step", number(k.traffic.flopsPerStep)},
            {"bytes_per_step", number(k.traffic.bytesPerStep)},
            {"bytes_through", k.traffic.level == TrafficLevel::OnChipL2 ? "L2" : "field memory"},
            {"flops_per_byte", number(k.traffic.intensity())},
            {"gflop_per_s", number(k.gflopPerS)},
            {"spread", number(k.spread)}};
    };
    out["system_copy"] = kernelJson(r.systemCopy);
    out["kernels"] = json::array();
    for (const auto& k : r.kernels) {
        out["kernels"].push_back(kernelJson(k));
    }
    out["host_copies"] = json::array();
    for (const auto& h : r.hostCopies) {
        out["host_copies"].push_back({{"host_memory", name(h.memory)},
                                      {"ms", number(h.ms)},
                                      {"gb_per_s", number(h.gbPerS)},
                                      {"spread", number(h.spread)}});
    }
    const CacheRoofs& roofs = r.cacheRoofs;
    out["roofs"] = {
        {"cache", roofs.cacheCopy.name.empty()
                      ? json(nullptr)
                      : json{{"name", roofs.cacheName},
                             {"grid", {{"nx", roofs.cacheGrid.nx}, {"ny", roofs.cacheGrid.ny}}},
                             {"copy", kernelJson(roofs.cacheCopy)}}},
        {"arithmetic_gflop_per_s", number(roofs.arithmeticGflops)},
        {"peak_gflop_per_s", roofs.peakGflops > 0.0 ? json(roofs.peakGflops) : json(nullptr)}};
    out["copy_policies"] = json::array();
    for (const auto& p : r.policies) {
        out["copy_policies"].push_back({{"copy_every", p.copyEvery},
                                        {"host_memory", name(p.memory)},
                                        {"steps", r.policySteps},
                                        {"total_ms", number(p.totalMs)},
                                        {"ms_per_step", number(p.msPerStep)},
                                        {"gib_to_host", number(p.gibToHost)},
                                        {"ratio_to_never", number(p.ratioToNever)}});
    }
    out["stability"] = json::array();
    for (const auto& s : r.stability) {
        out["stability"].push_back(
            {{"r", s.r},
             {"steps", r.stabilitySteps},
             {"centre_weight", s.centreWeight},
             {"growth_factor", s.infiniteGridGrowth},
             {"grid_factor", s.factor},
             {"grid_growth", s.predictedGrowth},
             {"grid_bound", number(s.gridBound)},
             {"measured_growth", number(s.measuredGrowth)},
             {"measured_steps", s.measuredSteps},
             {"measured_on", measuredOnName(s.measurement)},
             {"mode_seed", s.seed},
             {"overflow_step", s.finite ? json(nullptr) : json(s.overflowStep)},
             {"max_abs", number(s.maxAbsEnd)},
             {"finite", s.finite}});
    }
    const auto accuracyJson = [](const AccuracyRun& run) {
        return json{{"grid", {{"nx", run.grid.nx}, {"ny", run.grid.ny}}},
                    {"steps", run.steps},
                    {"alpha_t", number(run.alphaT)},
                    {"max_error", number(run.maxError)},
                    {"relative_error", number(run.relativeError)},
                    {"ms", number(run.ms)}};
    };
    out["price_of_accuracy"] = r.timingOnly ? json(nullptr)
                                            : json{{"kernel", name(r.accuracy.kernel)},
                                                   {"r", r.accuracy.r},
                                                   {"coarse", accuracyJson(r.accuracy.coarse)},
                                                   {"fine", accuracyJson(r.accuracy.fine)},
                                                   {"error_ratio", number(r.accuracy.errorRatio())},
                                                   {"work_ratio", number(r.accuracy.workRatio())}};
    out["checks"] = json::array();
    for (const auto& c : r.checks) {
        out["checks"].push_back({{"name", c.name}, {"passed", c.passed}, {"detail", c.detail}});
    }
    out["passed"] = r.allPassed();
    return out.dump(2) + "\n";
}

void writeReportJson(const BenchReport& report, const std::string& path, const OutputDisk& disk) {
    writeOutputFile(path, reportJson(report), disk);
}

}  // namespace heatlab
