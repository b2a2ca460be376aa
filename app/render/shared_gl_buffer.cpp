// Built only with the CUDA backend (CMake picks shared_gl_buffer_none.cpp
// otherwise).
#include "app/render/shared_gl_buffer.h"

#include <cuda_runtime.h>
#include <array>

#include "app/i18n/translation.h"
#include "app/render/gl_check.h"
#include "app/render/gl_objects.h"
#include "app/render/gl_state_saver.h"
#include "app/render/imported_gl_buffer.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

// How long the host waits for GL to finish reading a buffer before CUDA
// writes it: a frame's GL work, far less than this.
constexpr GLuint64 kFenceTimeoutNs = 2'000'000'000;
// How long the check of a new pair waits for GL's read of a few floats.
constexpr GLuint64 kCheckTimeoutNs = 1'000'000'000;

// The check's picture: one pixel a float of the buffer's start.
constexpr int kCheckWidth = 64;
constexpr int kCheckHeight = 16;
constexpr std::size_t kCheckFloats = std::size_t{kCheckWidth} * kCheckHeight;

// A triangle over the whole viewport, from gl_VertexID alone.
constexpr const char* kCheckVertexShader = R"(#version 330 core
void main() {
    vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
)";
// Pixel (x, y) is float y * width + x of the buffer, read as a frame reads
// the display buffer: texelFetch from a buffer texture.
constexpr const char* kCheckFragmentShader = R"(#version 330 core
uniform samplerBuffer cells;
uniform int width;
out float value;
void main() {
    ivec2 pixel = ivec2(gl_FragCoord.xy);
    value = texelFetch(cells, pixel.y * width + pixel.x).r;
}
)";

// GL reads the first kCheckFloats floats of `buffer` the way a frame does,
// in a shader, into a float framebuffer read back into `out`; false with
// *why when it has not finished in a second. A copy of the buffer by GL
// was not enough: on an H100 (driver 580.159, EGL device) GL's copy read
// the pattern right while every frame's shader read waited on its fence.
bool readByShader(GLuint buffer, float* out, std::string* why) {
    const GlStateSaver saved;
    const gl::Program program =
        gl::linkProgram("display buffer check", kCheckVertexShader, kCheckFragmentShader);
    const gl::Texture cells = gl::Texture::create();
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_BUFFER, cells.id());
    glTexBuffer(GL_TEXTURE_BUFFER, GL_R32F, buffer);
    const gl::Texture target = gl::Texture::create();
    glBindTexture(GL_TEXTURE_2D, target.id());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, kCheckWidth, kCheckHeight, 0, GL_RED, GL_FLOAT,
                 nullptr);
    glBindTexture(GL_TEXTURE_2D, 0);
    const gl::Framebuffer framebuffer = gl::Framebuffer::create();
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer.id());
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target.id(), 0);
    const gl::VertexArray vertices = gl::VertexArray::create();
    glBindVertexArray(vertices.id());
    glDisable(GL_BLEND);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_CULL_FACE);
    glViewport(0, 0, kCheckWidth, kCheckHeight);
    glUseProgram(program.id());
    glUniform1i(glGetUniformLocation(program.id(), "cells"), 0);
    glUniform1i(glGetUniformLocation(program.id(), "width"), kCheckWidth);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    GLsync done = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    const GLenum status = glClientWaitSync(done, GL_SYNC_FLUSH_COMMANDS_BIT, kCheckTimeoutNs);
    glDeleteSync(done);
    const bool finished = status == GL_ALREADY_SIGNALED || status == GL_CONDITION_SATISFIED;
    if (finished) {
        glReadBuffer(GL_COLOR_ATTACHMENT0);
        glReadPixels(0, 0, kCheckWidth, kCheckHeight, GL_RED, GL_FLOAT, out);
    } else {
        *why = "OpenGL did not read the memory CUDA wrote in 1 s";
    }
    const std::string errors = gl::drainErrors();
    if (finished && !errors.empty()) {
        *why = "OpenGL could not read the memory CUDA wrote (" + errors + ")";
        return false;
    }
    return finished;
}

