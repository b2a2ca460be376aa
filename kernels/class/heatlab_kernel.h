/* heatlab_kernel.h: the contract of a class kernel, a stencil step a
 * student writes in a file of its own and heatlab compiles while the
 * lecture runs (heatlab --kernel-file FILE; the kernel's name is the file's
 * name without its extension, in lower case).
 *
 * This is the one file a kernel file may include, and only as
 *     #include "heatlab_kernel.h"
 * heatlab puts it before every kernel file it compiles, so the line is
 * optional: it declares the entry point, so a step with another signature
 * is a compile error with its line. Any other #include, and the words
 * that reach files without one (import, embed, incbin, _Pragma,
 * __has_include, asm, "##"), are refused before compiling: a kernel is a
 * loop over floats and needs no header.
 *
 * THE GRID. width columns by height rows of floats, row-major: cell (row y,
 * column x) is in[y * width + x]. width and height count the boundary ring
 * (row 0, row height - 1, column 0, column width - 1), as heatlab's --grid
 * does; the interior is rows 1 .. height - 2 and columns 1 .. width - 2.
 * width * height is below 2^31, so int indices hold (heatlab refuses a
 * class kernel on a larger grid).
 *
 * ONE STEP. Every interior cell of `out`, from `in`:
 *     out = c + r * (w + e + n + s - 4 c)
 * c the cell of `in`, w e n s its west, east, north and south neighbours,
 * r = alpha dt / h^2. `in` and `out` never alias. Write the interior only:
 * heatlab sets the ring after the step for every boundary condition
 * (dirichlet, insulated, periodic, extrapolate), as for its own kernels.
 * Never write `in`, the ring, or outside the grid.
 *
 * THE CHECK. Before a kernel first touches the lecture's field, heatlab
 * compares it with its double-precision reference on grids of 3x3, 5x4,
 * 17x9, 129x65, 1000x999 and the lecture's own (up to 2048x2048), under
 * each boundary, from a random field, at two values of r (one past 0.25),
 * after 3 and 4 steps. The ring must be untouched, the interior within a
 * relative 1e-4. A wrong kernel is refused with the first wrong cell; one
 * that crashes or hangs costs only the process heatlab runs it in.
 *
 * ---------------------------------------------------------------------
 * heatlab_kernel.h: 授業のカーネルの約束。学生が自分のファイルに書く
 * ステンシルの 1 ステップで、heatlab が講義中にコンパイルする
 * (heatlab --kernel-file ファイル。カーネルの名前は拡張子を除いた
 * ファイル名の小文字)。
 *
 * カーネルのファイルが #include できるのはこのファイルだけ
 * (#include "heatlab_kernel.h")。heatlab はコンパイルの前に必ずこの
 * ファイルを先に読ませるので、この行は省略できる。入口の形が違えば、
 * その行のコンパイルエラーになる。ほかの #include と、ファイルを読む
 * ための語 (import, embed, incbin, _Pragma, __has_include, asm, "##")
 * はコンパイルの前に断る。
 *
 * 格子: width 列 × height 行の float、行優先。セル (行 y, 列 x) は
 * in[y * width + x]。width と height は境界の輪 (0 行、height - 1 行、
 * 0 列、width - 1 列) を含む。内部は 1 .. height - 2 行、
 * 1 .. width - 2 列。
 *
 * 1 ステップ: out の内部のすべてのセルを in から
 *     out = c + r * (w + e + n + s - 4 c)
 * で求める。in と out は重ならない。内部だけを書くこと: 境界の輪は
 * ステップの後に heatlab がどの境界条件でも設定する。in、輪、格子の
 * 外は書かないこと。
 *
 * 確認: カーネルが講義の場に触れる前に、heatlab は倍精度の参照解と
 * 3x3, 5x4, 17x9, 129x65, 1000x999 と講義の格子 (2048x2048 まで) で、
 * 各境界条件、乱数の場、2 つの r (一つは 0.25 を超える)、3 と 4
 * ステップ後に比べる。輪は変わらないこと、内部は相対誤差 1e-4 以内。
 */
