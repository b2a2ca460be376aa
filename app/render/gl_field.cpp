#include "app/render/gl_field.h"

#include <algorithm>

#include "app/i18n/translation.h"
#include "app/render/cuda_gl_buffer.h"
#include "app/render/gl_check.h"
#include "app/render/gl_limits.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

// A buffer texture over the first `bytes` of `buffer`: the whole layout,
// not what an import rounded the buffer up to.
gl::Texture textureOver(GLuint buffer, std::size_t bytes) {
    gl::Texture texture = gl::Texture::create();
    glBindTexture(GL_TEXTURE_BUFFER, texture.id());
    GL_CHECK(
        glTexBufferRange(GL_TEXTURE_BUFFER, GL_R32F, buffer, 0, static_cast<GLsizeiptr>(bytes)));
    glBindTexture(GL_TEXTURE_BUFFER, 0);
    return texture;
}

// A buffer's size, asked of GL.
std::size_t bufferBytes(GLuint buffer) {
    GLint64 bytes = 0;
    glBindBuffer(GL_COPY_READ_BUFFER, buffer);
    glGetBufferParameteri64v(GL_COPY_READ_BUFFER, GL_BUFFER_SIZE, &bytes);
    glBindBuffer(GL_COPY_READ_BUFFER, 0);
    return static_cast<std::size_t>(bytes);
}

const std::optional<DisplayContents> kNothingWritten;

}  // namespace

GlField::GlField() = default;

GlField::~GlField() {
    interop_.reset();  // unregister while the buffer still exists
    shared_.reset();
    if (rangeCopied_ != nullptr) {
        glDeleteSync(rangeCopied_);
    }
}

void GlField::prepare(const DisplayLayout& layout, DisplayPath wanted, const Backend& backend,
                      bool mapPerFrame) {
    if (usingShared() && drawn_ >= 0 && !drawnFenced_) {
        shared_->fenceReads(drawn_);  // the previous frame's reads, done before CUDA writes it
    }
    drawnFenced_ = false;
    if (layout != layout_ || !buffer_) {
        const long long texels = glLimits().bufferTexels;
        if (layout.floats() > static_cast<std::size_t>(std::max(texels, 0LL))) {
            throw RuntimeError(
                trf("a view of %d x %d pixels needs more values than this GL's "
                    "buffer texture may hold (%lld)",
                    layout.width, layout.height, texels));
        }
        interop_.reset();
        interopRefused_ = false;
        shared_.reset();
        sharedRefused_ = false;
        sharedRefusal_.clear();
        drawn_ = -1;
        sharedHeld_ = {};
        held_.reset();
        staging_ = std::vector<float>();
        layout_ = layout;
        buffer_ = gl::Buffer::create();
        glBindBuffer(GL_TEXTURE_BUFFER, buffer_.id());
        GL_CHECK(glBufferData(GL_TEXTURE_BUFFER, static_cast<GLsizeiptr>(layout.bytes()), nullptr,
                              GL_DYNAMIC_DRAW));
        glBindBuffer(GL_TEXTURE_BUFFER, 0);
        texture_ = textureOver(buffer_.id(), layout.bytes());
    }
    mapPerFrame_ = mapPerFrame;
    fallbackReason_.clear();
    path_ = DisplayPath::ViaHost;
    if (wanted != DisplayPath::Interop) {
        return;
    }
    if (backend.facts().fieldInHostMemory) {
        fallbackReason_ =
            trf("the %s backend keeps its field in host memory", backend.facts().name.c_str());
        return;
    }
    const std::size_t bytes = layout.bytes();
    if (!mapPerFrame && !shared_ && !sharedRefused_) {
        std::string why;
        shared_ = shareWithCuda(bytes, &why);
        if (shared_) {
            ++sharedImports_;
            for (int i = 0; i < 2; ++i) {
                sharedTextures_[i] = textureOver(shared_->buffer(i), bytes);
            }
        } else {
            sharedRefused_ = true;
            sharedRefusal_ =
                trf("shared memory: %s; the buffer is mapped each frame instead", why.c_str());
        }
    }
    path_ = DisplayPath::Interop;
    if (usingShared()) {
        return;
    }
    if (!interop_ && !interopRefused_) {
        std::string why;
        interop_ = registerWithCuda(buffer_.id(), bytes, &why);
        if (interop_) {
            ++registrations_;
        } else {
            interopRefused_ = true;
            refusal_ = why;
        }
    }
    if (!interop_) {
        path_ = DisplayPath::ViaHost;
        fallbackReason_ = refusal_;
    }
}

