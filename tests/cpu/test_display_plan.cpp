// What a frame's display buffer holds (kernels/display_layout.h), worked out
// from the view alone (app/picture/display_plan.h), no GL: the window of
// the cells in view holds the cell under every pixel centre and is at most
// (w + 4) x (h + 4); the loupe's holds its 21 cells across wherever it
// looks; a minified view asks for its image under either rule, a surface
// for its mesh's values; the buffer's size follows the view, whatever the
// grid; the host's copy of a window and the nearest rule's pixel; the
// largest picture of a grid past the PNG limit.

#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "app/picture/display_plan.h"
#include "app/picture/loupe_layout.h"
#include "app/picture/picture_size.h"
#include "kernels/base/errors.h"
#include "kernels/numerics/cell_window.h"
#include "kernels/numerics/view_image.h"

namespace heatlab {
namespace {

// The cell under pixel (x, y)'s centre, as the shader computes it.
glm::ivec2 cellUnder(const ViewTransform& view, int width, int height, int x, int y) {
    const glm::vec2 cell =
        glm::vec2(pixelToCell(view, width, height) *
                  glm::vec3(static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f, 1.0f));
    return glm::ivec2(glm::floor(cell));
}

bool holds(const CellWindow& w, glm::ivec2 cell) {
    return cell.x >= w.col && cell.y >= w.row && cell.x < w.col + w.width &&
           cell.y < w.row + w.height;
}

TEST(DisplayPlan, TheCellsInViewHoldEveryPixelsCellAndAreAViewsWorth) {
    std::mt19937 random(46);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    for (int trial = 0; trial < 300; ++trial) {
        const GridSize grid{3 + static_cast<int>(unit(random) * 5000),
                            3 + static_cast<int>(unit(random) * 5000)};
        const int width = 1 + static_cast<int>(unit(random) * 700);
        const int height = 1 + static_cast<int>(unit(random) * 500);
        ViewTransform view;
        view.cellsPerPixel = 0.01f + unit(random) * 0.99f;
        view.centre = glm::vec2(unit(random) * 1.2f * static_cast<float>(grid.nx) - 100.0f,
                                unit(random) * 1.2f * static_cast<float>(grid.ny) - 100.0f);
        const CellWindow w = cellsInView(view, width, height, grid);
        EXPECT_LE(static_cast<long long>(w.width), width + kViewWindowMargin);
        EXPECT_LE(static_cast<long long>(w.height), height + kViewWindowMargin);
        EXPECT_TRUE((CellWindow{0, 0, grid.nx, grid.ny}).contains(w));
        for (int y = 0; y < height; y += std::max(1, height / 37)) {
            for (int x = 0; x < width; x += std::max(1, width / 41)) {
                const glm::ivec2 cell = cellUnder(view, width, height, x, y);
                const bool onGrid =
                    cell.x >= 0 && cell.y >= 0 && cell.x < grid.nx && cell.y < grid.ny;
                if (onGrid && !holds(w, cell)) {
                    FAIL() << "pixel (" << x << ", " << y << ") of " << width << " x " << height
                           << " at " << view.cellsPerPixel << " cells a pixel: cell (" << cell.x
                           << ", " << cell.y << ") is off the window";
                }
            }
        }
    }
}

TEST(DisplayPlan, TheLoupesWindowHoldsItsCellsWhereverItLooks) {
    const GridSize grid{300, 200};
    for (const glm::vec2 centre : {glm::vec2(150.5f, 100.5f), glm::vec2(150.0f, 100.0f),
                                   glm::vec2(0.5f, 0.5f), glm::vec2(299.5f, 3.5f)}) {
        const CellWindow w = loupeWindow(centre, grid);
        EXPECT_LE(w.cells(), DisplayLayout::loupeRoom());
        // The loupe's kLoupeCellsAcross cells around its centre, where on
        // the grid, the partial ones at its edges included.
        const float half = 0.5f * static_cast<float>(kLoupeCellsAcross);
        for (float dy = -half; dy <= half; dy += 0.5f) {
            for (float dx = -half; dx <= half; dx += 0.5f) {
                const glm::ivec2 cell(glm::floor(centre + glm::vec2(dx, dy)));
                if (cell.x >= 0 && cell.y >= 0 && cell.x < grid.nx && cell.y < grid.ny) {
                    EXPECT_TRUE(holds(w, cell)) << centre.x << ", " << centre.y;
                }
            }
        }
    }
}

TEST(DisplayPlan, EachViewAsksForItsCellsOrItsImageAndTheLoupes) {
    const GridSize grid{4000, 3000};
    const DisplayLayout layout{320, 200};
    const auto plan = [&](const ViewTransform& view, Sampling sampling,
                          const std::optional<SurfaceMesh>& mesh,
                          const std::optional<glm::vec2>& loupe) {
        return displayContentsOf(grid, layout, view, 320, 200, sampling, mesh, loupe);
    };
    const ViewTransform fitted = fitView(grid.nx, grid.ny, 320, 200);
    DisplayContents minified = plan(fitted, Sampling::Extremes, std::nullopt, std::nullopt);
    ASSERT_TRUE(minified.image);
    EXPECT_TRUE(minified.cells.empty());
    EXPECT_FALSE(minified.image->nearest);
    EXPECT_EQ(minified.image->pixels(), 320u * 200u);
    EXPECT_TRUE(minified.loupe.empty());
    EXPECT_TRUE(plan(fitted, Sampling::Nearest, std::nullopt, std::nullopt).image->nearest);

    const ViewTransform close{{1000.0f, 900.0f}, 0.5f};
    const DisplayContents magnified =
        plan(close, Sampling::Extremes, std::nullopt, glm::vec2(10.5f, 10.5f));
    EXPECT_FALSE(magnified.image);
    EXPECT_EQ(magnified.cells, cellsInView(close, 320, 200, grid));
    EXPECT_EQ(magnified.loupe, loupeWindow(glm::vec2(10.5f, 10.5f), grid));

    const SurfaceMesh ofImage = surfaceMesh(fitted, 320, 200, grid);
    ASSERT_FALSE(ofImage.fromField);
    EXPECT_TRUE(*plan(fitted, Sampling::Extremes, ofImage, std::nullopt).image == ofImage.image);
    const ViewTransform closer{{1000.0f, 900.0f}, 0.2f};
    const SurfaceMesh ofCells = surfaceMesh(closer, 320, 200, grid);
    ASSERT_TRUE(ofCells.fromField);
    EXPECT_EQ(plan(closer, Sampling::Extremes, ofCells, std::nullopt).cells,
              (CellWindow{ofCells.firstCol, ofCells.firstRow, ofCells.cols, ofCells.rows}));

    // A buffer made for a smaller view has no room for this one's.
    EXPECT_THROW(displayContentsOf(grid, DisplayLayout{100, 100}, fitted, 320, 200,
                                   Sampling::Extremes, std::nullopt, std::nullopt),
                 RuntimeError);
}

TEST(DisplayPlan, TheBuffersSizeFollowsTheViewNeverTheGrid) {
    const DisplayLayout view{1920, 1080};
    EXPECT_EQ(view.viewOffset() % kDisplayAlignFloats, 0u);
    EXPECT_EQ(view.loupeOffset() % kDisplayAlignFloats, 0u);
    EXPECT_GE(view.loupeOffset(), view.viewOffset() + view.viewRoom());
    EXPECT_EQ(view.floats(), view.loupeOffset() + 625u);
    EXPECT_LT(view.bytes(), std::size_t{9} << 20) << "for any grid, 65536 x 65536 too";
    for (const GridSize grid : {GridSize{64, 64}, GridSize{65536, 65536}}) {
        const DisplayContents c =
            displayContentsOf(grid, view, fitView(grid.nx, grid.ny, 1920, 1080), 1920, 1080,
                              Sampling::Extremes, std::nullopt, glm::vec2(30.5f, 30.5f));
        EXPECT_NO_THROW(checkDisplayContents(c, grid)) << gridText(grid);
    }
}

TEST(CellWindows, AreClippedToTheGridAndCopiedRowByRow) {
    const GridSize grid{7, 5};
    EXPECT_EQ(windowOnGrid(-3, -2, 4, 3, grid), (CellWindow{0, 0, 4, 3}));
    EXPECT_EQ(windowOnGrid(5, 4, 12, 9, grid), (CellWindow{5, 4, 2, 1}));
    EXPECT_TRUE(windowOnGrid(8, 0, 12, 3, grid).empty());
    std::vector<float> field(grid.cells());
    for (std::size_t i = 0; i < field.size(); ++i) {
        field[i] = static_cast<float>(i);
    }
    std::vector<float> out(6);
    copyWindowOf(field.data(), grid, CellWindow{4, 2, 3, 2}, out.data());
    EXPECT_EQ(out, (std::vector<float>{18, 19, 20, 25, 26, 27}));
}

TEST(CellWindows, TheNearestRulesPixelIsTheCellUnderItsCentre) {
    const GridSize grid{9, 6};
    std::vector<float> field(grid.cells());
    for (std::size_t i = 0; i < field.size(); ++i) {
        field[i] = static_cast<float>(i);
    }
    ViewSampling view;
    view.cellsPerPixel = 3.0f;
    view.width = 3;
    view.height = 2;
    view.nearest = true;
    // Pixel (1, 1)'s centre is cell (4.5, 4.5).
    EXPECT_EQ(viewPixel(field.data(), grid.nx, grid.ny, view, 1, 1), 4.0f * 9.0f + 4.0f);
    view.nearest = false;
    EXPECT_EQ(viewPixel(field.data(), grid.nx, grid.ny, view, 1, 1), 5.0f * 9.0f + 5.0f)
        << "the extremes rule: the max of cells 3..5 each way where px + py is even";
}

TEST(PictureSize, APictureOfAGridPastTheLimitIsTheLargestUnderIt) {
    EXPECT_EQ(fieldPictureCellsPerPixel({16384, 16384}), 1);
    EXPECT_EQ(fieldPictureCellsPerPixel({16385, 16384}), 2);
    EXPECT_EQ(fieldPictureCellsPerPixel({32768, 32768}), 2);
    EXPECT_EQ(fieldPictureCellsPerPixel({65536, 65536}), 4);
    EXPECT_EQ(fieldPictureCellsPerPixel({65536, 32768}), 3);
}

}  // namespace
}  // namespace heatlab
