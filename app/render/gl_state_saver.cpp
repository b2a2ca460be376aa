#include "app/render/gl_state_saver.h"

#include "app/render/gl_check.h"

namespace heatlab {

namespace {

void restore(GLenum capability, GLboolean enabled) {
    if (enabled == GL_TRUE) {
        glEnable(capability);
    } else {
        glDisable(capability);
    }
}

}  // namespace

GlStateSaver::GlStateSaver() {
    glGetIntegerv(GL_CURRENT_PROGRAM, &program_);
    glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &vertexArray_);
    glGetIntegerv(GL_ACTIVE_TEXTURE, &activeTexture_);
    glGetIntegerv(GL_VIEWPORT, viewport_);
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &drawFramebuffer_);
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &readFramebuffer_);
    glGetIntegerv(GL_PIXEL_UNPACK_BUFFER_BINDING, &unpackBuffer_);
    glGetIntegerv(GL_UNPACK_ALIGNMENT, &unpackAlignment_);
    glGetIntegerv(GL_UNPACK_ROW_LENGTH, &unpackRowLength_);
    for (int unit = 0; unit < kUnits; ++unit) {
        glActiveTexture(static_cast<GLenum>(GL_TEXTURE0 + unit));
        glGetIntegerv(GL_TEXTURE_BINDING_BUFFER, &buffers_[unit]);
        glGetIntegerv(GL_TEXTURE_BINDING_2D, &textures_[unit]);
        glGetIntegerv(GL_SAMPLER_BINDING, &samplers_[unit]);
    }
    glActiveTexture(static_cast<GLenum>(activeTexture_));
    glGetFloatv(GL_COLOR_CLEAR_VALUE, clearColour_);
    glGetFloatv(GL_DEPTH_CLEAR_VALUE, &clearDepth_);
    glGetBooleanv(GL_DEPTH_WRITEMASK, &depthMask_);
    glGetIntegerv(GL_DEPTH_FUNC, &depthFunc_);
    blend_ = glIsEnabled(GL_BLEND);
    depthTest_ = glIsEnabled(GL_DEPTH_TEST);
    cullFace_ = glIsEnabled(GL_CULL_FACE);
    scissor_ = glIsEnabled(GL_SCISSOR_TEST);
    framebufferSrgb_ = glIsEnabled(GL_FRAMEBUFFER_SRGB);
    multisample_ = glIsEnabled(GL_MULTISAMPLE);
}

GlStateSaver::~GlStateSaver() {
    glUseProgram(static_cast<GLuint>(program_));
    glBindVertexArray(static_cast<GLuint>(vertexArray_));
    glViewport(viewport_[0], viewport_[1], viewport_[2], viewport_[3]);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(drawFramebuffer_));
    glBindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(readFramebuffer_));
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, static_cast<GLuint>(unpackBuffer_));
    glPixelStorei(GL_UNPACK_ALIGNMENT, unpackAlignment_);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, unpackRowLength_);
    for (int unit = 0; unit < kUnits; ++unit) {
        glActiveTexture(static_cast<GLenum>(GL_TEXTURE0 + unit));
        glBindTexture(GL_TEXTURE_BUFFER, static_cast<GLuint>(buffers_[unit]));
        glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(textures_[unit]));
        glBindSampler(static_cast<GLuint>(unit), static_cast<GLuint>(samplers_[unit]));
    }
    glActiveTexture(static_cast<GLenum>(activeTexture_));
    glClearColor(clearColour_[0], clearColour_[1], clearColour_[2], clearColour_[3]);
    glClearDepth(clearDepth_);
    glDepthMask(depthMask_);
    glDepthFunc(static_cast<GLenum>(depthFunc_));
    restore(GL_BLEND, blend_);
    restore(GL_DEPTH_TEST, depthTest_);
    restore(GL_CULL_FACE, cullFace_);
    restore(GL_SCISSOR_TEST, scissor_);
    restore(GL_FRAMEBUFFER_SRGB, framebufferSrgb_);
    restore(GL_MULTISAMPLE, multisample_);
    gl::printOnError("restoring GL state after a draw", __FILE__, __LINE__);
}

}  // namespace heatlab
