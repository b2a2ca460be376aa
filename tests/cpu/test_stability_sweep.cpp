// The bench's stability runs and their verdicts (kernels/checks/
// stability_verdicts.h, what `heatlab bench` prints) on a sample of grids
// from 3 x 3 to 40 x 40, square and not, with every boundary, every initial
// field and r below, at, just past and far past 0.25: every verdict passes
// (a correct run never fails its own check) and the measured growth is the
// grid's own, within 1e-3, even over 4 steps.

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <omp.h>

#include "kernels/checks/stability_run.h"
#include "kernels/checks/stability_verdicts.h"
#include "kernels/cpu/cpu_backend.h"

using namespace heatlab;

namespace {

const std::vector<GridSize> kGrids{{3, 3},  {4, 4},   {5, 3},   {3, 7},   {6, 9},   {8, 8},
                                   {12, 9}, {16, 16}, {17, 12}, {25, 31}, {40, 23}, {40, 40}};
const std::vector<float> kRs{0.2f, 0.25f, 0.2501f, 0.26f, 0.3f, 0.5f, 1.0f};

std::string where(const Params& p, int steps) {
    return gridText(p.grid) + " " + name(p.boundary) + " " + name(p.initial) + " r " + rText(p.r) +
           ", " + std::to_string(steps) + " steps";
}

}  // namespace

TEST(StabilitySweep, EveryRunPassesItsChecksAndMeasuresTheGridsOwnGrowth) {
    // Grids this small gain nothing from a second thread, and on a shared
    // machine every step's barrier then waits for a core: one thread keeps
    // the 3000 runs to seconds (this test is a process of its own).
    omp_set_num_threads(1);
    CpuBackend backend;
    double worst = 0.0;
    std::string worstAt;
    for (const GridSize& grid : kGrids) {
        for (Boundary boundary : allBoundaries()) {
            for (InitialCondition initial : allInitialConditions()) {
                for (float r : kRs) {
                    for (int steps : {4, 8, 400}) {
                        Params p;
                        p.grid = grid;
                        p.boundary = boundary;
                        p.initial = initial;
                        p.r = r;
                        const StabilityResult run = runStability(backend, p, steps);
                        for (const StabilityVerdict& v : stabilityVerdicts(run)) {
                            EXPECT_TRUE(v.passed)
                                << where(p, steps) << ": " << v.name << ": " << v.detail;
                        }
                        const double off = std::fabs(run.measuredGrowth - run.predictedGrowth) /
                                           std::max(run.predictedGrowth, kGrowthResolution);
                        if (!(off <= worst)) {
                            worst = off;
                            worstAt = where(p, steps);
                        }
                    }
                }
            }
        }
    }
    EXPECT_LE(worst, kGrowthTolerance) << worstAt;
    std::printf("worst relative difference of measured and predicted growth: %.3g (%s)\n", worst,
                worstAt.c_str());
}
