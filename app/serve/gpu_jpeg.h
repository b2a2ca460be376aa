#pragma once
// Served frames made into JPEG on the GPU (nvJPEG), where the GL context is
// on the CUDA device (EGL on an NVIDIA GPU): the drawn picture is read into
// memory CUDA allocated and GL imported, turned upright and encoded where
// it lies; only the JPEG crosses to the host. Elsewhere (Mesa, a build without CUDA, no nvJPEG)
// the frames go through TurboJPEG (frame_encoder.h), and openGpuJpeg says
// why.

#include <memory>
#include <string>
#include <vector>

namespace heatlab {

class GpuJpeg {
public:
    virtual ~GpuJpeg() = default;
    // What encodes, for the line said at start ("nvJPEG (libnvjpeg.so.13)").
    virtual std::string description() const = 0;
    // The lower left width x height pixels of the bound read framebuffer
    // (what a frame drew), top row first in the JPEG, at `quality`,
    // appended to `out`. Waits for the encode. Throws RuntimeError.
    virtual void encode(int width, int height, int quality, std::vector<unsigned char>& out) = 0;
    // The encodes' two parts, medians: "read into CUDA's memory 0.12 ms,
    // nvJPEG (upright, encode, the JPEG to the host) 0.30 ms".
    virtual std::string parts() const = 0;
};

// nullptr with the reason in *why where frames cannot be encoded on the
// GPU. Made and destroyed while the GL context is current.
std::unique_ptr<GpuJpeg> openGpuJpeg(std::string* why);

}  // namespace heatlab
