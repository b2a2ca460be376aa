#pragma once
// A framebuffer of its own to draw a picture into and read it back: what a
// shot, a slide and the tests render into, whatever the context (a window
// or none). RGBA8, because that is what PNG pictures are made of.

#include <glad/gl.h>

#include <memory>

#include "app/io/rgb_image.h"
#include "app/render/gl_objects.h"

namespace heatlab {

// The largest side of a target this GL can make and draw all of
// (gl_limits.h). A larger picture is drawn in tiles (pictureOfField).
int maxTargetSide();

class OffscreenTarget {
public:
    // Throws RuntimeError when GL cannot make a framebuffer that large
    // (either side over maxTargetSide()) or at all.
    OffscreenTarget(int width, int height);
    // Draws into `colour`, an RGBA8 texture of width x height that
    // `storage` keeps (a texture in CUDA's memory, which an encoder reads
    // where the frames are drawn) for as long as the target lives. Throws
    // RuntimeError when the framebuffer is incomplete with it.
    OffscreenTarget(int width, int height, GLuint colour, std::shared_ptr<void> storage);

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

    // Reads the lower left width x height pixels (what a draw into the
    // rectangle (0, 0, width, height) made) into `image` with their top left
    // corner at (x, y), top row first: a tile of a larger picture.
    void readInto(RgbImage& image, int x, int y, int width, int height) const;

private:
    void attach(GLuint colour);

    int width_;
    int height_;
    gl::Texture ownColour_;
    std::shared_ptr<void> storage_;
    gl::Framebuffer framebuffer_;
};

// Reads width x height pixels of the bound read framebuffer (a window's
// back buffer, or an OffscreenTarget), top row first.
RgbImage readPixels(int width, int height);

// Reads the lower left width x height pixels of the bound read framebuffer
// into `image`, their top left corner at (x, y), top row first. Throws
// RuntimeError when they do not fit in the image.
void readPixelsInto(RgbImage& image, int x, int y, int width, int height);

}  // namespace heatlab
