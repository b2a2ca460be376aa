#pragma once
// The timed parts of the bench. Every figure is a median of repeats after a
// warm-up, timed with the backend's own stopwatch (device events on the GPU),
// on a real field, never on zeros.
//
// Table 1 is measured one row at a time by measureKernelTableRow(), so the
// window's bandwidth survey can spread the bench's own table over frames;
// measureKernelTable() is the bench's loop over the same rows.

#include <string>
#include <vector>

#include "app/measure/bench_report.h"
#include "kernels/backend.h"
#include "kernels/numerics/params.h"
#include "kernels/simulation.h"

namespace heatlab {

// How a figure is sampled: `warmups` runs that are no sample (they take a
// first launch, the page faults of a new host buffer), one timed run that
// sets the batch (runs per sample, so a sample lasts a couple of
// milliseconds whatever the grid), then the median of `repeats` samples.
struct TimingSamples {
    int warmups = 1;
    int repeats = 1;
    // 0: no limit (the bench). Above 0, about how long a whole row may take,
    // warm-ups included, in milliseconds: the samples stop at what fits
    // (never fewer than one), and a first timed run long enough to be a
    // sample on its own counts as one instead of being run again.
    double budgetMs = 0.0;
};

// Under a budget, whether a first timed run of `batch` == 1 (at least a
// sample's length) is a sample itself; and how many samples a figure takes
// in all once the warm-ups and its first timed run took `spentMs`, that run
// alone `firstRunMs`, and it set `batch`: with no budget, `repeats`; with
// one, as many as fit in what is left of it, at least one, at most
// `repeats`.
bool firstRunIsASample(const TimingSamples& sampling, int batch);
int samplesToTake(const TimingSamples& sampling, double spentMs, double firstRunMs, int batch);

// A figure: the median, and its samples' spread (KernelTiming::spread).
struct SampledMs {
    double ms = 0.0;
    double spread = 1.0;
};

// Each time `work` (runs, steps or copies, of the field uploaded last) as
// `sampling` says and returns the median milliseconds of one: one step of a
// kernel, the platform's own device copy of the grid, one copy of the
// newest field into host memory.
SampledMs timeKernel(Backend& backend, const GridSize& grid, float r, Kernel kernel,
                     const TimingSamples& sampling);
SampledMs timeSystemCopy(Backend& backend, const TimingSamples& sampling);
SampledMs timeHostCopy(Backend& backend, const GridSize& grid, HostMemory memory,
                       const TimingSamples& sampling);

// What the tables call the platform's own bulk copy (Backend::systemCopy())
// and how stepMany() submits a kernel's steps; the latter empty where it is
// step() itself, so there is no row of its own.
std::string systemCopyName(const BackendFacts& facts);
std::string manyStepsName(const ManySteps& many);

// The price of accuracy on `backend` with `kernel`: the sine field on
// `coarse` for `steps` steps at `r`, then on halvedSpacing(coarse) for four
// times the steps, each timed and against the exact solution.
PriceOfAccuracy measurePriceOfAccuracy(Backend& backend, Kernel kernel, float r,
                                       const GridSize& coarse, long long steps);

// Grid bytes read and written per step over time, in GB/s.
double bandwidthGBs(const GridSize& grid, double msPerStep);

// Table 1 on params' grid and field: the platform's own copy (the ceiling),
// every kernel of the backend (the copy floor first), each as a percentage
// of the floor's cell updates per second and its GB/s of the device's peak,
// and one host copy per kind of host memory. A table being filled holds the rows timed so far.
struct KernelTable {
    KernelTiming systemCopy;  // unnamed until timed
    std::vector<KernelTiming> kernels;
    std::vector<HostCopyTiming> hostCopies;
    double floorGBs = 0.0;              // the copy floor kernel's GB/s; 0 until timed
    double floorCellUpdatesPerS = 0.0;  // and its cell updates per second
    double peakGBs = 0.0;               // the device's theoretical peak; 0 if unknown
    CacheRoofs roofs;                   // the roofline's, measured last
};

// One row of table 1: what it times and what the table calls it.
struct KernelTableRow {
    // KernelMany: the kernel through Backend::stepMany(), where the backend
    // has a faster way for many steps than one launch each.
    // CacheCopy: the copy floor on KernelTable::roofs.cacheGrid (it uploads
    // a field of its own, so it comes after every row on params' field);
    // Arithmetic: Backend::arithmeticBurst().
    enum class Kind { SystemCopy, Kernel, KernelMany, HostCopy, CacheCopy, Arithmetic };
    Kind kind = Kind::Kernel;
    Kernel kernel = Kernel::Copy;              // Kind::Kernel's
    HostMemory memory = HostMemory::Pageable;  // Kind::HostCopy's
    std::string name;
};

// The rows in the order they are timed and printed: the ceiling, every
// kernel of the backend (the copy floor first), the floor and the optimised
// and temporal kernels submitted many steps at a time (where the backend has
// a way), pageable and pinned copies, then the roofline's cache roof (where
// the cache's size is known) and compute roof. The temporal kernel runs
// backend.timeBlockFor(grid) steps a pass, so set its time block first.
std::vector<KernelTableRow> kernelTableRows(const Backend& backend, const Params& params);

// What table 1 calls its compute roof's row.
constexpr const char* kArithmeticRowName = "the stencil's arithmetic, no memory (compute roof)";

// The grid the cache roof is measured on: a square whose two buffers fill
// no more than half of `cacheBytes` (the rest is the cache's own business),
// a multiple of 32 a side; 0 x 0 for a cache of unknown size.
GridSize cacheRoofGrid(std::size_t cacheBytes);

// An empty table for the backend's device: its peaks and cache, no rows.
KernelTable emptyKernelTable(const Backend& backend);

// Times one row on the field uploaded last (params give the grid and r) and
// adds it to `table`, whose percentages of the copy floor and of the peak
// are then brought up to date, all of them: the ceiling is timed before the
// floor. The one place table 1's rows and percentages are computed.
void measureKernelTableRow(Backend& backend, const Params& params, const KernelTableRow& row,
                           const TimingSamples& sampling, KernelTable& table);

// Table 1's kernel rows ranked by time a step, fastest first (a tie keeps
// the order timed): how the panel lists them, so a class kernel stands
// where it ranks among heatlab's own, whatever the order they were timed in.
std::vector<KernelTiming> rankedByTime(std::vector<KernelTiming> kernels);

// The bench's table 1: every row in turn, each from a fresh upload of
// params' initial field, each figure the median of `repeats`.
KernelTable measureKernelTable(Backend& backend, const Params& params, int repeats);

// Runs `steps` steps under each policy and checks the final fields are
// bit-identical. Appends one CheckResult.
std::vector<PolicyRun> runCopyPolicies(Simulation& simulation, int steps, int copyEvery,
                                       std::vector<CheckResult>& checks);

}  // namespace heatlab