void GlField::finishFrame() {
    if (usingShared() && drawn_ >= 0 && !drawnFenced_) {
        shared_->fenceReads(drawn_);
        drawnFenced_ = true;
    }
    glFlush();  // the fence flushes too; a second flush with nothing queued costs nothing
}

void GlField::settle(bool latency, const DisplayContents& written) {
    if (!usingShared()) {
        held_ = written;  // the mapped buffer, written in place
        return;
    }
    const int newest = shared_->written();
    const int older = 1 - newest;
    const bool olderServes = sharedHeld_[older] && *sharedHeld_[older] == written;
    sharedHeld_[newest] = written;
    drawn_ = shared_->readable(latency && olderServes);
}

std::optional<InteropBuffer> GlField::interopBuffer() const {
    if (path_ != DisplayPath::Interop) {
        return std::nullopt;
    }
    return usingShared() ? InteropBuffer::Shared : InteropBuffer::Mapped;
}

GLuint GlField::texture() const {
    return usingShared() && drawn_ >= 0 ? sharedTextures_[drawn_].id() : texture_.id();
}

const std::optional<DisplayContents>& GlField::drawn() const {
    if (usingShared()) {
        return drawn_ >= 0 ? sharedHeld_[drawn_] : kNothingWritten;
    }
    return held_;
}

FieldValues GlField::viewValues() const {
    const std::optional<DisplayContents>& d = drawn();
    if (!d) {
        throw RuntimeError("GlField: nothing was written to draw");
    }
    return FieldValues{texture(), d->grid, d->layout.viewOffset(), d->cells, d->image.has_value()};
}

FieldValues GlField::loupeValues() const {
    const std::optional<DisplayContents>& d = drawn();
    if (!d) {
        throw RuntimeError("GlField: nothing was written to draw");
    }
    return FieldValues{texture(), d->grid, d->layout.loupeOffset(), d->loupe, false};
}

std::size_t GlField::glBytes() const {
    std::size_t bytes = 0;
    if (buffer_) {
        bytes += bufferBytes(buffer_.id());
    }
    if (shared_) {
        bytes += bufferBytes(shared_->buffer(0)) + bufferBytes(shared_->buffer(1));
    }
    if (rangeReadback_) {
        bytes += bufferBytes(rangeReadback_.id());
    }
    return bytes;
}

GLuint GlField::drawnBuffer() const {
    return usingShared() && drawn_ >= 0 ? shared_->buffer(drawn_) : buffer_.id();
}

DeviceDisplayBuffer& GlField::deviceBuffer() {
    if (usingShared()) {
        return *shared_;
    }
    if (path_ != DisplayPath::Interop || !interop_) {
        throw RuntimeError("GlField::deviceBuffer: the display path is not interop");
    }
    return *interop_;
}

template <typename Fill>
void GlField::upload(const DisplayContents& c, const FieldRange& range, Fill fill) {
    if (usingShared()) {
        throw RuntimeError("GlField: an upload on the interop path");
    }
    if (c.layout != layout_ || !buffer_) {
        throw RuntimeError("GlField: the buffer was prepared for another view");
    }
    checkDisplayContents(c, c.grid);
    staging_.resize(layout_.floats());
    float* at = staging_.data();
    at[0] = range.min;
    at[1] = range.max;
    at[2] = range.hasNaN ? 1.0f : 0.0f;
    fill(at);
    const auto send = [&](std::size_t offset, std::size_t floats) {
        if (floats > 0) {
            GL_CHECK(glBufferSubData(GL_TEXTURE_BUFFER,
                                     static_cast<GLintptr>(offset * sizeof(float)),
                                     static_cast<GLsizeiptr>(floats * sizeof(float)), at + offset));
        }
    };
    glBindBuffer(GL_TEXTURE_BUFFER, buffer_.id());
    send(0, kDisplayRangeFloats);
    send(layout_.viewOffset(), c.image ? c.image->pixels() : c.cells.cells());
    send(layout_.loupeOffset(), c.loupe.cells());
    glBindBuffer(GL_TEXTURE_BUFFER, 0);
    held_ = c;
}

void GlField::uploadFrom(Backend& backend, const DisplayContents& c, const FieldRange& range) {
    upload(c, range, [&](float* at) {
        if (c.image) {
            backend.viewImage(*c.image, at + layout_.viewOffset());
        }
        if (!c.cells.empty()) {
            backend.copyWindow(c.cells, at + layout_.viewOffset());
        }
        if (!c.loupe.empty()) {
            backend.copyWindow(c.loupe, at + layout_.loupeOffset());
        }
    });
}

