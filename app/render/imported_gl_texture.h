#pragma once
// An RGBA8 texture in device memory that CUDA allocated (GlMemoryObject),
// which CUDA also imports as an image (app/render/imported_image.h): a
// framebuffer draws into it and CUDA reads the picture where it was drawn,
// with no glReadPixels. The layout is the GPU's own tiling (NVIDIA's GL
// offers no texture laid out in rows), the same for both APIs only if the
// driver makes it so: when the texture is made, every pixel is written a
// value of its own through GL and read back through CUDA, and a texture
// where any differs is refused. Built only with the CUDA backend.

#include <glad/gl.h>

#include <memory>
#include <string>

#include "app/render/gl_memory_object.h"
#include "app/render/imported_image.h"

namespace heatlab {

class ImportedGlTexture {
public:
    // A width x height texture in the current GL context, or nullptr with
    // *why (no GL_EXT_memory_object_fd, a driver that refuses the texture
    // or CUDA's import, pixels CUDA does not read where GL wrote them).
    static std::unique_ptr<ImportedGlTexture> create(int width, int height, std::string* why);
    // Must go while the GL context is current.
    ~ImportedGlTexture();
    ImportedGlTexture(const ImportedGlTexture&) = delete;
    ImportedGlTexture& operator=(const ImportedGlTexture&) = delete;

    GLuint texture() const { return texture_; }
    int width() const { return width_; }
    int height() const { return height_; }
    // The texture as CUDA reads it (once GL has finished drawing).
    const ImportedImage& image() const { return *image_; }

private:
    ImportedGlTexture() = default;
    bool sameForBoth(std::string* why);

    std::unique_ptr<GlMemoryObject> memory_;
    std::unique_ptr<ImportedImage> image_;
    GLuint texture_ = 0;
    int width_ = 0;
    int height_ = 0;
};

}  // namespace heatlab
