#include "app/kernel_files/cuda_shared_field.h"

#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_kernels.cuh"

namespace heatlab {

CudaSharedField::~CudaSharedField() { release(); }

void CudaSharedField::release() noexcept {
    for (float** buffer : {&in_, &out_}) {
        if (*buffer != nullptr) {
            CUDA_CHECK_PRINT(cudaFree(*buffer));
            *buffer = nullptr;
        }
    }
    cells_ = 0;
}

void CudaSharedField::ensure(std::size_t cells) {
    if (cells <= cells_) {
        return;
    }
    // A larger grid: new memory, new handles (the kernel's process opens
    // them at its next step).
    release();
    CUDA_CHECK(cudaMalloc(&in_, cells * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&out_, cells * sizeof(float)));
    CUDA_CHECK(cudaIpcGetMemHandle(&inHandle_, in_));
    CUDA_CHECK(cudaIpcGetMemHandle(&outHandle_, out_));
    cells_ = cells;
}

std::string CudaSharedField::step(const cuda::StepBuffers& b, const Ask& ask) {
    const std::size_t cells = static_cast<std::size_t>(b.nx) * static_cast<std::size_t>(b.ny);
    ensure(cells);
    CUDA_CHECK(
        cudaMemcpyAsync(in_, b.in, cells * sizeof(float), cudaMemcpyDeviceToDevice, b.stream));
    // The kernel's process reads `in_` in its own context: the copy is
    // done before it is asked.
    CUDA_CHECK(cudaStreamSynchronize(b.stream));
    const std::string problem = ask(reinterpret_cast<const unsigned char*>(&inHandle_),
                                    reinterpret_cast<const unsigned char*>(&outHandle_));
    if (!problem.empty()) {
        return problem;
    }
    // Its answer came after its own synchronize: `out_` holds the step.
    // The interior only: the ring is heatlab's (a Dirichlet ring is data,
    // already in `out`).
    b.beforeWriting(cuda::Buffer::Out);
    const std::size_t pitch = static_cast<std::size_t>(b.nx) * sizeof(float);
    const std::size_t first = static_cast<std::size_t>(b.nx) + 1;
    const std::size_t width = static_cast<std::size_t>(b.nx - 2) * sizeof(float);
    const std::size_t rows = static_cast<std::size_t>(b.ny - 2);
    CUDA_CHECK(cudaMemcpy2DAsync(b.out + first, pitch, out_ + first, pitch, width, rows,
                                 cudaMemcpyDeviceToDevice, b.stream));
    cuda::launchRingFill(b.out, b.nx, b.ny, b.boundary, b.stream);
    return "";
}

}  // namespace heatlab
