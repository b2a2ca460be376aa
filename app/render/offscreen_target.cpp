#include "app/render/offscreen_target.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "app/i18n/translation.h"
#include "app/render/gl_check.h"
#include "app/render/gl_limits.h"
#include "kernels/base/errors.h"

namespace heatlab {

int maxTargetSide() { return glLimits().targetSide; }

OffscreenTarget::OffscreenTarget(int width, int height) : width_(width), height_(height) {
    const int limit = maxTargetSide();
    if (width < 1 || height < 1 || width > limit || height > limit) {
        throw RuntimeError(trf("a picture of %d x %d pixels: this GL draws at most %d a side",
                               width, height, static_cast<int>(limit)));
    }
    ownColour_ = gl::Texture::create();
    GLint previousTexture = 0;
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &previousTexture);
    glBindTexture(GL_TEXTURE_2D, ownColour_.id());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    GL_CHECK(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                          nullptr));
    glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(previousTexture));
    attach(ownColour_.id());
}

OffscreenTarget::OffscreenTarget(int width, int height, GLuint colour,
                                 std::shared_ptr<void> storage)
    : width_(width), height_(height), storage_(std::move(storage)) {
    attach(colour);
}

void OffscreenTarget::attach(GLuint colour) {
    framebuffer_ = gl::Framebuffer::create();
    const Binding bound(framebuffer_.id());
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, colour, 0);
    const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    if (status != GL_FRAMEBUFFER_COMPLETE) {
        throw RuntimeError(trf("an RGBA8 framebuffer of %d x %d is incomplete (status %u)", width_,
                               height_, static_cast<unsigned>(status)));
    }
}

OffscreenTarget::Binding::Binding(GLuint framebuffer) {
    glGetIntegerv(GL_FRAMEBUFFER_BINDING, &previous_);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
}

OffscreenTarget::Binding::~Binding() {
    glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(previous_));
}

RgbImage OffscreenTarget::read() const {
    const Binding bound(framebuffer_.id());
    return readPixels(width_, height_);
}

void OffscreenTarget::readInto(RgbImage& image, int x, int y, int width, int height) const {
    if (width > width_ || height > height_) {
        throw RuntimeError(
            trf("reading %d x %d pixels of a %d x %d target", width, height, width_, height_));
    }
    const Binding bound(framebuffer_.id());
    readPixelsInto(image, x, y, width, height);
}

RgbImage readPixels(int width, int height) {
    RgbImage image{width, height, {}};
    image.pixels.resize(static_cast<std::size_t>(width) * height * 3);
    readPixelsInto(image, 0, 0, width, height);
    return image;
}

void readPixelsInto(RgbImage& image, int x, int y, int width, int height) {
    if (x < 0 || y < 0 || width < 0 || height < 0 || x > image.width - width ||
        y > image.height - height ||
        image.pixels.size() != static_cast<std::size_t>(image.width) * image.height * 3) {
        throw RuntimeError(std::to_string(width) + " x " + std::to_string(height) + " pixels at (" +
                           std::to_string(x) + ", " + std::to_string(y) + ") do not fit in a " +
                           std::to_string(image.width) + " x " + std::to_string(image.height) +
                           " image");
    }
    std::vector<std::uint8_t> rgba(static_cast<std::size_t>(width) * height * 4);
    GLint previousAlignment = 4;
    glGetIntegerv(GL_PACK_ALIGNMENT, &previousAlignment);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
    glPixelStorei(GL_PACK_ALIGNMENT, previousAlignment);
    gl::throwOnError("glReadPixels", __FILE__, __LINE__);

    for (int row = 0; row < height; ++row) {
        // GL's rows run bottom first.
        const std::uint8_t* src =
            rgba.data() + static_cast<std::size_t>(height - 1 - row) * width * 4;
        std::uint8_t* dst =
            image.pixels.data() + (static_cast<std::size_t>(y + row) * image.width + x) * 3;
        for (int col = 0; col < width; ++col) {
            dst[col * 3 + 0] = src[col * 4 + 0];
            dst[col * 3 + 1] = src[col * 4 + 1];
            dst[col * 3 + 2] = src[col * 4 + 2];
        }
    }
}

}  // namespace heatlab
