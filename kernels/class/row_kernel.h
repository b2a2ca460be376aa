#pragma once
// A C++ class kernel as heatlab calls it (the contract: heatlab_kernel.h):
// the entry point over a range of interior rows, and whether its rows may
// be split over threads. How one step of it runs over a grid, with the
// ring set afterwards as heatlab's own kernels set it, is the same in the
// check and in the lecture's steps.

#include "kernels/numerics/params.h"

namespace heatlab {

// extern "C" void step(const float* in, float* out, int width, int height,
//                      float r, int rowBegin, int rowEnd)
using RowKernelEntry = void (*)(const float*, float*, int, int, float, int, int);

struct RowKernel {
    RowKernelEntry entry = nullptr;
    bool splitRows = false;  // HEATLAB_SPLIT_ROWS; else HEATLAB_WHOLE_GRID
};

// The most cells a class kernel steps: its indices are ints.
constexpr long long kClassKernelMaxCells = 1LL << 31;

// One call of the kernel over the whole interior, or, for a kernel that
// splits its rows, one call a range of `rowsPerCall` rows (0: one range a
// thread, the threads at once). Writes only what the kernel writes: the
// caller sets the ring.
void callRowKernel(const RowKernel& kernel, const float* in, float* out, const GridSize& grid,
                   float r, int rowsPerCall);

}  // namespace heatlab
