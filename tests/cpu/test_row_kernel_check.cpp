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

namespace {

// The slides' tile without its halo, as a student's first try: 16 x 16
// tiles of each call's rows, the cells across a tile's edge read as 0.
void tileWithoutHalo(const float* in, float* out, int width, int /*height*/, float r, int rowBegin,
                     int rowEnd) {
    constexpr int kTile = 16;
    for (int y0 = rowBegin; y0 < rowEnd; y0 += kTile) {
        for (int x0 = 1; x0 < width - 1; x0 += kTile) {
            float tile[kTile + 2][kTile + 2] = {};
            const int rows = rowEnd - y0 < kTile ? rowEnd - y0 : kTile;
            const int cols = width - 1 - x0 < kTile ? width - 1 - x0 : kTile;
            for (int ty = 0; ty < rows; ++ty) {
                for (int tx = 0; tx < cols; ++tx) {
                    tile[ty + 1][tx + 1] = in[(y0 + ty) * width + x0 + tx];
                }
            }
            for (int ty = 1; ty <= rows; ++ty) {
                for (int tx = 1; tx <= cols; ++tx) {
                    const float c = tile[ty][tx];
                    out[(y0 + ty - 1) * width + x0 + tx - 1] =
                        c + r * (tile[ty][tx - 1] + tile[ty][tx + 1] + tile[ty - 1][tx] +
                                 tile[ty + 1][tx] - 4 * c);
                }
            }
        }
    }
}

bool pixel(const WrongReport& report, int x, int y) {
    return report.pixels[static_cast<std::size_t>(y) * report.width + x] != 0;
}

}  // namespace

// The report the panel shows: the case and cell first wrong, the largest
// error, and a picture in which a tile's edges are lines. The halo bug is
// first wrong on 3x3 (its one cell's neighbours read as 0), too small a
// grid to show a tile: its picture is of 129x65, where the tiles' columns
// are 16 wide (their edges at columns 16 and 17, 32 and 33, ...) and their
// rows 7 high (the check calls a kernel 7 rows at a time).
TEST(RowKernelCheck, AWrongKernelsReportShowsItsTileEdgesAsLines) {
    WrongReport report;
    const std::string problem =
        checkRowKernel(RowKernel{tileWithoutHalo, true}, {3, 3}, {}, &report);
    ASSERT_NE(problem, "");
    EXPECT_EQ(report.grid.nx, 3);
    EXPECT_EQ(report.boundary, Boundary::Dirichlet);
    EXPECT_FLOAT_EQ(report.r, 0.2f);
    EXPECT_EQ(report.step, 1);
    EXPECT_EQ(report.row, 1);
    EXPECT_EQ(report.col, 1);
    EXPECT_GT(report.maxError, 1e-4);
    ASSERT_EQ(report.pictureGrid.nx, 129);
    ASSERT_EQ(report.width, 129);  // a cell a pixel
    ASSERT_EQ(report.height, 65);
    // Columns 16 and 17 wrong in every interior row; column 8, a tile's
    // middle, only in the rows at a call's edge (2 in 7).
    int edge = 0;
    int middle = 0;
    for (int y = 1; y < 64; ++y) {
        edge += pixel(report, 16, y) && pixel(report, 17, y) ? 1 : 0;
        middle += pixel(report, 8, y) ? 1 : 0;
    }
    EXPECT_EQ(edge, 63);
    EXPECT_LT(middle, 63 / 2);
    EXPECT_GT(middle, 0);
    // The ring is never wrong: heatlab sets it.
    EXPECT_FALSE(pixel(report, 0, 30));

    // Through text and back, as the kernel's process sends it.
    const std::optional<WrongReport> read = parseWrongReport(wrongReportText(report));
    ASSERT_TRUE(read);
    EXPECT_EQ(read->pixels, report.pixels);
    EXPECT_EQ(read->col, report.col);
    EXPECT_EQ(read->boundary, report.boundary);
    EXPECT_NEAR(read->maxError, report.maxError, 1e-6 * report.maxError);
    EXPECT_FALSE(parseWrongReport("wrong 3 3"));
}

TEST(RowKernelCheck, ALargeGridsPictureIsABlockOfCellsAPixel) {
    // Wrong down each 16th column of 1000 x 999: 7 cells a pixel, 143 x 143.
    WrongReport report;
    ASSERT_NE(checkRowKernel(RowKernel{wrongAtTileEdges, true}, {1000, 999}, {}, &report), "");
    EXPECT_EQ(report.pictureGrid.nx, 1000);
    EXPECT_EQ(report.cellsAPixel, 7);
    EXPECT_EQ(report.width, 143);
    EXPECT_EQ(report.height, 143);
    EXPECT_TRUE(pixel(report, 16 / 7, 50));   // cells 14 to 20
    EXPECT_FALSE(pixel(report, 8 / 7, 50));   // cells 7 to 13
    EXPECT_FALSE(pixel(report, 21 / 7, 50));  // cells 21 to 27
}
