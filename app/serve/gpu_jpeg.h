#pragma once
// Served frames made into JPEG on the GPU (nvJPEG), where the GL context is
// on the CUDA device (EGL on an NVIDIA GPU): the frames are drawn into a
// texture in memory CUDA allocated and GL imported, which CUDA reads as an
// image (or, where that cannot be had, read by GL into such memory),
// turned upright and encoded where they lie; only the JPEG crosses to the
// host. Elsewhere
// (Mesa, a build without CUDA, no nvJPEG) the frames go through TurboJPEG
// (frame_encoder.h), and openGpuJpeg says why.

#include <memory>
#include <string>
#include <vector>

#include "app/render/offscreen_target.h"

namespace heatlab {

class GpuJpeg {
public:
    virtual ~GpuJpeg() = default;
    // What encodes, for the line said at start ("nvJPEG (libnvjpeg.so.13)").
    virtual std::string description() const = 0;
    // A target for the frames to be drawn into: one whose picture the
    // encoder reads where it lies, where it can make one.
    virtual std::unique_ptr<OffscreenTarget> makeTarget(int width, int height) = 0;
    // The lower left width x height pixels of the bound read framebuffer
    // (what a frame drew, into a target of makeTarget's or any other), top
    // row first in the JPEG, at `quality`, appended to `out`. Waits for the
    // encode. Throws RuntimeError.
    virtual void encode(int width, int height, int quality, std::vector<unsigned char>& out) = 0;
    // The encodes' two parts, medians: "GL's part (the wait for the frame
    // drawn in CUDA's memory) 0.01 ms, nvJPEG's (upright, encode, the JPEG
    // to the host) 0.30 ms".
    virtual std::string parts() const = 0;
};

// nullptr with the reason in *why where frames cannot be encoded on the
// GPU. Made and destroyed while the GL context is current.
std::unique_ptr<GpuJpeg> openGpuJpeg(std::string* why);

}  // namespace heatlab
