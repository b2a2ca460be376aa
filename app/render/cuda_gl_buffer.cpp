// Built only with the CUDA backend (CMake picks cuda_gl_buffer_none.cpp
// otherwise).
#include "app/render/cuda_gl_buffer.h"

// After glad, which defines the GL header guard, so this pulls in no second
// set of GL declarations.
#include <cuda_gl_interop.h>

#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_resources.h"

namespace heatlab {

namespace {

class CudaGlBuffer final : public DeviceDisplayBuffer {
public:
    CudaGlBuffer(cudaGraphicsResource_t resource, std::size_t bytes)
        : resource_(resource), bytes_(bytes) {}

    ~CudaGlBuffer() override {
        if (mapped_) {
            CUDA_CHECK_PRINT(cudaGraphicsUnmapResources(1, &resource_, mapStream_.get()));
        }
        CUDA_CHECK_PRINT(cudaStreamSynchronize(mapStream_.get()));
        CUDA_CHECK_PRINT(cudaGraphicsUnregisterResource(resource_));
    }

    float* acquire(void* stream) override {
        CUDA_CHECK(cudaGraphicsMapResources(1, &resource_, mapStream_.get()));
        mapped_ = true;
        void* pointer = nullptr;
        std::size_t size = 0;
        CUDA_CHECK(cudaGraphicsResourceGetMappedPointer(&pointer, &size, resource_));
        if (size < bytes_) {
            throw RuntimeError("the mapped display buffer holds " + std::to_string(size) +
                               " bytes, the grid needs " + std::to_string(bytes_));
        }
        CUDA_CHECK(cudaEventRecord(mappedEvent_.get(), mapStream_.get()));
        CUDA_CHECK(cudaStreamWaitEvent(static_cast<cudaStream_t>(stream), mappedEvent_.get(), 0));
        return static_cast<float*>(pointer);
    }

    void release(void* stream) override {
        CUDA_CHECK(cudaEventRecord(writtenEvent_.get(), static_cast<cudaStream_t>(stream)));
        CUDA_CHECK(cudaStreamWaitEvent(mapStream_.get(), writtenEvent_.get(), 0));
        CUDA_CHECK(cudaGraphicsUnmapResources(1, &resource_, mapStream_.get()));
        mapped_ = false;
    }

private:
    cudaGraphicsResource_t resource_;
    std::size_t bytes_;
    Stream mapStream_;
    Event mappedEvent_{cudaEventDisableTiming};
    Event writtenEvent_{cudaEventDisableTiming};
    bool mapped_ = false;
};

}  // namespace

std::unique_ptr<DeviceDisplayBuffer> registerWithCuda(GLuint buffer, std::size_t bytes,
                                                      std::string* why) {
    int devices = 0;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
        (void)cudaGetLastError();
        *why = "no CUDA device";
        return nullptr;
    }
    cudaGraphicsResource_t resource = nullptr;
    // WriteDiscard: every frame's last step rewrites the whole buffer, ring
    // included, so CUDA need not keep what GL left in it.
    const cudaError_t status =
        cudaGraphicsGLRegisterBuffer(&resource, buffer, cudaGraphicsRegisterFlagsWriteDiscard);
    if (status != cudaSuccess) {
        (void)cudaGetLastError();
        *why = std::string("CUDA cannot register the GL buffer (") + cudaGetErrorString(status) +
               "; is the GL context on the CUDA device?)";
        return nullptr;
    }
    return std::make_unique<CudaGlBuffer>(resource, bytes);
}

}  // namespace heatlab
