#pragma once
// Where a class kernel was found wrong, as the panel and a slide show it:
// the case that first failed (grid, boundary, r, step), its first wrong
// cell and largest error, and a small picture of every cell that differs
// from the reference (a block of cells a pixel, set where any cell of it
// is wrong): the classic halo bug shows as a grid of lines, one a tile
// edge. Made by the check (row_kernel_check.h) in the kernel's process,
// sent to the lecture as text (wrongReportText()).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kernels/numerics/params.h"

namespace heatlab {

// The picture's longest side in pixels: a larger grid is shown a block of
// cells a pixel.
constexpr int kWrongPictureMaxSide = 160;

struct WrongReport {
    GridSize grid{0, 0};  // the case where it was first wrong
    Boundary boundary = Boundary::Dirichlet;
    float r = 0.0f;
    int step = 0;
    int row = 0;  // its first wrong cell
    int col = 0;
    double maxError =
        0.0;  // the largest error there, relative to its scale (reference_comparison.h)
    // The picture: of `grid`, or, where that is too small to show a tile's
    // edges, of the same case on a larger grid.
    GridSize pictureGrid{0, 0};
    int cellsAPixel = 1;
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> pixels;  // row-major, 1 where a cell differs

    bool anyWrong() const;
};

// The picture of `wrong` (one byte a cell of `grid`, 1 where it differs),
// a block of cells a pixel, at most kWrongPictureMaxSide a side, into
// `report`.
void drawWrongCells(const std::vector<std::uint8_t>& wrong, const GridSize& grid,
                    WrongReport& report);

// The report as lines of text and back (the kernel's process sends it to
// the lecture). Parsing text that is not one gives nothing.
std::string wrongReportText(const WrongReport& report);
std::optional<WrongReport> parseWrongReport(const std::string& text);

}  // namespace heatlab
