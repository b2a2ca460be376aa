#include "app/render/graphics_display_buffer.h"

#include <string>

#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_resources.h"

namespace heatlab {

namespace {

class GraphicsDisplayBuffer final : public DeviceDisplayBuffer {
public:
    GraphicsDisplayBuffer(cudaGraphicsResource_t resource, std::size_t bytes)
        : resource_(resource), bytes_(bytes) {}

    ~GraphicsDisplayBuffer() override {
        if (mapped_) {
            CUDA_CHECK_PRINT(cudaGraphicsUnmapResources(1, &resource_, mapStream_.get()));
        }
        CUDA_CHECK_PRINT(cudaStreamSynchronize(mapStream_.get()));
        CUDA_CHECK_PRINT(cudaGraphicsUnregisterResource(resource_));
    }

    GraphicsDisplayBuffer(const GraphicsDisplayBuffer&) = delete;
    GraphicsDisplayBuffer& operator=(const GraphicsDisplayBuffer&) = delete;

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

std::unique_ptr<DeviceDisplayBuffer> graphicsDisplayBuffer(cudaGraphicsResource* resource,
                                                           std::size_t bytes) {
    return std::make_unique<GraphicsDisplayBuffer>(resource, bytes);
}

}  // namespace heatlab
