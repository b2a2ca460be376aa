// Built only with the CUDA backend (CMake picks gpu_jpeg_none.cpp
// otherwise): the GL side of the GPU's JPEG path. The encoding itself is
// the kernels' side (kernels/cuda/nvjpeg_encoder.h).
#include "app/serve/gpu_jpeg.h"

#include <glad/gl.h>

#include <cstdio>

#include "app/render/gl_check.h"
#include "app/render/imported_gl_buffer.h"
#include "app/serve/recent_times.h"
#include "kernels/base/errors.h"
#include "kernels/base/host_clock.h"
#include "kernels/cuda/nvjpeg_encoder.h"

namespace heatlab {

namespace {

// How long the host waits for GL's read of a frame: far more than it takes.
constexpr GLuint64 kReadTimeoutNs = 2'000'000'000;

// The frame read by GL straight into memory CUDA allocated and GL imported
// once (no map a frame: on the H200 a map and unmap cost about 0.33 ms of
// the device's time), as RGBA, the framebuffer's own format; nvJPEG's side
// turns it upright as RGB in one pass and encodes it.
class NvJpegFrames : public GpuJpeg {
public:
    explicit NvJpegFrames(std::unique_ptr<NvJpegEncoder> encoder) : encoder_(std::move(encoder)) {}

    std::string description() const override {
        return "nvJPEG on the GPU (" + encoder_->library() + ")";
    }

    void encode(int width, int height, int quality, std::vector<unsigned char>& out) override {
        const std::size_t bytes = static_cast<std::size_t>(width) * height * 4;
        if (!pixels_ || pixels_->memory().bytes() < bytes) {
            pixels_.reset();
            std::string why;
            pixels_ = ImportedGlBuffer::create(bytes, &why);
            if (!pixels_) {
                throw RuntimeError("no buffer for nvJPEG: " + why);
            }
        }
        const double start = secondsNow();
        glBindBuffer(GL_PIXEL_PACK_BUFFER, pixels_->buffer());
        glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
        glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
        gl::throwOnError("reading a frame into nvJPEG's buffer", __FILE__, __LINE__);
        // CUDA reads what GL wrote only once GL is done writing it.
        const GLsync read = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
        const GLenum status = glClientWaitSync(read, GL_SYNC_FLUSH_COMMANDS_BIT, kReadTimeoutNs);
        glDeleteSync(read);
        if (status == GL_TIMEOUT_EXPIRED || status == GL_WAIT_FAILED) {
            throw RuntimeError("OpenGL did not read a frame into nvJPEG's buffer in 2 s");
        }
        const double inBuffer = secondsNow();
        encoder_->encode(pixels_->memory().data(), width, height, quality, out);
        readMs_.add((inBuffer - start) * 1000.0);
        encodeMs_.add((secondsNow() - inBuffer) * 1000.0);
    }

    std::string parts() const override {
        char text[160];
        std::snprintf(text, sizeof text,
                      "read into CUDA's memory %.2f ms, nvJPEG (upright, encode, the JPEG to "
                      "the host) %.2f ms",
                      readMs_.median(), encodeMs_.median());
        return text;
    }

private:
    RecentTimes readMs_;
    RecentTimes encodeMs_;
    std::unique_ptr<NvJpegEncoder> encoder_;
    std::unique_ptr<ImportedGlBuffer> pixels_;
};

}  // namespace

std::unique_ptr<GpuJpeg> openGpuJpeg(std::string* why) {
    std::unique_ptr<NvJpegEncoder> encoder = NvJpegEncoder::open(why);
    if (!encoder) {
        return nullptr;
    }
    // GL on the CUDA device, able to import its memory: not Mesa's
    // software GL beside a GPU.
    if (!ImportedGlBuffer::create(4096, why)) {
        return nullptr;
    }
    return std::make_unique<NvJpegFrames>(std::move(encoder));
}

}  // namespace heatlab
