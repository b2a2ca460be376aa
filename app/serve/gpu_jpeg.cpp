// Built only with the CUDA backend (CMake picks gpu_jpeg_none.cpp
// otherwise): the GL side of the GPU's JPEG path. The encoding itself is
// the kernels' side (kernels/cuda/nvjpeg_encoder.h).
#include "app/serve/gpu_jpeg.h"

#include <glad/gl.h>
// After glad, which defines the GL header guard, so this pulls in no second
// set of GL declarations.
#include <cuda_gl_interop.h>

#include <cstdio>
#include <optional>

#include "app/render/gl_check.h"
#include "app/render/gl_objects.h"
#include "app/render/offscreen_target.h"
#include "app/serve/recent_times.h"
#include "kernels/base/errors.h"
#include "kernels/base/host_clock.h"
#include "kernels/cuda/nvjpeg_encoder.h"

namespace heatlab {

namespace {

class NvJpegFrames : public GpuJpeg {
public:
    explicit NvJpegFrames(std::unique_ptr<NvJpegEncoder> encoder) : encoder_(std::move(encoder)) {}
    ~NvJpegFrames() override { release(); }

    std::string description() const override {
        return "nvJPEG on the GPU (" + encoder_->library() + ")";
    }

    void encode(int width, int height, int quality, std::vector<unsigned char>& out) override {
        resize(width, height);
        const double start = secondsNow();
        GLint read = 0;
        GLint draw = 0;
        glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &read);
        glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &draw);
        // GL's rows are bottom first and nvJPEG's top first: the blit turns
        // the picture over on the GPU, a copy of a few megabytes.
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, upright_->framebuffer());
        glBlitFramebuffer(0, 0, width, height, 0, height, width, 0, GL_COLOR_BUFFER_BIT,
                          GL_NEAREST);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, upright_->framebuffer());
        GLint alignment = 4;
        glGetIntegerv(GL_PACK_ALIGNMENT, &alignment);
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        glBindBuffer(GL_PIXEL_PACK_BUFFER, pixels_.id());
        glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, nullptr);
        glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
        glPixelStorei(GL_PACK_ALIGNMENT, alignment);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(read));
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(draw));
        gl::throwOnError("reading a frame into nvJPEG's buffer", __FILE__, __LINE__);
        // Waited for only to time the parts apart: CUDA's map would wait
        // for GL's read into the buffer anyway.
        glFinish();
        const double inBuffer = secondsNow();
        encoder_->encode(registered_, width, height, quality, out);
        readMs_.add((inBuffer - start) * 1000.0);
        encodeMs_.add((secondsNow() - inBuffer) * 1000.0);
    }

    std::string parts() const override {
        char text[160];
        std::snprintf(text, sizeof text,
                      "read into CUDA's buffer %.2f ms, nvJPEG (map, encode, the JPEG to the "
                      "host) %.2f ms",
                      readMs_.median(), encodeMs_.median());
        return text;
    }

private:
    // The upright target and the registered buffer at the picture's size.
    void resize(int width, int height) {
        if (upright_ && upright_->width() == width && upright_->height() == height) {
            return;
        }
        release();
        upright_.emplace(width, height);
        pixels_ = gl::Buffer::create();
        glBindBuffer(GL_PIXEL_PACK_BUFFER, pixels_.id());
        glBufferData(GL_PIXEL_PACK_BUFFER, static_cast<GLsizeiptr>(width) * height * 3, nullptr,
                     GL_DYNAMIC_COPY);
        glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
        gl::throwOnError("making nvJPEG's pixel buffer", __FILE__, __LINE__);
        const cudaError_t status = cudaGraphicsGLRegisterBuffer(&registered_, pixels_.id(),
                                                                cudaGraphicsRegisterFlagsReadOnly);
        if (status != cudaSuccess) {
            (void)cudaGetLastError();
            registered_ = nullptr;
            throw RuntimeError(std::string("CUDA cannot register nvJPEG's pixel buffer (") +
                               cudaGetErrorString(status) + ")");
        }
    }

    void release() {
        if (registered_ != nullptr) {
            (void)cudaGraphicsUnregisterResource(registered_);
            registered_ = nullptr;
        }
        pixels_ = gl::Buffer();
        upright_.reset();
    }

    RecentTimes readMs_;
    RecentTimes encodeMs_;

    std::unique_ptr<NvJpegEncoder> encoder_;
    std::optional<OffscreenTarget> upright_;
    gl::Buffer pixels_;
    cudaGraphicsResource_t registered_ = nullptr;
};

// Whether CUDA can register a buffer of this GL context: false on a GL that
// is not NVIDIA's on the CUDA device (Mesa's software GL beside a GPU).
bool glIsOnTheCudaDevice(std::string* why) {
    gl::Buffer probe = gl::Buffer::create();
    glBindBuffer(GL_PIXEL_PACK_BUFFER, probe.id());
    glBufferData(GL_PIXEL_PACK_BUFFER, 16, nullptr, GL_DYNAMIC_COPY);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    cudaGraphicsResource_t resource = nullptr;
    const cudaError_t status =
        cudaGraphicsGLRegisterBuffer(&resource, probe.id(), cudaGraphicsRegisterFlagsReadOnly);
    if (status != cudaSuccess) {
        (void)cudaGetLastError();
        *why = std::string("CUDA cannot register this GL's buffers (") +
               cudaGetErrorString(status) + ")";
        return false;
    }
    (void)cudaGraphicsUnregisterResource(resource);
    return true;
}

}  // namespace

std::unique_ptr<GpuJpeg> openGpuJpeg(std::string* why) {
    std::unique_ptr<NvJpegEncoder> encoder = NvJpegEncoder::open(why);
    if (!encoder || !glIsOnTheCudaDevice(why)) {
        return nullptr;
    }
    return std::make_unique<NvJpegFrames>(std::move(encoder));
}

}  // namespace heatlab
