#pragma once
// How each kernel runs on the CPU: a table of launchers, one a kernel the
// CPU backend has, in table order. CpuBackend::kernels() is this table's
// kernels and its step() runs the entry it finds here, so a kernel added to
// the table (here at build time, or by launcherTable().add() at run time)
// needs no change to the backend.

#include <functional>
#include <vector>

#include "kernels/launcher_table.h"
#include "kernels/numerics/params.h"

namespace heatlab::cpu {

// What a launcher is handed: the two ping-pong buffers, one grid of scratch,
// and the step's parameters.
struct StepBuffers {
    float* in;       // the newest field, ring included
    float* out;      // the other buffer
    float* scratch;  // grid.cells() floats of scratch, contents unspecified
    GridSize grid;
    Boundary boundary;
    float r;
};

// Which buffer holds the field a step made.
enum class NewField {
    Out,  // `out`: the backend swaps its buffers
    In,   // `in`, stepped in place (the three-pass kernel's update pass)
};

struct Launcher {
    Kernel kernel;
    // One step of every interior cell by heatUpdate(), and the ring of the
    // new field derived from it (fillGhostRing()); the copy floor moves the
    // whole field, ring and all.
    std::function<NewField(const StepBuffers&)> step;
    // For a kernel whose traits fuse steps: `levels` steps in one pass from
    // `in` into `out`, the same field as `levels` calls of step(), bit for
    // bit. Empty for every other kernel.
    std::function<void(const StepBuffers&, int levels)> pass;
};

// The table, the product's kernels first: copy, global, three-pass,
// optimised, temporal. No tiled kernel: the CPU's caches already do what a
// shared-memory tile does by hand on the GPU, so it would be the optimised
// loop renamed. A launcher is added (LauncherTable::add()), like
// registerKernel(), before any backend steps.
LauncherTable<Launcher>& launcherTable();

}  // namespace heatlab::cpu
