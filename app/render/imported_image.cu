#include "app/render/imported_image.h"

#include <cuda_runtime.h>
#include <unistd.h>

#include "kernels/cuda/cuda_check.h"

namespace heatlab {

namespace {

std::string refused(const char* call, cudaError_t error) {
    (void)cudaGetLastError();
    return std::string(call) + " failed (" + cudaGetErrorString(error) + ")";
}

}  // namespace

std::unique_ptr<ImportedImage> ImportedImage::create(int fd, std::size_t bytes, int width,
                                                     int height, std::string* why) {
    std::unique_ptr<ImportedImage> image(new ImportedImage);
    image->width_ = width;
    image->height_ = height;
    cudaExternalMemoryHandleDesc handle{};
    handle.type = cudaExternalMemoryHandleTypeOpaqueFd;
    handle.handle.fd = fd;
    handle.size = bytes;
    cudaExternalMemory_t memory = nullptr;
    if (const cudaError_t e = cudaImportExternalMemory(&memory, &handle); e != cudaSuccess) {
        ::close(fd);  // CUDA owns it only once imported
        *why = refused("cudaImportExternalMemory", e);
        return nullptr;
    }
    image->memory_ = memory;
    cudaExternalMemoryMipmappedArrayDesc array{};
    array.offset = 0;
    array.formatDesc = cudaCreateChannelDesc<uchar4>();
    array.extent =
        make_cudaExtent(static_cast<std::size_t>(width), static_cast<std::size_t>(height), 0);
    array.flags = cudaArrayColorAttachment;
    array.numLevels = 1;
    cudaMipmappedArray_t mipmaps = nullptr;
    if (const cudaError_t e = cudaExternalMemoryGetMappedMipmappedArray(&mipmaps, memory, &array);
        e != cudaSuccess) {
        *why = refused("cudaExternalMemoryGetMappedMipmappedArray", e);
        return nullptr;
    }
    image->mipmaps_ = mipmaps;
    cudaArray_t level0 = nullptr;
    if (const cudaError_t e = cudaGetMipmappedArrayLevel(&level0, mipmaps, 0); e != cudaSuccess) {
        *why = refused("cudaGetMipmappedArrayLevel", e);
        return nullptr;
    }
    image->level0_ = level0;
    return image;
}

ImportedImage::~ImportedImage() {
    if (mipmaps_ != nullptr) {
        CUDA_CHECK_PRINT(cudaFreeMipmappedArray(static_cast<cudaMipmappedArray_t>(mipmaps_)));
    }
    if (memory_ != nullptr) {
        CUDA_CHECK_PRINT(cudaDestroyExternalMemory(static_cast<cudaExternalMemory_t>(memory_)));
    }
}

void ImportedImage::copyToRows(void* rows, std::size_t rowBytes, void* stream) const {
    CUDA_CHECK(cudaMemcpy2DFromArrayAsync(rows, rowBytes, static_cast<cudaArray_const_t>(level0_),
                                          0, 0, static_cast<std::size_t>(width_) * 4, height_,
                                          cudaMemcpyDeviceToDevice,
                                          static_cast<cudaStream_t>(stream)));
}

void ImportedImage::copyToHost(void* rows, std::size_t rowBytes) const {
    CUDA_CHECK(cudaMemcpy2DFromArray(rows, rowBytes, static_cast<cudaArray_const_t>(level0_), 0, 0,
                                     static_cast<std::size_t>(width_) * 4, height_,
                                     cudaMemcpyDeviceToHost));
}

}  // namespace heatlab
