// The slides' second version: one thread a point. Blocks of 16 x 16
// threads cover the interior; the last blocks reach past it, so each
// thread checks that its cell is inside.
// スライドの 2 番目の版: 1 点に 1 スレッド。16 x 16 スレッドのブロックで
// 内部を覆う。最後のブロックは内部をはみ出すので、各スレッドは自分の
// セルが内部にあるかを確かめる。
HEATLAB_LAUNCH(16, 16, HEATLAB_COVER_INTERIOR, 0);

extern "C" __global__ void step(const float* in, float* out, int width, int height, float r) {
    const int x = 1 + blockIdx.x * blockDim.x + threadIdx.x;
    const int y = 1 + blockIdx.y * blockDim.y + threadIdx.y;
    if (x < width - 1 && y < height - 1) {
        const int c = y * width + x;
        out[c] = in[c] + r * (in[c - 1] + in[c + 1] + in[c - width] + in[c + width] - 4 * in[c]);
    }
}
