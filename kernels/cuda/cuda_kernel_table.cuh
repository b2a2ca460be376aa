#pragma once
// How each kernel runs on CUDA: a table of launchers, one a kernel the CUDA
// backend has, in table order. CudaBackend::kernels() is this table's
// kernels; its step(), stepMany(), graphs and stepAndPresent() run the entry
// they find here, so a kernel added to the table (here at build time, or by
// launcherTable().add() at run time: a module compiled with NVRTC) needs no
// change to the backend. No device code here.

#include <functional>
#include <vector>

#include <cuda_runtime.h>

#include "kernels/launcher_table.h"
#include "kernels/numerics/params.h"

namespace heatlab::cuda {

// The two ping-pong buffers, by role.
enum class Buffer { In, Out };

// What a launcher is handed: device buffers (cuda_kernels.cuh's conventions
// hold), the step's parameters and the backend's compute stream.
struct StepBuffers {
    float* in;       // the newest field, ring included
    float* out;      // the other buffer
    float* scratch;  // nx * ny floats of scratch, contents unspecified
    int nx;
    int ny;
    float r;
    Boundary boundary;
    cudaStream_t stream;
    // Orders `stream` after any pinned copy still reading that buffer: call
    // it before queueing the first launch that writes the buffer.
    std::function<void(Buffer)> beforeWriting;
};

// Which buffer holds the field a step made.
enum class NewField {
    Out,  // `out`: the backend swaps its buffers
    In,   // `in`, stepped in place (the three-pass kernel's update pass)
};

struct Launcher {
    Kernel kernel;
    // Queues one step of every interior cell by heatUpdate() and the ring of
    // the new field (launchRingFill()); the copy floor moves the whole
    // field, ring and all.
    std::function<NewField(const StepBuffers&)> step;
    // For a kernel whose traits fuse steps: `levels` steps in one pass from
    // `in` into `out`, the same field as `levels` steps, bit for bit. Empty
    // for every other kernel.
    std::function<void(const StepBuffers&, int levels)> pass;
    // Where stepMany() may hold the grid on chip for all its steps (the
    // resident kernel, where residentFits()): `steps` steps from `in` into
    // `out` in one launch, bit for bit the same as step(); `exchange` holds
    // residentExchangeBytes(). Empty for a kernel that has no such form.
    std::function<void(const StepBuffers&, int steps, void* exchange)> onChip;
    // Its step waits on the host (a class kernel, stepped in a process of
    // its own): no CUDA graph may capture it, so stepMany() runs its steps
    // one by one.
    bool hostSteps = false;
};

// The table, the product's kernels first: copy, global, tiled, three-pass,
// optimised, temporal. A launcher is added (LauncherTable::add()), like
// registerKernel(), before any backend steps.
LauncherTable<Launcher>& launcherTable();

}  // namespace heatlab::cuda
