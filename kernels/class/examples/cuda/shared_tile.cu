// The slides' third version: a shared-memory tile with its halo. Each
// block copies its 16 x 16 cells and the ring of cells around them (the
// halo) into shared memory once, then every thread reads its four
// neighbours from there.
// スライドの 3 番目の版: ハロ付きの共有メモリのタイル。各ブロックは
// 自分の 16 x 16 セルとその周りの 1 セル (ハロ) を一度だけ共有メモリに
// 写し、各スレッドは 4 つの隣をそこから読む。
#define TILE 16

HEATLAB_LAUNCH(TILE, TILE, HEATLAB_COVER_INTERIOR, (TILE + 2) * (TILE + 2) * sizeof(float));

extern "C" __global__ void step(const float* in, float* out, int width, int height, float r) {
    extern __shared__ float tile[];  // (TILE + 2) x (TILE + 2), the halo included
    const int tx = threadIdx.x + 1;
    const int ty = threadIdx.y + 1;
    const int x = 1 + blockIdx.x * TILE + threadIdx.x;
    const int y = 1 + blockIdx.y * TILE + threadIdx.y;
    const bool inside = x < width - 1 && y < height - 1;
    const int c = y * width + x;
    if (inside) {
        tile[ty * (TILE + 2) + tx] = in[c];
        // The halo: the threads at the tile's edges fetch the cell beyond.
        // ハロ: タイルの端のスレッドが外側のセルも読む。
        if (threadIdx.x == 0)
            tile[ty * (TILE + 2)] = in[c - 1];
        if (threadIdx.x == TILE - 1 || x == width - 2)
            tile[ty * (TILE + 2) + tx + 1] = in[c + 1];
        if (threadIdx.y == 0)
            tile[tx] = in[c - width];
        if (threadIdx.y == TILE - 1 || y == height - 2)
            tile[(ty + 1) * (TILE + 2) + tx] = in[c + width];
    }
    __syncthreads();
    if (inside) {
        const float centre = tile[ty * (TILE + 2) + tx];
        out[c] = centre + r * (tile[ty * (TILE + 2) + tx - 1] + tile[ty * (TILE + 2) + tx + 1] +
                               tile[(ty - 1) * (TILE + 2) + tx] + tile[(ty + 1) * (TILE + 2) + tx] -
                               4 * centre);
    }
}
