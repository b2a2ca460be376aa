#include "app/render/async_readback.h"

#include <cstring>

#include "app/render/gl_check.h"

namespace heatlab {

AsyncReadback::AsyncReadback(int depth) : depth_(static_cast<std::size_t>(depth < 1 ? 1 : depth)) {}

AsyncReadback::~AsyncReadback() {
    for (Read& read : reads_) {
        glDeleteSync(read.fence);
        spare_.push_back(read.buffer);
    }
    if (!spare_.empty()) {
        glDeleteBuffers(static_cast<GLsizei>(spare_.size()), spare_.data());
    }
}

void AsyncReadback::start(int width, int height) {
    if (reads_.size() >= depth_) {
        ready_.push_back(finish(reads_.front()));
        reads_.pop_front();
    }
    Read read;
    read.width = width;
    read.height = height;
    if (!spare_.empty()) {
        read.buffer = spare_.back();
        spare_.pop_back();
    } else {
        glGenBuffers(1, &read.buffer);
    }
    const GLsizeiptr bytes = static_cast<GLsizeiptr>(width) * height * 3;
    glBindBuffer(GL_PIXEL_PACK_BUFFER, read.buffer);
    glBufferData(GL_PIXEL_PACK_BUFFER, bytes, nullptr, GL_STREAM_READ);
    GLint alignment = 4;
    glGetIntegerv(GL_PACK_ALIGNMENT, &alignment);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, nullptr);
    glPixelStorei(GL_PACK_ALIGNMENT, alignment);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    read.fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    // Flushed, so the fence can signal without a later call's flush.
    glFlush();
    reads_.push_back(read);
    gl::throwOnError("reading a frame back into a pixel buffer", __FILE__, __LINE__);
}

std::optional<RgbImage> AsyncReadback::take(bool wait) {
    if (!ready_.empty()) {
        RgbImage image = std::move(ready_.front());
        ready_.pop_front();
        return image;
    }
    if (reads_.empty()) {
        return std::nullopt;
    }
    const GLenum status = glClientWaitSync(reads_.front().fence, 0, 0);
    if (!wait && status == GL_TIMEOUT_EXPIRED) {
        return std::nullopt;
    }
    RgbImage image = finish(reads_.front());
    reads_.pop_front();
    return image;
}

RgbImage AsyncReadback::finish(Read read) {
    glClientWaitSync(read.fence, GL_SYNC_FLUSH_COMMANDS_BIT, GL_TIMEOUT_IGNORED);
    glDeleteSync(read.fence);
    RgbImage image{read.width, read.height, {}};
    const std::size_t row = static_cast<std::size_t>(read.width) * 3;
    image.pixels.resize(row * read.height);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, read.buffer);
    const auto* mapped = static_cast<const std::uint8_t*>(glMapBufferRange(
        GL_PIXEL_PACK_BUFFER, 0, static_cast<GLsizeiptr>(row * read.height), GL_MAP_READ_BIT));
    if (mapped != nullptr) {
        // GL's rows are bottom first.
        for (int y = 0; y < read.height; ++y) {
            std::memcpy(image.pixels.data() + row * y, mapped + row * (read.height - 1 - y), row);
        }
        glUnmapBuffer(GL_PIXEL_PACK_BUFFER);
    }
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    spare_.push_back(read.buffer);
    gl::throwOnError("mapping a read-back frame", __FILE__, __LINE__);
    return image;
}

}  // namespace heatlab
