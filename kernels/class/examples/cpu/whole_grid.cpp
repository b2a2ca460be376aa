// The slides' first version: one thread steps the whole grid, every
// interior cell in turn. heatlab calls it once a step.
// スライドの最初の版: 1 つのスレッドが格子全体を 1 セルずつ進める。
#include "heatlab_kernel.h"

HEATLAB_WHOLE_GRID;

extern "C" void step(const float* in, float* out, int width, int height, float r, int rowBegin,
                     int rowEnd) {
    (void)rowBegin;  // always 1 here / ここでは常に 1
    (void)rowEnd;    // always height - 1 / ここでは常に height - 1
    for (int y = 1; y < height - 1; ++y) {
        for (int x = 1; x < width - 1; ++x) {
            const int c = y * width + x;
            out[c] =
                in[c] + r * (in[c - 1] + in[c + 1] + in[c - width] + in[c + width] - 4 * in[c]);
        }
    }
}
