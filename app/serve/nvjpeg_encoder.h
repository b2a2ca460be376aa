#pragma once
// JPEG made on the GPU with nvJPEG, from a picture that is already in device
// memory, so only the JPEG crosses PCIe. The library is loaded at run time
// (libnvjpeg.so of the CUDA toolkit, where one is installed): neither this
// machine's toolkit nor Debian ships its header, so the few calls used are
// declared in the .cu file, as the driver's entry points are reached. No
// CUDA header here. A CUDA source of heatlab_serve, built only with the
// CUDA backend; gpu_jpeg.cpp is its one user.

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace heatlab {

class ImportedImage;

class NvJpegEncoder {
public:
    // nullptr with the reason in *why where the library cannot be loaded,
    // a call is missing from it, or there is no CUDA device.
    static std::unique_ptr<NvJpegEncoder> open(std::string* why);
    ~NvJpegEncoder();
    NvJpegEncoder(const NvJpegEncoder&) = delete;
    NvJpegEncoder& operator=(const NvJpegEncoder&) = delete;

    // The library's file name, for the line said at start.
    const std::string& library() const { return library_; }

    // The width x height picture at `rgba` (device memory the graphics API
    // has finished writing: 4 bytes a pixel, each row `rowBytes` after the
    // one before, the bottom row first, as OpenGL keeps a picture) encoded
    // at `quality` (1 to 100, 4:2:0 chroma), top row first, and appended
    // to `out`: turned upright as RGB by a kernel into a buffer of the
    // encoder's own, then nvJPEG. Waits for the JPEG. Throws RuntimeError
    // on a failed call.
    void encode(const void* rgba, std::size_t rowBytes, int width, int height, int quality,
                std::vector<unsigned char>& out);
    // The same from a picture a graphics API drew into an image CUDA
    // imported (finished drawing), copied into rows of the encoder's own
    // first.
    void encode(const ImportedImage& image, int width, int height, int quality,
                std::vector<unsigned char>& out);

private:
    struct Library;
    NvJpegEncoder() = default;

    std::unique_ptr<Library> lib_;
    std::string library_;
    void* handle_ = nullptr;        // nvjpegHandle_t
    void* state_ = nullptr;         // nvjpegEncoderState_t
    void* params_ = nullptr;        // nvjpegEncoderParams_t
    void* stream_ = nullptr;        // cudaStream_t
    unsigned char* rgb_ = nullptr;  // the upright picture nvJPEG reads
    std::size_t rgbBytes_ = 0;
    unsigned char* rgba_ = nullptr;  // an imported image's copy, in rows
    std::size_t rgbaBytes_ = 0;
};

}  // namespace heatlab
