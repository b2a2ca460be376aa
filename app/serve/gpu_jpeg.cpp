// Built only with the CUDA backend (CMake picks gpu_jpeg_none.cpp
// otherwise): the GL side of the GPU's JPEG path. The encoding itself is
// CUDA's side, nvjpeg_encoder.h (a CUDA source of this library).
#include "app/serve/gpu_jpeg.h"

#include <glad/gl.h>

#include <cstdio>

#include "app/i18n/terminal_locale.h"
#include "app/i18n/translation.h"
#include "app/render/gl_check.h"
#include "app/render/imported_gl_buffer.h"
#include "app/render/imported_gl_texture.h"
#include "app/serve/nvjpeg_encoder.h"
#include "app/serve/recent_times.h"
#include "kernels/base/errors.h"
#include "kernels/base/host_clock.h"

namespace heatlab {

namespace {

// How long the host waits for GL's work on a frame: far more than it takes.
constexpr GLuint64 kGlTimeoutNs = 2'000'000'000;

// CUDA reads what GL wrote only once GL is done writing it.
void waitForGl(const char* what) {
    const GLsync done = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    const GLenum status = glClientWaitSync(done, GL_SYNC_FLUSH_COMMANDS_BIT, kGlTimeoutNs);
    glDeleteSync(done);
    if (status == GL_TIMEOUT_EXPIRED || status == GL_WAIT_FAILED) {
        throw RuntimeError(trf("OpenGL did not finish %s in 2 s", what));
    }
}

// The colour texture of the bound read framebuffer, 0 for the default one
// or an attachment that is no texture.
GLuint readTexture() {
    GLint framebuffer = 0;
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &framebuffer);
    if (framebuffer == 0) {
        return 0;
    }
    GLint type = GL_NONE;
    glGetFramebufferAttachmentParameteriv(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &type);
    if (type != GL_TEXTURE) {
        return 0;
    }
    GLint name = 0;
    glGetFramebufferAttachmentParameteriv(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &name);
    return static_cast<GLuint>(name);
}

// The frames drawn into a texture in memory CUDA allocated and GL imported,
// which CUDA reads as an image (no glReadPixels: on the H200, whose
// graphics run on 4 of its 132 SMs, a 1080p read and its wait took
// 0.30 ms), or, where a frame was drawn elsewhere, read by GL into such
// memory as RGBA. nvJPEG's side turns it upright as RGB in one pass and
// encodes it.
class NvJpegFrames : public GpuJpeg {
public:
    NvJpegFrames(std::unique_ptr<NvJpegEncoder> encoder, std::string noTexture)
        : encoder_(std::move(encoder)), noTexture_(std::move(noTexture)) {}

    std::string description() const override {
        return "nvJPEG on the GPU (" + encoder_->library() + "), " +
               (noTexture_.empty()
                    ? "the frames drawn in CUDA's memory"
                    : "the frames read into CUDA's memory (none drawn there: " + noTexture_ + ")");
    }

    std::unique_ptr<OffscreenTarget> makeTarget(int width, int height) override {
        drawn_.reset();
        if (noTexture_.empty()) {
            std::string why;
            std::shared_ptr<ImportedGlTexture> texture =
                ImportedGlTexture::create(width, height, &why);
            if (texture) {
                auto target =
                    std::make_unique<OffscreenTarget>(width, height, texture->texture(), texture);
                drawn_ = std::move(texture);
                return target;
            }
            std::fprintf(stderr, "heatlab serve: %s\n",
                         terminalLine(trf("a %d x %d texture in CUDA's memory was refused (%s): "
                                          "frames of that size are read into it",
                                          width, height, why.c_str()))
                             .c_str());
        }
        return std::make_unique<OffscreenTarget>(width, height);
    }

    void encode(int width, int height, int quality, std::vector<unsigned char>& out) override {
        const double start = secondsNow();
        if (drawn_ && drawn_->width() == width && drawn_->height() == height &&
            readTexture() == drawn_->texture()) {
            waitForGl("drawing a frame");
            const double drawn = secondsNow();
            encoder_->encode(drawn_->image(), width, height, quality, out);
            glMs_.add((drawn - start) * 1000.0);
            encodeMs_.add((secondsNow() - drawn) * 1000.0);
            return;
        }
        const void* pixels = readIntoBuffer(width, height);
        anyRead_ = true;
        const double read = secondsNow();
        encoder_->encode(pixels, static_cast<std::size_t>(width) * 4, width, height, quality, out);
        glMs_.add((read - start) * 1000.0);
        encodeMs_.add((secondsNow() - read) * 1000.0);
    }

    std::string parts() const override {
        char text[200];
        std::snprintf(text, sizeof text,
                      "GL's part (%s) %.2f ms, nvJPEG's (upright, encode, the JPEG to the host) "
                      "%.2f ms",
                      anyRead_ ? "the frame read into CUDA's memory"
                               : "the wait for the frame drawn in CUDA's memory",
                      glMs_.median(), encodeMs_.median());
        return text;
    }

private:
    const void* readIntoBuffer(int width, int height) {
        const std::size_t bytes = static_cast<std::size_t>(width) * height * 4;
        if (!pixels_ || pixels_->memory().bytes() < bytes) {
            pixels_.reset();
            std::string why;
            pixels_ = ImportedGlBuffer::create(bytes, &why);
            if (!pixels_) {
                throw RuntimeError(trf("no buffer for nvJPEG: %s", why.c_str()));
            }
        }
        glBindBuffer(GL_PIXEL_PACK_BUFFER, pixels_->buffer());
        glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
        glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
        gl::throwOnError("reading a frame into nvJPEG's buffer", __FILE__, __LINE__);
        waitForGl("reading a frame into nvJPEG's buffer");
        return pixels_->memory().data();
    }

    RecentTimes glMs_;
    RecentTimes encodeMs_;
    std::unique_ptr<NvJpegEncoder> encoder_;
    std::string noTexture_;  // why frames are not drawn in CUDA's memory; empty: they are
    std::shared_ptr<ImportedGlTexture> drawn_;  // shared with the target drawing into it
    std::unique_ptr<ImportedGlBuffer> pixels_;
    bool anyRead_ = false;  // some frame was read, not drawn, into CUDA's memory
};

// Empty where the frames can be drawn in CUDA's memory: a texture of an
// awkward size made there, laid out in rows, and drawn into.
std::string whyNoDrawnTexture() {
    std::string why;
    std::shared_ptr<ImportedGlTexture> texture = ImportedGlTexture::create(67, 41, &why);
    if (!texture) {
        return why;
    }
    try {
        const OffscreenTarget target(67, 41, texture->texture(), texture);
    } catch (const RuntimeError& e) {
        return e.what();
    }
    return {};
}

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
    return std::make_unique<NvJpegFrames>(std::move(encoder), whyNoDrawnTexture());
}

}  // namespace heatlab
