// The class's own kernels in the bandwidth table and the roofline
// (app/measure/): a checked class kernel has a row of its own, labelled
// with its file's name, timed beside heatlab's and ranked with them by time
// a step; its roofline point is placed by the stencil's own flops and
// bytes, as heatlab's single-step kernels are, and the running point is
// labelled with the file's name too. A class kernel with no version
// checked (refused, here the shipped halo bug) has no row: it cannot step.

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "app/kernel_files/class_kernels.h"
#include "app/measure/bench_measure.h"
#include "app/measure/roofline.h"
#include "kernels/cpu/cpu_backend.h"
#include "kernels/simulation.h"
#include "tests/support/row_kernel_text.h"
#include "tests/support/scoped_env.h"

namespace heatlab {
namespace {

namespace fs = std::filesystem;

TEST(ClassKernelRows, AClassKernelIsTimedRankedAndPlacedByItsFilesName) {
    const fs::path folder = fs::path(::testing::TempDir()) / "class-kernel-rows";
    fs::remove_all(folder);
    fs::create_directories(folder / "tmp");
    std::ofstream(folder / "ranked.cpp") << rowKernelText();
    const ScopedEnv tmp("TMPDIR", (folder / "tmp").string());
    {
        const ClassKernelSession session;
        addClassKernels({(folder / "ranked.cpp").string()});
        Params params;
        params.grid = GridSize{65, 49};
        ASSERT_EQ(startClassKernels(params.grid).size(), 1u);
        const Kernel ranked = classKernelStatuses().back().kernel;
        const Kernel bug = addNamedKernelFile(namedKernelFile("halo_bug", std::nullopt));
        loadClassKernels();
        ASSERT_EQ(classKernelStatuses().back().state, KernelFileState::Failed);
        EXPECT_EQ(classKernelFileName(ranked), "ranked.cpp");
        EXPECT_EQ(classKernelFileName(Kernel::Global), "");

        CpuBackend backend;
        for (const KernelTableRow& row : kernelTableRows(backend, params)) {
            EXPECT_FALSE(row.kind == KernelTableRow::Kind::Kernel && row.kernel == bug)
                << "a refused class kernel has no row";
        }
        const KernelTable table = measureKernelTable(backend, params, 1);
        const auto row = std::find_if(table.kernels.begin(), table.kernels.end(),
                                      [&](const KernelTiming& k) { return k.kernel == ranked; });
        ASSERT_NE(row, table.kernels.end());
        EXPECT_EQ(row->name, "ranked.cpp");
        EXPECT_GT(row->msPerStep, 0.0);
        EXPECT_GT(row->gbPerS, 0.0);

        // Ranked by time a step, whatever the order they were timed in.
        const std::vector<KernelTiming> byTime = rankedByTime(table.kernels);
        ASSERT_EQ(byTime.size(), table.kernels.size());
        for (std::size_t i = 1; i < byTime.size(); ++i) {
            EXPECT_LE(byTime[i - 1].msPerStep, byTime[i].msPerStep) << byTime[i].name;
        }

        // Its point as global's, a single step of the same stencil.
        const Roofline roofline = rooflineOf(table, "grid 65x49");
        const auto pointOf = [&](const std::string& label) {
            return std::find_if(roofline.points.begin(), roofline.points.end(),
                                [&](const RooflinePoint& p) { return p.label == label; });
        };
        ASSERT_NE(pointOf("ranked.cpp"), roofline.points.end());
        ASSERT_NE(pointOf("global"), roofline.points.end());
        EXPECT_DOUBLE_EQ(pointOf("ranked.cpp")->flopsPerByte, pointOf("global")->flopsPerByte);
        EXPECT_GT(pointOf("ranked.cpp")->gflopPerS, 0.0);

        params.kernel = ranked;
        Simulation simulation(std::make_unique<CpuBackend>(), params);
        simulation.advance(1);
        EXPECT_EQ(runningKernelOf(simulation, 100.0, 0.0).label, "ranked.cpp");
    }
    EXPECT_TRUE(fs::is_empty(folder / "tmp"));
    fs::remove_all(folder);
}

}  // namespace
}  // namespace heatlab
