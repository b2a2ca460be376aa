// The slides' first version on the GPU: one block of one thread steps the
// whole grid, every interior cell in turn. Right, and as slow as a GPU
// can be: the lesson's starting point.
// スライドの最初の版 (GPU): 1 スレッドの 1 ブロックが格子全体を
// 1 セルずつ進める。正しいが、GPU として最も遅い。
HEATLAB_LAUNCH(1, 1, HEATLAB_ONE_BLOCK, 0);

extern "C" __global__ void step(const float* in, float* out, int width, int height, float r) {
    for (int y = 1; y < height - 1; ++y) {
        for (int x = 1; x < width - 1; ++x) {
            const int c = y * width + x;
            out[c] =
                in[c] + r * (in[c - 1] + in[c + 1] + in[c - width] + in[c + width] - 4 * in[c]);
        }
    }
}
