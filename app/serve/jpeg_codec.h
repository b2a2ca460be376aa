#pragma once
// JPEG through TurboJPEG (libturbojpeg0): a served frame's encoding, and the
// decoding the tests check it with. One codec a thread: a TurboJPEG handle
// is not shared.

#include <cstddef>
#include <vector>

#include "app/io/rgb_image.h"

namespace heatlab {

class JpegCodec {
public:
    JpegCodec();  // throws RuntimeError when TurboJPEG gives no handle
    ~JpegCodec();
    JpegCodec(const JpegCodec&) = delete;
    JpegCodec& operator=(const JpegCodec&) = delete;

    // `image` as a JPEG of `quality` (1 to 100, 4:2:0 chroma), appended to
    // `out` (which may already hold a message's header).
    void encode(const RgbImage& image, int quality, std::vector<unsigned char>& out);
    // The RGB picture a JPEG holds; throws RuntimeError when it is not one.
    RgbImage decode(const unsigned char* data, std::size_t size);

private:
    void* compressor_ = nullptr;    // tjhandle
    void* decompressor_ = nullptr;  // tjhandle
};

}  // namespace heatlab
