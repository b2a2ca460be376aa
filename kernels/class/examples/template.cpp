// A class kernel for heatlab's CPU backend: copy this file, give it a name
// of your own (the name is the kernel's: my_kernel.cpp is --kernel
// my_kernel), and run it beside heatlab's kernels:
//     heatlab --kernel-file my_kernel.cpp --kernel my_kernel
//     heatlab bench --kernel-file my_kernel.cpp --kernel my_kernel
// heatlab compiles it with the system's c++, checks it against its
// double-precision reference, and only then lets it touch the lecture's
// field. The whole contract is in heatlab_kernel.h.
//
// heatlab の CPU バックエンド用の授業のカーネル。このファイルを複製して
// 自分の名前を付ける (名前がカーネルの名前になる: my_kernel.cpp は
// --kernel my_kernel)。heatlab はシステムの c++ でコンパイルし、倍精度の
// 参照解と比べてから講義の場を任せる。約束のすべては heatlab_kernel.h に。

// The one file a kernel may include (optional: heatlab adds it anyway).
// カーネルが読み込めるのはこのファイルだけ (省略可)。
#include "heatlab_kernel.h"

// How heatlab calls step(): HEATLAB_SPLIT_ROWS lets it give each thread a
// range of rows of its own, all at once; HEATLAB_WHOLE_GRID makes it call
// step() once a step, for every row (the one-thread version).
// 行をスレッドに分けてよいなら HEATLAB_SPLIT_ROWS、1 ステップ 1 回の
// 呼び出しなら HEATLAB_WHOLE_GRID。
HEATLAB_SPLIT_ROWS;

// One step of rows rowBegin .. rowEnd - 1 of the interior, from `in` into
// `out`. width and height count the boundary ring; heatlab sets the ring
// after the step, so write only columns 1 .. width - 2 of your rows.
// 内部の行 rowBegin .. rowEnd - 1 を in から out へ 1 ステップ進める。
// width と height は境界の輪を含む。輪は heatlab が設定するので、
// 自分の行の 1 .. width - 2 列だけを書く。
extern "C" void step(const float* in, float* out, int width, int height, float r, int rowBegin,
                     int rowEnd) {
    (void)height;  // the rows to do are rowBegin .. rowEnd - 1 / 行は引数で決まる
    for (int y = rowBegin; y < rowEnd; ++y) {
        for (int x = 1; x < width - 1; ++x) {
            const int c = y * width + x;  // cell (row y, column x) / セル (y 行, x 列)
            // The five-point stencil: the cell and its four neighbours.
            // 5 点ステンシル: セルと上下左右の 4 つの隣。
            const float west = in[c - 1];
            const float east = in[c + 1];
            const float north = in[c - width];
            const float south = in[c + width];
            out[c] = in[c] + r * (west + east + north + south - 4.0f * in[c]);
        }
    }
}
