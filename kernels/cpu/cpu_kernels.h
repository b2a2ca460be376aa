#pragma once
// The CPU stencil loops, one function per kernel of the product that has a CPU
// meaning. Each updates the interior only; the caller owns the ring.

#include "kernels/numerics/params.h"

namespace heatlab::cpu {

// One read and one write per cell: the floor the stencils are measured by.
// Fields larger than the last-level cache are copied with streaming stores,
// which skip reading the destination before writing it; smaller ones with
// cached stores. Either way the fastest copy this build has for that size.
void copyField(const float* in, float* out, const GridSize& grid);

// The plain version: flat indices into the whole array, one cell at a time.
void stepGlobal(const float* in, float* out, const GridSize& grid, float r);

// Laplacian into `laplacian`, then integrate into `out`, then copy `out`
// back into `in`'s role: three passes over memory, as the textbook
// three-kernel version does.
void stepThreePass(float* field, float* laplacian, float* scratch, const GridSize& grid, float r);

// Row pointers the compiler may assume do not alias, explicit SIMD inner
// loops, and AVX2 versions picked at load time where the CPU has them. Fields
// whose two buffers outgrow the last-level cache are written with streaming
// stores one row at a time, the row coming from memory prefetched ahead;
// smaller ones two rows at a time with cached stores. Every cell is
// heatUpdate's, bit for bit, on either path.
void stepOptimised(const float* in, float* out, const GridSize& grid, float r);

// `levels` steps (1 .. kTimeBlockMax) from `in` to `out` in one pass over
// memory, the ring of every step derived from its interior as fillGhostRing()
// derives it: the same field as `levels` calls of stepOptimised() and
// fillGhostRing(), bit for bit. The grid is cut into tiles (bands of columns,
// and strips of rows where there are fewer bands than threads), and each
// tile streams down its rows keeping the newest four rows of every step in
// cache, so the field is read and written once per `levels` steps. A
// Dirichlet ring is left as `out` holds it (both buffers hold the same one).
void stepTemporal(const float* in, float* out, const GridSize& grid, float r, Boundary boundary,
                  int levels);

}  // namespace heatlab::cpu
