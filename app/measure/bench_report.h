#pragma once
// What `heatlab bench` measured and checked, and the two ways it is shown:
// the human tables on stdout and the JSON file.

#include <string>
#include <vector>

#include "app/io/output_file.h"
#include "kernels/checks/stability_run.h"
#include "kernels/kernel_traffic.h"
#include "kernels/numerics/params.h"

namespace heatlab {

struct KernelTiming {
    std::string name;
    Kernel kernel = Kernel::Copy;  // what ran (the platform's copy: Copy)
    // Its operations and bytes a step, counted (kernels/kernel_traffic.h); the
    // roofline's x is their ratio.
    KernelTraffic traffic;
    double gflopPerS = 0.0;  // traffic.flopsPerStep / time: the roofline's y
    double msPerStep = 0.0;
    // Steps per pass over device memory: 1, or the temporal kernel's k; 0
    // when the grid stays on chip for all the steps (the resident kernel).
    int stepsPerPass = 1;
    // (bytes read + written of the grid) / time, once per pass: what the
    // kernel really moves per step is the grid's bytes / stepsPerPass. 0
    // (shown as "-") when no step moves the grid.
    double gbPerS = 0.0;
    double cellUpdatesPerS = 0.0;  // interior cells x steps / time
    // Of the copy floor's cell updates per second (the floor counted as a
    // step that moves every cell once); for one-step kernels the same as the
    // share of its GB/s.
    double percentOfCopy = 0.0;
    double percentOfPeak = 0.0;  // GB/s of the device's theoretical peak; 0 if unknown
    double spread = 1.0;         // its slowest sample over its fastest (busyWhileTimed())
};

struct HostCopyTiming {
    HostMemory memory = HostMemory::Pageable;
    double ms = 0.0;
    double gbPerS = 0.0;  // bytes sent to the host / time
    double spread = 1.0;  // its slowest sample over its fastest
};

// A row whose slowest sample took more than this many times its fastest
// was timed while something else ran (another program, a compile, a
// frame's own work): its median is not to be trusted alone. A quiet GPU's
// samples stay within a few per cent, a quiet CPU's within about 20 %.
inline constexpr double kBusySpread = 1.5;
inline bool busyWhileTimed(double spread) { return spread > kBusySpread; }
// Of table 1's rows (the ceiling, the kernels, the host copies), the widest
// spread of those timed busy; 0 when none was.
double widestBusySpread(const KernelTiming& ceiling, const std::vector<KernelTiming>& kernels,
                        const std::vector<HostCopyTiming>& hostCopies);

// The roofs table 1 measures for the roofline beside its rows: the copy
// floor on a grid whose two buffers fit in the largest cache (the cache
// roof), and the stencil's arithmetic with no memory (the compute roof).
struct CacheRoofs {
    KernelTiming cacheCopy;         // unnamed until timed
    GridSize cacheGrid{0, 0};       // 0 x 0 where the cache's size is not known
    std::string cacheName;          // "L2", "L3"
    double arithmeticGflops = 0.0;  // 0 until timed
    double peakGflops = 0.0;        // the device's datasheet figure; 0 if unknown
};

struct PolicyRun {
    int copyEvery = 0;  // 0: never
    HostMemory memory = HostMemory::Pageable;
    double totalMs = 0.0;
    double msPerStep = 0.0;
    double gibToHost = 0.0;
    double ratioToNever = 0.0;
};

// The price of accuracy (the lecture's lesson): the sine field, whose exact
// solution is known, run to one physical time on a grid and on the grid of
// half its spacing at the same r.
struct AccuracyRun {
    GridSize grid;
    long long steps = 0;
    double alphaT = 0.0;         // the physical time: r steps h^2, on [0, 2 pi]^2
    double maxError = 0.0;       // max |u - exact| over the interior
    double relativeError = 0.0;  // of the exact field's largest value
    double ms = 0.0;             // all the steps, the backend's timer
};

struct PriceOfAccuracy {
    float r = 0.0f;
    Kernel kernel = Kernel::Optimised;
    AccuracyRun coarse;
    AccuracyRun fine;
    double errorRatio() const {
        return fine.maxError > 0.0 ? coarse.maxError / fine.maxError : 0.0;
    }
    double workRatio() const { return coarse.ms > 0.0 ? fine.ms / coarse.ms : 0.0; }
};

struct CheckResult {
    std::string name;
    bool passed = false;
    std::string detail;
};

struct BenchReport {
    std::string backend;
    std::string device;
    GridSize grid;
    Params params;  // kernel, r, boundary, initial condition of tables 2 and 3
    double peakGBs = 0.0;
    int repeats = 0;
    int policySteps = 0;
    int stabilitySteps = 0;
    std::vector<KernelTiming> kernels;  // the copy floor first
    KernelTiming systemCopy;            // the platform's own copy: the ceiling
    std::vector<HostCopyTiming> hostCopies;
    CacheRoofs cacheRoofs;  // the roofline's cache and compute roofs
    std::vector<PolicyRun> policies;
    std::vector<StabilityResult> stability;
    PriceOfAccuracy accuracy;
    std::vector<CheckResult> checks;
    // --timing-only: no checks, no tables 3 and 4. Otherwise the grid the
    // kernels were checked on besides the awkward one (the bench grid, or
    // a smaller one past kCheckedCellsMost cells: bench_plan.h).
    bool timingOnly = false;
    GridSize checkedGrid{0, 0};

    bool allPassed() const;
};

void printReport(const BenchReport& report);
// The report as JSON text (what --json writes).
std::string reportJson(const BenchReport& report);
// Through writeOutputFile(): a file is replaced whole, a FIFO or device is
// written straight through.
void writeReportJson(const BenchReport& report, const std::string& path,
                     const OutputDisk& disk = {});

}  // namespace heatlab
