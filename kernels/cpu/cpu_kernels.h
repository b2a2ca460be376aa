#pragma once
// The CPU stencil loops, one function per kernel of the product that has a CPU
// meaning. Each updates the interior only; the caller owns the ring.

#include "kernels/numerics/params.h"

namespace heatlab::cpu {

// One read and one write per cell: the floor the stencils are measured by.
void copyField(const float* in, float* out, const GridSize& grid);

// The plain version: flat indices into the whole array, one cell at a time.
void stepGlobal(const float* in, float* out, const GridSize& grid, float r);

// Laplacian into `laplacian`, then integrate into `out`, then copy `out`
// back into `in`'s role: three passes over memory, as the textbook
// three-kernel version does.
void stepThreePass(float* field, float* laplacian, float* scratch, const GridSize& grid, float r);

// Row pointers the compiler may assume do not alias, an explicit SIMD inner
// loop, and an AVX2 version picked at load time where the CPU has it.
void stepOptimised(const float* in, float* out, const GridSize& grid, float r);

}  // namespace heatlab::cpu
