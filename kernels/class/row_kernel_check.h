#pragma once
// The check a C++ class kernel passes before it first touches the
// lecture's field, in the process that runs it: against the double
// reference on grids no tile divides, under every boundary, from a random
// field, at an r below the bound and one past it, after an odd and an
// even number of steps (3 and 4; and after 1, where a mistake has not yet
// spread). Besides the values, what heatlab's own kernels
// never do: write `in`, write the ring, leave an interior cell unwritten,
// stray outside the fields (guarded_fields.h).

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "kernels/class/row_kernel.h"
#include "kernels/class/wrong_report.h"
#include "kernels/numerics/params.h"

namespace heatlab {

// The largest lecture grid checked against the reference (2048 x 2048):
// beyond it the reference's time would be the lecture's wait.
constexpr long long kCheckedGridMaxCells = 2048LL * 2048LL;

// The grids every class kernel is checked on, then `lecture` where it is
// one more of at most kCheckedGridMaxCells.
std::vector<GridSize> classKernelCheckGrids(const std::optional<GridSize>& lecture);

// Whether `grid` is one the check takes (small enough to check).
bool checkableGrid(const GridSize& grid);

class GuardedFields;

// Empty when the kernel is right on `grid` under every boundary, both r
// and both step counts; else one line: where it is first wrong (grid,
// boundary, r, steps, the cell) and by how much. `placed` is told of the
// check's fields while the kernel runs on them (and of nullptr after), so
// a fault can be placed against them.
// Where the kernel was wrong in its values, `wrong` (where given) gets the
// report the panel shows (wrong_report.h).
std::string checkRowKernel(const RowKernel& kernel, const GridSize& grid,
                           const std::function<void(const GuardedFields*)>& placed = {},
                           WrongReport* wrong = nullptr);

// One step of a kernel under check from `in` into `out` (host memory the
// check lays out and inspects after): empty, or one line on what the
// kernel did that the check cannot see there (a device kernel's stray
// write beside its own copies of the fields).
using CheckedStep =
    std::function<std::string(const float* in, float* out, const GridSize& grid, float r)>;

// checkRowKernel() for any kernel that steps host fields so: a CUDA
// kernel's process copies them to the device and back.
std::string checkKernelSteps(const CheckedStep& step, const GridSize& grid,
                             const std::function<void(const GuardedFields*)>& placed = {},
                             WrongReport* wrong = nullptr);

// The grid a wrong kernel's picture is made on where the grid it failed on
// is smaller: wide and tall enough for a 16 x 16 tile's edges to show as
// lines (wrong_report.h).
constexpr GridSize kWrongPictureGrid{129, 65};

}  // namespace heatlab
