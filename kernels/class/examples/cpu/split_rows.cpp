// The slides' second version, on the CPU: the rows split over threads,
// each thread a range of rows of its own (the CPU's "one thread a point":
// each row is independent of the others within a step).
// スライドの 2 番目の版 (CPU): 行をスレッドに分け、各スレッドが自分の
// 範囲の行を進める。1 ステップの中で行は互いに独立。
#include "heatlab_kernel.h"

HEATLAB_SPLIT_ROWS;

extern "C" void step(const float* in, float* out, int width, int height, float r, int rowBegin,
                     int rowEnd) {
    (void)height;
    for (int y = rowBegin; y < rowEnd; ++y) {
        const float* row = in + y * width;
        float* next = out + y * width;
        for (int x = 1; x < width - 1; ++x) {
            next[x] = row[x] +
                      r * (row[x - 1] + row[x + 1] + row[x - width] + row[x + width] - 4 * row[x]);
        }
    }
}
