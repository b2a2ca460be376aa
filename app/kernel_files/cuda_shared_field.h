#pragma once
// The lecture's side of a CUDA class kernel's step (built with the CUDA
// backend only): two device grids of the lecture's own, shared with the
// kernel's process as CUDA IPC memory (their handles made once a grid
// size). A step copies the backend's `in` there, has the kernel's process
// step it (the lecture's stream waited for first), and copies the new
// interior back into `out`, the ring set by
// heatlab's own ring fill. The kernel never touches the lecture's
// context: a fault poisons its own process's only.

#include <functional>
#include <string>

#include "kernels/cuda/cuda_kernel_table.cuh"

namespace heatlab {

class CudaSharedField {
public:
    CudaSharedField() = default;
    ~CudaSharedField();
    CudaSharedField(const CudaSharedField&) = delete;
    CudaSharedField& operator=(const CudaSharedField&) = delete;

    // The kernel's process asked to step the shared `in` into the shared
    // `out`, given their handles (64 bytes each): empty, or why not.
    using Ask = std::function<std::string(const unsigned char* in, const unsigned char* out)>;

    // One step of `b`: empty when `b.out` holds it; else why not, `b.out`
    // as it was.
    std::string step(const cuda::StepBuffers& b, const Ask& ask);

private:
    void ensure(std::size_t cells);
    void release() noexcept;

    float* in_ = nullptr;
    float* out_ = nullptr;
    std::size_t cells_ = 0;
    cudaIpcMemHandle_t inHandle_{};
    cudaIpcMemHandle_t outHandle_{};
};

}  // namespace heatlab
