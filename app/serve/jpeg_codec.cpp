#include "app/serve/jpeg_codec.h"

#include <turbojpeg.h>

#include <string>

#include "kernels/base/errors.h"

namespace heatlab {

JpegCodec::JpegCodec() {
    compressor_ = tjInitCompress();
    decompressor_ = tjInitDecompress();
    if (compressor_ == nullptr || decompressor_ == nullptr) {
        throw RuntimeError(std::string("TurboJPEG: ") + tjGetErrorStr2(nullptr));
    }
}

JpegCodec::~JpegCodec() {
    if (compressor_ != nullptr) {
        tjDestroy(compressor_);
    }
    if (decompressor_ != nullptr) {
        tjDestroy(decompressor_);
    }
}

void JpegCodec::encode(const RgbImage& image, int quality, std::vector<unsigned char>& out) {
    unsigned char* jpeg = nullptr;
    unsigned long size = 0;
    // TJFLAG_FASTDCT: the integer transform, a third faster, its error
    // far below what a quality under 95 throws away.
    const int failed = tjCompress2(compressor_, image.pixels.data(), image.width, 0, image.height,
                                   TJPF_RGB, &jpeg, &size, TJSAMP_420, quality, TJFLAG_FASTDCT);
    if (failed != 0) {
        const std::string why = tjGetErrorStr2(compressor_);
        tjFree(jpeg);
        throw RuntimeError("TurboJPEG could not encode a frame: " + why);
    }
    out.insert(out.end(), jpeg, jpeg + size);
    tjFree(jpeg);
}

RgbImage JpegCodec::decode(const unsigned char* data, std::size_t size) {
    int width = 0;
    int height = 0;
    int subsampling = 0;
    int colourspace = 0;
    auto* source = const_cast<unsigned char*>(data);  // TurboJPEG 2.1 takes it non-const
    if (tjDecompressHeader3(decompressor_, source, static_cast<unsigned long>(size), &width,
                            &height, &subsampling, &colourspace) != 0) {
        throw RuntimeError(std::string("not a JPEG: ") + tjGetErrorStr2(decompressor_));
    }
    RgbImage image;
    image.width = width;
    image.height = height;
    image.pixels.resize(static_cast<std::size_t>(width) * height * 3);
    if (tjDecompress2(decompressor_, source, static_cast<unsigned long>(size), image.pixels.data(),
                      width, 0, height, TJPF_RGB, 0) != 0) {
        throw RuntimeError(std::string("TurboJPEG could not decode: ") +
                           tjGetErrorStr2(decompressor_));
    }
    return image;
}

}  // namespace heatlab
