// The check a C++ class kernel passes before it runs
// (kernels/class/row_kernel_check.h), on kernels compiled into this test:
// a right one passes, split or whole, on every grid of the check; each
// mistake the check is there for is refused in one line that names the
// grid, the boundary, r, the step and the cell.

#include <string>

#include <gtest/gtest.h>

#include "kernels/class/row_kernel.h"
#include "kernels/class/row_kernel_check.h"

using namespace heatlab;

namespace {

void rightRows(const float* in, float* out, int width, int /*height*/, float r, int rowBegin,
               int rowEnd) {
    for (int y = rowBegin; y < rowEnd; ++y) {
        for (int x = 1; x < width - 1; ++x) {
            const int c = y * width + x;
            out[c] =
                in[c] + r * (in[c - 1] + in[c + 1] + in[c - width] + in[c + width] - 4 * in[c]);
        }
    }
}

void ignoresR(const float* in, float* out, int width, int height, float, int rowBegin, int rowEnd) {
    rightRows(in, out, width, height, 0.24f, rowBegin, rowEnd);
}

void writesRing(const float* in, float* out, int width, int height, float r, int rowBegin,
                int rowEnd) {
    rightRows(in, out, width, height, r, rowBegin, rowEnd);
    out[rowBegin * width] = 0.0f;  // column 0 of its first row
}

void writesIn(const float* in, float* out, int width, int height, float r, int rowBegin,
              int rowEnd) {
    rightRows(in, out, width, height, r, rowBegin, rowEnd);
    const_cast<float*>(in)[width + 1] = 0.0f;
}

void skipsLastColumn(const float* in, float* out, int width, int /*height*/, float r, int rowBegin,
                     int rowEnd) {
    for (int y = rowBegin; y < rowEnd; ++y) {
        for (int x = 1; x < width - 2; ++x) {  // one column short
            const int c = y * width + x;
            out[c] =
                in[c] + r * (in[c - 1] + in[c + 1] + in[c - width] + in[c + width] - 4 * in[c]);
        }
    }
}

// Right but down each 16th column, which it copies.
void wrongAtTileEdges(const float* in, float* out, int width, int height, float r, int rowBegin,
                      int rowEnd) {
    rightRows(in, out, width, height, r, rowBegin, rowEnd);
    for (int y = rowBegin; y < rowEnd; ++y) {
        for (int x = 16; x < width - 1; x += 16) {
            out[y * width + x] = in[y * width + x];
        }
    }
}

// Steps in place: reads what it has just written.
void inPlace(const float* in, float* out, int width, int height, float r, int rowBegin,
             int rowEnd) {
    rightRows(in, out, width, height, r, rowBegin, rowEnd);
    rightRows(out, out, width, height, r, rowBegin, rowEnd);
}

std::string check(RowKernelEntry entry, const GridSize& grid, bool split = true) {
    return checkRowKernel(RowKernel{entry, split}, grid);
}

}  // namespace

TEST(RowKernelCheck, ARightKernelPassesOnEveryGridOfTheCheckSplitOrWhole) {
    const std::vector<GridSize> grids = classKernelCheckGrids(GridSize{64, 48});
    ASSERT_EQ(grids.size(), 6u);
    for (const GridSize& grid : grids) {
        EXPECT_EQ(check(rightRows, grid), "") << gridText(grid);
    }
    EXPECT_EQ(check(rightRows, {129, 65}, false), "");
}

TEST(RowKernelCheck, TheLecturesGridIsCheckedUpTo2048Squared) {
    EXPECT_EQ(classKernelCheckGrids(std::nullopt).size(), 5u);
    EXPECT_EQ(classKernelCheckGrids(GridSize{129, 65}).size(), 5u);  // one of the five
    EXPECT_EQ(classKernelCheckGrids(GridSize{2048, 2048}).size(), 6u);
    EXPECT_EQ(classKernelCheckGrids(GridSize{2049, 2048}).size(), 5u);
}

TEST(RowKernelCheck, EachMistakeIsOneLineNamingWhereItIsFirstSeen) {
    const std::pair<RowKernelEntry, std::string> mistakes[] = {
        {ignoresR, "r = 0.2, step 1: cell (row 1, col 1) is"},
        {writesRing, "dirichlet, r = 0.2, step 1: wrote the ring at cell (row 1, col 0)"},
        {writesIn, "step 1: wrote `in` at cell (row 1, col 1)"},
        {skipsLastColumn, "step 1: cell (row 1, col 15) holds what `out` held before the step"},
        {inPlace, "step 1: cell (row 1, col 1) holds what `out` held"},
    };
    for (const auto& [entry, says] : mistakes) {
        const std::string problem = check(entry, {17, 9});
        EXPECT_NE(problem.find("17x9, "), std::string::npos) << problem;
        EXPECT_NE(problem.find(says), std::string::npos) << problem << "\nnot: " << says;
        EXPECT_EQ(problem.find('\n'), std::string::npos) << problem;
    }
}

TEST(RowKernelCheck, AMistakeAtTileEdgesIsFoundAtTheEdge) {
    EXPECT_EQ(check(wrongAtTileEdges, {17, 9}), "");  // no 16th interior column
    const std::string problem = check(wrongAtTileEdges, {129, 65});
    EXPECT_NE(problem.find("129x65, dirichlet, r = 0.2, step 1: cell (row 1, col 16)"),
              std::string::npos)
        << problem;
}
