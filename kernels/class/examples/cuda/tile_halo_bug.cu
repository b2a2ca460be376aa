// Find the bug: the shared-memory tile of shared_tile.cu, with its halo
// never loaded. Every cell at a tile's edge reads whatever the shared
// memory held for its neighbour across the edge: right inside each tile,
// wrong along a grid of lines 16 cells apart. heatlab's check refuses it,
// naming the first wrong cell.
// バグを探せ: shared_tile.cu のタイルで、ハロを読み込んでいない。タイルの
// 端のセルは端の向こうの隣として共有メモリに残っていた値を読む:
// 各タイルの内側は正しく、16 セルおきの格子状の線に沿って誤る。
#define TILE 16

HEATLAB_LAUNCH(TILE, TILE, HEATLAB_COVER_INTERIOR, (TILE + 2) * (TILE + 2) * sizeof(float));

extern "C" __global__ void step(const float* in, float* out, int width, int height, float r) {
    extern __shared__ float tile[];
    const int tx = threadIdx.x + 1;
    const int ty = threadIdx.y + 1;
    const int x = 1 + blockIdx.x * TILE + threadIdx.x;
    const int y = 1 + blockIdx.y * TILE + threadIdx.y;
    const bool inside = x < width - 1 && y < height - 1;
    const int c = y * width + x;
    if (inside) {
        tile[ty * (TILE + 2) + tx] = in[c];  // the halo is missing here / ここでハロが抜けている
    }
    __syncthreads();
    if (inside) {
        const float centre = tile[ty * (TILE + 2) + tx];
        out[c] = centre + r * (tile[ty * (TILE + 2) + tx - 1] + tile[ty * (TILE + 2) + tx + 1] +
                               tile[(ty - 1) * (TILE + 2) + tx] + tile[(ty + 1) * (TILE + 2) + tx] -
                               4 * centre);
    }
}
