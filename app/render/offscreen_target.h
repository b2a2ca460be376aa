#pragma once
// A framebuffer of its own to draw a picture into and read it back: what a
// shot, a slide and the tests render into, whatever the context (a window
// or none). RGBA8, because that is what PNG pictures are made of.

#include <glad/gl.h>

#include "app/io/rgb_image.h"
#include "app/render/gl_objects.h"

namespace heatlab {

class OffscreenTarget {
public:
    // Throws RuntimeError when GL cannot make a framebuffer that large
    // (naming GL_MAX_RENDERBUFFER_SIZE) or at all.
    OffscreenTarget(int width, int height);

    int width() const { return width_; }
    int height() const { return height_; }

    // Binds the framebuffer for drawing, and restores the previous binding
    // when the returned guard dies.
    class Binding {
    public:
        explicit Binding(GLuint framebuffer);
        ~Binding();
        Binding(const Binding&) = delete;
        Binding& operator=(const Binding&) = delete;

    private:
        GLint previous_ = 0;
    };
    Binding bind() const { return Binding(framebuffer_.id()); }

    // Reads the picture, top row first (GL's rows are bottom first).
    RgbImage read() const;

private:
    int width_;
    int height_;
    gl::Texture colour_;
    gl::Framebuffer framebuffer_;
};

// Reads width x height pixels of the bound read framebuffer (a window's
// back buffer, or an OffscreenTarget), top row first.
RgbImage readPixels(int width, int height);

}  // namespace heatlab
