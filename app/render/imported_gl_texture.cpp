// Built only with the CUDA backend.
#include "app/render/imported_gl_texture.h"

#include <cstdint>
#include <cstring>
#include <vector>

#include "app/render/gl_check.h"

namespace heatlab {

namespace {

// Room for the driver's tiling: each row rounded up to 4 KiB, the rows to a
// multiple of 512, and 2 MiB more. (A 1080p texture was refused in 2 MiB
// and taken in 64 MiB on the H200; the tiles are far smaller than this
// rounding.)
std::size_t roomFor(int width, int height) {
    const std::size_t row = (static_cast<std::size_t>(width) * 4 + 4095) / 4096 * 4096;
    const std::size_t rows = (static_cast<std::size_t>(height) + 511) / 512 * 512;
    return row * rows + (std::size_t{2} << 20);
}

// A value of its own for each pixel of a picture up to 65535 a side: x in
// the first two bytes, y in the last two.
std::uint32_t pixelMark(int x, int y) {
    const std::uint8_t bytes[4] = {
        static_cast<std::uint8_t>(x & 0xFF), static_cast<std::uint8_t>(x >> 8),
        static_cast<std::uint8_t>(y & 0xFF), static_cast<std::uint8_t>(y >> 8)};
    std::uint32_t mark = 0;
    std::memcpy(&mark, bytes, 4);
    return mark;
}

}  // namespace

std::unique_ptr<ImportedGlTexture> ImportedGlTexture::create(int width, int height,
                                                             std::string* why) {
    if (width < 1 || height < 1 || width > 65535 || height > 65535) {
        *why = "a texture in CUDA's memory is 1 to 65535 pixels a side";
        return nullptr;
    }
    std::unique_ptr<ImportedGlTexture> imported(new ImportedGlTexture());
    imported->width_ = width;
    imported->height_ = height;
    imported->memory_ = GlMemoryObject::create(roomFor(width, height), why);
    if (!imported->memory_) {
        return nullptr;
    }
    GLint previous = 0;
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &previous);
    glGenTextures(1, &imported->texture_);
    glBindTexture(GL_TEXTURE_2D, imported->texture_);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexStorageMem2DEXT(GL_TEXTURE_2D, 1, GL_RGBA8, width, height, imported->memory_->id(), 0);
    glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(previous));
    const std::string errors = gl::drainErrors();
    if (!errors.empty()) {
        *why = "OpenGL refused a texture in CUDA's memory (" + errors + ")";
        return nullptr;
    }
    SharedDeviceMemory& memory = imported->memory_->memory();
    const int fd = memory.exportFd(why);
    if (fd < 0) {
        return nullptr;
    }
    imported->image_ = ImportedImage::create(fd, memory.bytes(), width, height, why);
    if (!imported->image_ || !imported->sameForBoth(why)) {
        return nullptr;
    }
    return imported;
}

// Every pixel written its mark through GL and read back through CUDA.
bool ImportedGlTexture::sameForBoth(std::string* why) {
    std::vector<std::uint32_t> marks(static_cast<std::size_t>(width_) * height_);
    for (int y = 0; y < height_; ++y) {
        for (int x = 0; x < width_; ++x) {
            marks[static_cast<std::size_t>(y) * width_ + x] = pixelMark(x, y);
        }
    }
    GLint previous = 0;
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &previous);
    GLint previousAlignment = 4;
    glGetIntegerv(GL_UNPACK_ALIGNMENT, &previousAlignment);
    glBindTexture(GL_TEXTURE_2D, texture_);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE,
                    marks.data());
    glPixelStorei(GL_UNPACK_ALIGNMENT, previousAlignment);
    glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(previous));
    gl::throwOnError("writing a texture's marks", __FILE__, __LINE__);
    glFinish();

    std::vector<std::uint32_t> seen(marks.size());
    image_->copyToHost(seen.data(), static_cast<std::size_t>(width_) * 4);
    for (std::size_t i = 0; i < marks.size(); ++i) {
        if (seen[i] != marks[i]) {
            const auto x = static_cast<int>(i % width_);
            const auto y = static_cast<int>(i / width_);
            *why = "CUDA does not read the texture's pixels where GL wrote them (pixel (" +
                   std::to_string(x) + ", " + std::to_string(y) + ") first)";
            return false;
        }
    }
    return true;
}

ImportedGlTexture::~ImportedGlTexture() {
    if (texture_ != 0) {
        glFinish();
        glDeleteTextures(1, &texture_);
    }
    // Then CUDA's import of the memory, then the memory: the members in
    // the reverse of their order.
}

}  // namespace heatlab
