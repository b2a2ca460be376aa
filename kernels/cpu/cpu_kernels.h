#pragma once
// The CPU's single steps, one function per kernel of the product that has a
// CPU meaning. Each updates the interior only; the caller owns the ring. The
// temporal kernel's passes are in cpu_temporal.h, the row loops both share in
// cpu_rows.h.

#include <cstddef>

#include "kernels/numerics/params.h"

namespace heatlab::cpu {

// The largest data cache of the CPU (its level: 3 for an L3), as Linux
// reports it; 32 MiB of L3 where it cannot be read.
struct LastLevelCache {
    std::size_t bytes;
    int level;
};
LastLevelCache lastLevelCache();

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

}  // namespace heatlab::cpu
