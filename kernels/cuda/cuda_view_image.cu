#include "kernels/cuda/cuda_view_image.cuh"

#include "kernels/cuda/cuda_check.h"

namespace heatlab::cuda {
namespace {

constexpr int kTileSide = 16;

// Launch assumption: 2D blocks of kTileSide x kTileSide threads covering
// the image, a thread a pixel.
__global__ void __launch_bounds__(kTileSide* kTileSide)
    viewImageKernel(const float* __restrict__ field, int nx, int ny, ViewSampling view,
                    float* __restrict__ image) {
    const int px = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
    const int py = static_cast<int>(blockIdx.y * blockDim.y + threadIdx.y);
    if (px < view.width && py < view.height) {
        image[static_cast<std::size_t>(py) * static_cast<std::size_t>(view.width) + px] =
            viewPixel(field, nx, ny, view, px, py);
    }
}

}  // namespace

void launchViewImage(const float* field, int nx, int ny, const ViewSampling& view, float* image,
                     cudaStream_t stream) {
    if (view.width <= 0 || view.height <= 0) {
        return;
    }
    const dim3 block(kTileSide, kTileSide);
    const dim3 blocks((static_cast<unsigned>(view.width) + kTileSide - 1) / kTileSide,
                      (static_cast<unsigned>(view.height) + kTileSide - 1) / kTileSide);
    viewImageKernel<<<blocks, block, 0, stream>>>(field, nx, ny, view, image);
    CUDA_CHECK_LAUNCH("viewImageKernel");
}

}  // namespace heatlab::cuda
