#pragma once
// What the bench takes, said before it takes it: the grid its kernels are
// checked on (checkedGrid), and its memory (benchMemoryPlan) and the
// bandwidth table's (kernelTablePlan), as memory_plan.h counts a command's.

#include <cstddef>

#include "kernels/backend.h"
#include "kernels/memory_plan.h"
#include "kernels/numerics/params.h"

namespace heatlab {

// The double-precision checks run on grids of at most this many cells
// (8192 x 8192): 24 bytes of host memory a cell (the reference's two
// doubles, the initial and the checked field) and a single-threaded pass of
// the reference a step.
constexpr std::size_t kCheckedCellsMost = std::size_t{8192} * 8192;

// The grid the kernels are checked on for a bench grid: the grid itself up
// to kCheckedCellsMost cells; past it, the grid halved along its longer
// side until it is no larger (8192 x 8192 for 32768 x 32768). Such a grid
// is far past any device's cache and the resident kernel's reach, so every
// kernel takes there the paths it takes on the bench grid.
GridSize checkedGrid(const GridSize& bench);

// The bench on `grid`: its backend's buffers, and in host memory the most
// one of its phases holds at once, named: the checks on checkedGrid(), or
// table 1's field and host copy, table 2's host copies, the stability runs'
// (the last two on the bench grid). `timingOnly`: without the checks and
// the stability runs.
MemoryPlan benchMemoryPlan(const Backend& backend, const GridSize& grid, bool timingOnly);

// The bandwidth table (table 1) on a backend of its own: its buffers, and
// a host copy of the field at a time.
MemoryPlan kernelTablePlan(const Backend& backend, const GridSize& grid);

}  // namespace heatlab
