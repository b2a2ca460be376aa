#pragma once
// An RGBA8 picture that a graphics API draws into, in device memory CUDA
// exported (shared_display_memory.h) and imports again as an image
// (cudaImportExternalMemory, a mipmapped array of one level): the GPU's own
// tiled layout, the one OpenGL gives a texture in that memory (NVIDIA's GL
// offers no texture laid out in rows), which CUDA reads as an array. No
// CUDA header here. A CUDA source of heatlab_render, built only with the
// CUDA backend.

#include <cstddef>
#include <memory>
#include <string>

namespace heatlab {

class ImportedImage {
public:
    // The width x height picture in the `bytes` of memory behind `fd` (a
    // descriptor of SharedDeviceMemory::exportFd, which this then owns), or
    // nullptr with *why where CUDA refuses the import or the array.
    static std::unique_ptr<ImportedImage> create(int fd, std::size_t bytes, int width, int height,
                                                 std::string* why);
    ~ImportedImage();
    ImportedImage(const ImportedImage&) = delete;
    ImportedImage& operator=(const ImportedImage&) = delete;

    // The picture copied by the GPU into `rows` (device memory, `rowBytes`
    // a row, GL's bottom row first), queued on `stream` (a cudaStream_t).
    void copyToRows(void* rows, std::size_t rowBytes, void* stream) const;
    // The same into host memory, waited for: for checks.
    void copyToHost(void* rows, std::size_t rowBytes) const;

private:
    ImportedImage() = default;

    int width_ = 0;
    int height_ = 0;
    void* memory_ = nullptr;   // cudaExternalMemory_t
    void* mipmaps_ = nullptr;  // cudaMipmappedArray_t
    void* level0_ = nullptr;   // cudaArray_t
};

}  // namespace heatlab
