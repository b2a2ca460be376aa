#pragma once
// What a renderer's draw changes of the GL's state, recorded when it starts
// and put back when it goes out of scope, also when the draw throws, so the
// caller's state (the panel's, a picture's) survives every renderer's draw
// untouched. One saver for every renderer: the union of what they change.

#include <glad/gl.h>

namespace heatlab {

class GlStateSaver {
public:
    // The texture units the renderers bind: 0 to kUnits - 1.
    static constexpr int kUnits = 3;

    GlStateSaver();
    // Restores; a failure is only reported (a destructor never throws).
    ~GlStateSaver();
    GlStateSaver(const GlStateSaver&) = delete;
    GlStateSaver& operator=(const GlStateSaver&) = delete;

    // The draw framebuffer bound when the draw began.
    GLuint drawFramebuffer() const { return static_cast<GLuint>(drawFramebuffer_); }

private:
    GLint program_ = 0, vertexArray_ = 0, activeTexture_ = GL_TEXTURE0;
    GLint viewport_[4] = {0, 0, 0, 0};
    GLint drawFramebuffer_ = 0, readFramebuffer_ = 0;
    GLint unpackBuffer_ = 0, unpackAlignment_ = 4, unpackRowLength_ = 0;
    GLint buffers_[kUnits] = {}, textures_[kUnits] = {}, samplers_[kUnits] = {};
    GLfloat clearColour_[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    GLfloat clearDepth_ = 1.0f;
    GLboolean depthMask_ = GL_TRUE;
    GLint depthFunc_ = GL_LESS;
    GLboolean blend_ = GL_FALSE, depthTest_ = GL_FALSE, cullFace_ = GL_FALSE, scissor_ = GL_FALSE,
              framebufferSrgb_ = GL_FALSE, multisample_ = GL_TRUE;
};

}  // namespace heatlab
