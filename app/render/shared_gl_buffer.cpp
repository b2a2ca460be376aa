// Built only with the CUDA backend (CMake picks shared_gl_buffer_none.cpp
// otherwise).
#include "app/render/shared_gl_buffer.h"

#include <cuda_runtime.h>
#include <array>

#include "app/i18n/translation.h"
#include "app/render/gl_check.h"
#include "app/render/imported_gl_buffer.h"
#include "app/render/shader_readback.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

// How long the host waits for GL to finish reading a buffer before CUDA
// writes it: a frame's GL work, far less than this.
constexpr GLuint64 kFenceTimeoutNs = 2'000'000'000;
// How long the check of a new pair waits for GL's read of a few floats.
constexpr GLuint64 kCheckTimeoutNs = 1'000'000'000;

constexpr std::size_t kCheckFloats = 1024;

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
            if (!readBufferInShader(slots_[s].imported->buffer(), 0, kCheckFloats, read.data(),
                                    kCheckTimeoutNs, why)) {
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