class SharedPair final : public SharedGlBuffers {
public:
    ~SharedPair() override {
        // The buffers finish GL's work before CUDA frees their memory.
        for (Slot& slot : slots_) {
            if (slot.fence != nullptr) {
                glDeleteSync(slot.fence);
            }
        }
    }

    // Allocates and imports both; false with *why on the first refusal.
    bool make(std::size_t bytes, std::string* why) {
        for (Slot& slot : slots_) {
            slot.imported = ImportedGlBuffer::create(bytes, why);
            if (!slot.imported) {
                return false;
            }
        }
        return seesCudaWrites(why);
    }

    GLuint buffer(int index) const override { return slots_[index].imported->buffer(); }

    float* acquire(void* /*stream*/) override {
        writing_ = written_ < 0 ? 0 : 1 - written_;
        Slot& slot = slots_[writing_];
        if (slot.fence != nullptr) {
            // fenceReads() flushed the fence: no flush here, which would
            // send whatever GL work is queued now on its own.
            const GLenum status = glClientWaitSync(slot.fence, 0, kFenceTimeoutNs);
            glDeleteSync(slot.fence);
            slot.fence = nullptr;
            if (status == GL_TIMEOUT_EXPIRED || status == GL_WAIT_FAILED) {
                throw RuntimeError(tr("OpenGL did not finish reading a display buffer in 2 s"));
            }
        }
        return slot.imported->memory().data();
    }

    void release(void* stream) override {
        slots_[writing_].imported->memory().recordWritten(stream);
        previous_ = written_;
        written_ = writing_;
    }

    int written() const override { return written_; }

    int readable(bool latency) override {
        if (written_ < 0) {
            throw RuntimeError("SharedGlBuffers::readable: nothing was written yet");
        }
        const int index = latency && previous_ >= 0 ? previous_ : written_;
        slots_[index].imported->memory().waitWritten();
        return index;
    }

    void fenceReads(int index) override {
        Slot& slot = slots_[index];
        if (slot.fence != nullptr) {
            glDeleteSync(slot.fence);
        }
        slot.fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
        glFlush();
    }

    void read(int index, std::size_t offset, void* out, std::size_t bytes) override {
        slots_[index].imported->memory().read(offset, out, bytes);
    }

private:
    // A driver may import the memory and still not show GL what CUDA wrote
    // (an H100 with driver 580.159 on the EGL device: GL's reads gave other
    // values and its fences did not signal, so every frame waited 2 s and
    // drew nothing). CUDA writes a pattern into each buffer and GL reads it
    // back in a shader; false with *why unless it reads the pattern.
    bool seesCudaWrites(std::string* why) {
        std::array<float, kCheckFloats> written{};
        std::array<float, kCheckFloats> read{};
        for (std::size_t s = 0; s < slots_.size(); ++s) {
            for (std::size_t i = 0; i < kCheckFloats; ++i) {
                written[i] = 1.0f + static_cast<float>(i) * 0.25f + static_cast<float>(s) * 100.0f;
            }
            float* device = slots_[s].imported->memory().data();
            if (cudaMemcpy(device, written.data(), sizeof(written), cudaMemcpyHostToDevice) !=
                    cudaSuccess ||
                cudaDeviceSynchronize() != cudaSuccess) {
                (void)cudaGetLastError();
                *why = "CUDA could not write the shared memory";
                return false;
            }
            if (!readByShader(slots_[s].imported->buffer(), read.data(), why)) {
                return false;
            }
            if (read != written) {
                *why = "OpenGL read other values than CUDA wrote into it";
                return false;
            }
        }
        return true;
    }

    struct Slot {
        std::unique_ptr<ImportedGlBuffer> imported;
        GLsync fence = nullptr;  // after the GL work that last read it
    };
    std::array<Slot, 2> slots_;
    int writing_ = -1;
    int written_ = -1;   // the newest written
    int previous_ = -1;  // the one written before it
};

}  // namespace

std::unique_ptr<SharedGlBuffers> shareWithCuda(std::size_t bytes, std::string* why) {
    int devices = 0;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
        (void)cudaGetLastError();
        *why = "no CUDA device";
        return nullptr;
    }
    auto pair = std::make_unique<SharedPair>();
    if (!pair->make(bytes, why)) {
        return nullptr;
    }
    return pair;
}

}  // namespace heatlab