#ifndef HEATLAB_KERNEL_H
#define HEATLAB_KERNEL_H

#if defined(__CUDACC__) || defined(__CUDACC_RTC__)

/* ---- CUDA (a .cu file, compiled with NVRTC) ----------------------------
 *
 * The entry point, launched once a step:
 *     extern "C" __global__ void step(const float* in, float* out,
 *                                     int width, int height, float r)
 * and one launch declaration, anywhere at file scope:
 *     HEATLAB_LAUNCH(blockX, blockY, rule, sharedBytes);
 * blockX x blockY threads a block; `rule` is
 *     HEATLAB_COVER_INTERIOR  ceil((width - 2) / blockX) x
 *                             ceil((height - 2) / blockY) blocks, so a
 *                             thread a cell (check the bounds: the last
 *                             blocks reach past the interior)
 *     HEATLAB_ONE_BLOCK       one block (with blockX = blockY = 1: the one
 *                             thread that steps the whole grid)
 * sharedBytes: the block's dynamic shared memory (extern __shared__
 * float tile[];), 0 for none.
 *
 * CUDA (.cu、NVRTC でコンパイル): 入口は上の step。ブロックの形、
 * グリッドの決め方 (HEATLAB_COVER_INTERIOR: 内部を覆う、
 * HEATLAB_ONE_BLOCK: 1 ブロック)、動的共有メモリのバイト数を
 * HEATLAB_LAUNCH で一度宣言する。
 */
#define HEATLAB_COVER_INTERIOR 1
#define HEATLAB_ONE_BLOCK 2

extern "C" __global__ void step(const float* in, float* out, int width, int height, float r);

extern "C" {
struct HeatlabLaunch {
    int blockX;
    int blockY;
    int rule;
    int sharedBytes;
};
}
/* A device variable heatlab reads when it loads the module (a plain
 * extern "C" name, visible to the driver). */
#define HEATLAB_LAUNCH(blockX, blockY, rule, sharedBytes)                                       \
    extern "C" {                                                                                \
    __device__ HeatlabLaunch heatlab_launch = {(blockX), (blockY), (rule), (int)(sharedBytes)}; \
    }                                                                                           \
    static_assert((blockX) > 0 && (blockY) > 0, "HEATLAB_LAUNCH: a block of threads")

#else

/* ---- C++ (a .cpp file, compiled with the system's c++) ----------------
 *
 * The entry point updates interior rows rowBegin .. rowEnd - 1 (all
 * columns 1 .. width - 2 of them), 1 <= rowBegin < rowEnd <= height - 1:
 *     extern "C" void step(const float* in, float* out, int width,
 *                          int height, float r, int rowBegin, int rowEnd)
 * and one declaration, anywhere at file scope, of how heatlab calls it:
 *     HEATLAB_SPLIT_ROWS;  the rows may be split over threads: each
 *                          thread calls step() with a range of its own
 *                          (any range, one row or many), all at once
 *     HEATLAB_WHOLE_GRID;  one call a step, rowBegin = 1 and
 *                          rowEnd = height - 1 (the one-thread version)
 *
 * C++ (.cpp、システムの c++ でコンパイル): 入口は内部の行
 * rowBegin .. rowEnd - 1 を更新する step。行をスレッドに分けてよければ
 * HEATLAB_SPLIT_ROWS;、1 ステップ 1 回の呼び出しなら HEATLAB_WHOLE_GRID;
 * をファイルに一度書く。
 */
extern "C" void step(const float* in, float* out, int width, int height, float r, int rowBegin,
                     int rowEnd);
extern "C" const int heatlab_split_rows;

#define HEATLAB_SPLIT_ROWS extern "C" const int heatlab_split_rows = 1
#define HEATLAB_WHOLE_GRID extern "C" const int heatlab_split_rows = 0

#endif

#endif /* HEATLAB_KERNEL_H */
