#pragma once
// The timed parts of the bench. Every figure is a median of repeats after a
// warm-up, timed with the backend's own stopwatch (device events on the GPU),
// on a real field, never on zeros.

#include <vector>

#include "app/commands/bench_report.h"
#include "kernels/backend.h"
#include "kernels/numerics/params.h"
#include "kernels/simulation.h"

namespace heatlab {

// Milliseconds per step of one kernel on params' grid and field.
double timeKernel(Backend& backend, const Params& params, Kernel kernel, int repeats);
// Milliseconds for the platform's own device copy of the grid.
double timeSystemCopy(Backend& backend, const Params& params, int repeats);
// Milliseconds for one copy of the newest field into host memory.
double timeHostCopy(Backend& backend, const Params& params, HostMemory memory, int repeats);

// Grid bytes read and written per step over time, in GB/s.
double bandwidthGBs(const GridSize& grid, double msPerStep);

// Table 1 on params' grid and field: the platform's own copy (the ceiling),
// every kernel of the backend (the copy floor first), each as a percentage
// of the floor's GB/s and of the device's peak, and one host copy per kind
// of host memory.
struct KernelTable {
    KernelTiming systemCopy;
    std::vector<KernelTiming> kernels;
    std::vector<HostCopyTiming> hostCopies;
};
KernelTable measureKernelTable(Backend& backend, const Params& params, int repeats);

// Runs `steps` steps under each policy and checks the final fields are
// bit-identical. Appends one CheckResult.
std::vector<PolicyRun> runCopyPolicies(Simulation& simulation, int steps, int copyEvery,
                                       std::vector<CheckResult>& checks);

}  // namespace heatlab
