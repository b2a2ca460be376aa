#include "app/measure/bench_plan.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "kernels/base/words.h"

namespace heatlab {

namespace {

// Host bytes a cell each phase holds at once (bench_command.cpp's order).
// The checks: the initial field and the kernel's (float), the reference's
// two buffers (double); the fast paths' three floats are fewer.
constexpr std::size_t kChecksBytesPerCell = 2 * sizeof(float) + 2 * sizeof(double);
// Table 1: the initial field every row starts from, and one host copy.
constexpr std::size_t kTableOneBytesPerCell = 2 * sizeof(float);
// Table 2: the policy's buffer, the field read back after each policy, and
// the never-copying policy's, kept to compare.
constexpr std::size_t kTableTwoBytesPerCell = 3 * sizeof(float);
// Table 3: the simulation's field read back, the initial field, a second
// run's start (seeded, or the ring alone), and a host copy of a run.
constexpr std::size_t kStabilityBytesPerCell = 4 * sizeof(float);

}  // namespace

GridSize checkedGrid(const GridSize& bench) {
    GridSize grid = bench;
    while (grid.cells() > kCheckedCellsMost) {
        int& longer = grid.nx >= grid.ny ? grid.nx : grid.ny;
        longer = std::max(kMinGridSide, longer / 2);
    }
    return grid;
}

MemoryPlan benchMemoryPlan(const Backend& backend, const GridSize& grid, bool timingOnly) {
    MemoryPlan plan = memoryPlan(backend, grid, MemoryUse{});
    std::vector<std::pair<std::string, std::size_t>> phases{
        {trNoop("table 1's field and host copy"), kTableOneBytesPerCell * grid.cells()},
        {trNoop("table 2's host copies"), kTableTwoBytesPerCell * grid.cells()}};
    if (!timingOnly) {
        phases.emplace_back(trNoop("the checks against the double reference"),
                            kChecksBytesPerCell * checkedGrid(grid).cells());
        phases.emplace_back(trNoop("the stability runs' host copies"),
                            kStabilityBytesPerCell * grid.cells());
    }
    const auto largest =
        std::max_element(phases.begin(), phases.end(),
                         [](const auto& a, const auto& b) { return a.second < b.second; });
    plan.add(largest->first, MemoryPlace::Host, largest->second);
    return plan;
}

MemoryPlan kernelTablePlan(const Backend& backend, const GridSize& grid) {
    MemoryPlan plan = memoryPlan(backend, grid, MemoryUse{});
    plan.add(trNoop("the table's host copy"), MemoryPlace::Host, grid.bytes());
    return plan;
}

}  // namespace heatlab
