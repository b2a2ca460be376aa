// Find the bug: the slides' shared-memory tile, on the CPU. Each 16 x 16
// tile of the interior is copied into a local tile with a one-cell halo
// around it, then stepped from there. The halo is never filled, so every
// cell at a tile's edge reads 0 for its neighbour across the edge: the
// field is right inside each tile and wrong along a grid of lines.
// heatlab's check refuses it, naming the first wrong cell.
// バグを探せ: スライドの共有メモリのタイルを CPU で。内部の 16 x 16 の
// タイルを周り 1 セルのハロ付きのローカルなタイルに写してから進める。
// ハロを埋めていないので、タイルの端のセルは端の向こうの隣を 0 と読む:
// 各タイルの内側は正しく、格子状の線に沿って誤る。
#include "heatlab_kernel.h"

HEATLAB_SPLIT_ROWS;

namespace {
constexpr int kTile = 16;
}

extern "C" void step(const float* in, float* out, int width, int height, float r, int rowBegin,
                     int rowEnd) {
    (void)height;
    for (int y0 = rowBegin; y0 < rowEnd; y0 += kTile) {
        for (int x0 = 1; x0 < width - 1; x0 += kTile) {
            float tile[kTile + 2][kTile + 2] = {};  // the halo stays 0: the bug
            const int rows = (rowEnd - y0 < kTile) ? rowEnd - y0 : kTile;
            const int cols = (width - 1 - x0 < kTile) ? width - 1 - x0 : kTile;
            for (int ty = 0; ty < rows; ++ty) {
                for (int tx = 0; tx < cols; ++tx) {
                    tile[ty + 1][tx + 1] = in[(y0 + ty) * width + x0 + tx];
                }
            }
            // Missing: the halo, the cells around the tile / 抜けている: ハロ
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