void GlField::uploadFromHost(const float* field, const DisplayContents& c,
                             const FieldRange& range) {
    upload(c, range, [&](float* at) {
        if (c.image) {
            viewImageOf(field, c.grid, *c.image, at + layout_.viewOffset());
        }
        if (!c.cells.empty()) {
            copyWindowOf(field, c.grid, c.cells, at + layout_.viewOffset());
        }
        if (!c.loupe.empty()) {
            copyWindowOf(field, c.grid, c.loupe, at + layout_.loupeOffset());
        }
    });
}

FieldRange GlField::storedRange() const {
    constexpr GLsizeiptr kBytes = kDisplayRangeFloats * sizeof(float);
    float ends[kDisplayRangeFloats] = {0.0f, 0.0f, 0.0f};
    if (usingShared() && drawn_ >= 0) {
        // CUDA wrote it and reads it: no GL read of the imported memory is
        // trusted (SharedGlBuffers::read).
        shared_->read(drawn_, 0, ends, sizeof(ends));
        return {ends[0], ends[1], ends[2] != 0.0f};
    }
    // Copied on the GPU into a buffer of GL's own, then read, as the
    // mapped interop buffer is only ever read.
    const gl::Buffer scratch = gl::Buffer::create();
    glBindBuffer(GL_COPY_WRITE_BUFFER, scratch.id());
    GL_CHECK(glBufferData(GL_COPY_WRITE_BUFFER, kBytes, nullptr, GL_STREAM_READ));
    glBindBuffer(GL_COPY_READ_BUFFER, drawnBuffer());
    GL_CHECK(glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, kBytes));
    GL_CHECK(glGetBufferSubData(GL_COPY_WRITE_BUFFER, 0, kBytes, ends));
    glBindBuffer(GL_COPY_READ_BUFFER, 0);
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
    return {ends[0], ends[1], ends[2] != 0.0f};
}

void GlField::queueRangeReadback() {
    if (usingShared() && drawn_ >= 0) {
        // CUDA's copy of 12 bytes, its write already waited for by settle():
        // read now, answered at the next finishedRange().
        sharedRange_ = storedRange();
        return;
    }
    if (rangeCopied_ != nullptr || !buffer_) {
        return;
    }
    constexpr GLsizeiptr kBytes = kDisplayRangeFloats * sizeof(float);
    if (!rangeReadback_) {
        rangeReadback_ = gl::Buffer::create();
        glBindBuffer(GL_COPY_WRITE_BUFFER, rangeReadback_.id());
        GL_CHECK(glBufferData(GL_COPY_WRITE_BUFFER, kBytes, nullptr, GL_STREAM_READ));
    }
    glBindBuffer(GL_COPY_READ_BUFFER, drawnBuffer());
    glBindBuffer(GL_COPY_WRITE_BUFFER, rangeReadback_.id());
    GL_CHECK(glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, kBytes));
    glBindBuffer(GL_COPY_READ_BUFFER, 0);
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
    // Flushed with the frame's GL work (finishFrame(), a window's buffer
    // swap), not on its own: a flush here would send the field's draw to
    // the GPU apart from the panel drawn after it.
    rangeCopied_ = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
}

std::optional<FieldRange> GlField::finishedRange() {
    if (sharedRange_) {
        const FieldRange range = *sharedRange_;
        sharedRange_.reset();
        return range;
    }
    if (rangeCopied_ == nullptr) {
        return std::nullopt;
    }
    const GLenum status = glClientWaitSync(rangeCopied_, 0, 0);
    if (status != GL_ALREADY_SIGNALED && status != GL_CONDITION_SATISFIED) {
        return std::nullopt;  // still running, or GL_WAIT_FAILED: asked again next frame
    }
    glDeleteSync(rangeCopied_);
    rangeCopied_ = nullptr;
    float ends[kDisplayRangeFloats] = {0.0f, 0.0f, 0.0f};
    glBindBuffer(GL_COPY_READ_BUFFER, rangeReadback_.id());
    GL_CHECK(glGetBufferSubData(GL_COPY_READ_BUFFER, 0, sizeof(ends), ends));
    glBindBuffer(GL_COPY_READ_BUFFER, 0);
    return FieldRange{ends[0], ends[1], ends[2] != 0.0f};
}

}  // namespace heatlab
