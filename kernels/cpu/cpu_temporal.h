#pragma once
// The CPU's temporal kernel: several steps per pass over memory, in tiles
// that each stream down their rows through the row loops of cpu_rows.h, the
// ones the single steps of cpu_kernels.h run.

#include "kernels/numerics/params.h"

namespace heatlab::cpu {

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
