#include "kernels/class/wrong_report.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace heatlab {

namespace {

constexpr const char* kWrongWord = "wrong";
constexpr const char* kPictureWord = "picture";

}  // namespace

bool WrongReport::anyWrong() const {
    return std::any_of(pixels.begin(), pixels.end(), [](std::uint8_t p) { return p != 0; });
}

void drawWrongCells(const std::vector<std::uint8_t>& wrong, const GridSize& grid,
                    WrongReport& report) {
    const int side = std::max(grid.nx, grid.ny);
    const int block = (side + kWrongPictureMaxSide - 1) / kWrongPictureMaxSide;
    report.pictureGrid = grid;
    report.cellsAPixel = block;
    report.width = (grid.nx + block - 1) / block;
    report.height = (grid.ny + block - 1) / block;
    report.pixels.assign(static_cast<std::size_t>(report.width) * report.height, 0);
    for (int row = 0; row < grid.ny; ++row) {
        for (int col = 0; col < grid.nx; ++col) {
            if (wrong[static_cast<std::size_t>(row) * grid.nx + col] != 0) {
                report.pixels[static_cast<std::size_t>(row / block) * report.width + col / block] =
                    1;
            }
        }
    }
}

std::string wrongReportText(const WrongReport& report) {
    char line[256];
    std::snprintf(line, sizeof line, "%s %d %d %d %.9g %d %d %d %.9g\n", kWrongWord, report.grid.nx,
                  report.grid.ny, static_cast<int>(report.boundary), static_cast<double>(report.r),
                  report.step, report.row, report.col, report.maxError);
    std::string text = line;
    std::snprintf(line, sizeof line, "%s %d %d %d %d %d\n", kPictureWord, report.pictureGrid.nx,
                  report.pictureGrid.ny, report.cellsAPixel, report.width, report.height);
    text += line;
    for (int y = 0; y < report.height; ++y) {
        for (int x = 0; x < report.width; ++x) {
            text += report.pixels[static_cast<std::size_t>(y) * report.width + x] != 0 ? '#' : '.';
        }
        text += '\n';
    }
    return text;
}

std::optional<WrongReport> parseWrongReport(const std::string& text) {
    std::istringstream in(text);
    std::string word;
    WrongReport report;
    int boundary = 0;
    double r = 0.0;
    if (!(in >> word) || word != kWrongWord ||
        !(in >> report.grid.nx >> report.grid.ny >> boundary >> r >> report.step >> report.row >>
          report.col >> report.maxError) ||
        boundary < 0 || boundary > static_cast<int>(Boundary::Extrapolate)) {
        return std::nullopt;
    }
    report.boundary = static_cast<Boundary>(boundary);
    report.r = static_cast<float>(r);
    if (!(in >> word) || word != kPictureWord ||
        !(in >> report.pictureGrid.nx >> report.pictureGrid.ny >> report.cellsAPixel >>
          report.width >> report.height) ||
        report.width < 0 || report.height < 0 || report.width > kWrongPictureMaxSide ||
        report.height > kWrongPictureMaxSide) {
        return std::nullopt;
    }
    report.pixels.assign(static_cast<std::size_t>(report.width) * report.height, 0);
    for (int y = 0; y < report.height; ++y) {
        std::string row;
        if (!(in >> row) || static_cast<int>(row.size()) != report.width) {
            return std::nullopt;
        }
        for (int x = 0; x < report.width; ++x) {
            report.pixels[static_cast<std::size_t>(y) * report.width + x] = row[x] == '#' ? 1 : 0;
        }
    }
    return report;
}

}  // namespace heatlab
