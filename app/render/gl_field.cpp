#include "app/render/gl_field.h"

#include "app/i18n/translation.h"
#include "app/render/cuda_gl_buffer.h"
#include "app/render/gl_check.h"
#include "kernels/base/errors.h"

namespace heatlab {

GlField::GlField() = default;

GlField::~GlField() {
    interop_.reset();  // unregister while the buffer still exists
    shared_.reset();
    if (rangeCopied_ != nullptr) {
        glDeleteSync(rangeCopied_);
    }
}

void GlField::viewsOver(GLuint buffer, gl::Texture& field, gl::Texture& image) const {
    // Two views of one buffer: the field with its range, and the image after
    // it (displayImageOffset), each within the texel limit.
    field = gl::Texture::create();
    glBindTexture(GL_TEXTURE_BUFFER, field.id());
    GL_CHECK(glTexBufferRange(GL_TEXTURE_BUFFER, GL_R32F, buffer, 0,
                              static_cast<GLsizeiptr>(displayBufferFloats(grid_) * sizeof(float))));
    image = gl::Texture{};
    if (imagePixels_ > 0) {
        image = gl::Texture::create();
        glBindTexture(GL_TEXTURE_BUFFER, image.id());
        GL_CHECK(glTexBufferRange(GL_TEXTURE_BUFFER, GL_R32F, buffer,
                                  static_cast<GLintptr>(displayImageOffset(grid_) * sizeof(float)),
                                  static_cast<GLsizeiptr>(imagePixels_ * sizeof(float))));
    }
    glBindTexture(GL_TEXTURE_BUFFER, 0);
}

void GlField::prepare(const GridSize& grid, DisplayPath wanted, const Backend& backend,
                      std::size_t imagePixels, bool mapPerFrame) {
    if (usingShared() && drawn_ >= 0 && !drawnFenced_) {
        shared_->fenceReads(drawn_);  // the previous frame's reads, done before CUDA writes it
    }
    drawnFenced_ = false;
    const bool sameGrid = grid.nx == grid_.nx && grid.ny == grid_.ny;
    // A view that needs no image keeps the room it has: zooming across one
    // cell a pixel costs no new buffer.
    if (sameGrid && imagePixels == 0) {
        imagePixels = imagePixels_;
    }
    if (!sameGrid || imagePixels != imagePixels_ || !buffer_) {
        GLint maxTexels = 0;
        glGetIntegerv(GL_MAX_TEXTURE_BUFFER_SIZE, &maxTexels);
        if (displayBufferFloats(grid) > static_cast<std::size_t>(maxTexels)) {
            throw RuntimeError(
                trf("a %d x %d grid has more cells than this GL's buffer texture may hold (%lld)",
                    grid.nx, grid.ny, static_cast<long long>(maxTexels)));
        }
        interop_.reset();
        interopRefused_ = false;
        shared_.reset();
        sharedRefused_ = false;
        sharedRefusal_.clear();
        drawn_ = -1;
        newestHolds_.reset();
        grid_ = grid;
        imagePixels_ = imagePixels;
        buffer_ = gl::Buffer::create();
        glBindBuffer(GL_TEXTURE_BUFFER, buffer_.id());
        GL_CHECK(glBufferData(
            GL_TEXTURE_BUFFER,
            static_cast<GLsizeiptr>(displayBufferFloats(grid, imagePixels) * sizeof(float)),
            nullptr, GL_DYNAMIC_DRAW));
        glBindBuffer(GL_TEXTURE_BUFFER, 0);
        viewsOver(buffer_.id(), texture_, imageTexture_);
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
    const std::size_t bytes = displayBufferFloats(grid, imagePixels) * sizeof(float);
    if (!mapPerFrame && !shared_ && !sharedRefused_) {
        std::string why;
        shared_ = shareWithCuda(bytes, &why);
        if (shared_) {
            ++sharedImports_;
            for (int i = 0; i < 2; ++i) {
                viewsOver(shared_->buffer(i), sharedTextures_[i], sharedImageTextures_[i]);
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
        return;
    }
    const bool previousServes = newestHolds_ && (!written.cells || newestHolds_->cells) &&
                                (written.image == nullptr || newestHolds_->image);
    drawn_ = shared_->readable(latency && previousServes);
    newestHolds_ = Held{written.cells, written.image != nullptr};
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

GLuint GlField::imageTexture() const {
    return usingShared() && drawn_ >= 0 ? sharedImageTextures_[drawn_].id() : imageTexture_.id();
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

void GlField::uploadFromHost(const float* field, const FieldRange& range) {
    const float ends[kDisplayRangeFloats] = {range.min, range.max, range.hasNaN ? 1.0f : 0.0f};
    glBindBuffer(GL_TEXTURE_BUFFER, buffer_.id());
    GL_CHECK(glBufferSubData(GL_TEXTURE_BUFFER, 0, static_cast<GLsizeiptr>(grid_.bytes()), field));
    GL_CHECK(glBufferSubData(GL_TEXTURE_BUFFER, static_cast<GLintptr>(grid_.bytes()), sizeof(ends),
                             ends));
    glBindBuffer(GL_TEXTURE_BUFFER, 0);
}

void GlField::uploadImageOf(Backend& backend, const ViewSampling& sampling) {
    if (imagePixels_ != sampling.pixels()) {
        throw RuntimeError("GlField::uploadImageOf: the buffer was prepared for another view");
    }
    hostImage_.resize(imagePixels_);
    backend.viewImage(sampling, hostImage_.data());
    glBindBuffer(GL_TEXTURE_BUFFER, buffer_.id());
    GL_CHECK(glBufferSubData(
        GL_TEXTURE_BUFFER, static_cast<GLintptr>(displayImageOffset(grid_) * sizeof(float)),
        static_cast<GLsizeiptr>(imagePixels_ * sizeof(float)), hostImage_.data()));
    glBindBuffer(GL_TEXTURE_BUFFER, 0);
}

FieldRange GlField::storedRange() const {
    constexpr GLsizeiptr kBytes = kDisplayRangeFloats * sizeof(float);
    float ends[kDisplayRangeFloats] = {0.0f, 0.0f, 0.0f};
    if (usingShared() && drawn_ >= 0) {
        // CUDA wrote it and reads it: no GL read of the imported memory is
        // trusted (SharedGlBuffers::read).
        shared_->read(drawn_, grid_.bytes(), ends, sizeof(ends));
        return {ends[0], ends[1], ends[2] != 0.0f};
    }
    // Copied on the GPU into a buffer of GL's own, then read, as the
    // mapped interop buffer is only ever read.
    const gl::Buffer scratch = gl::Buffer::create();
    glBindBuffer(GL_COPY_WRITE_BUFFER, scratch.id());
    GL_CHECK(glBufferData(GL_COPY_WRITE_BUFFER, kBytes, nullptr, GL_STREAM_READ));
    glBindBuffer(GL_COPY_READ_BUFFER, drawnBuffer());
    GL_CHECK(glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER,
                                 static_cast<GLintptr>(grid_.bytes()), 0, kBytes));
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
    GL_CHECK(glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER,
                                 static_cast<GLintptr>(grid_.bytes()), 0, kBytes));
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
