#include "app/render/shader_readback.h"

#include <algorithm>
#include <vector>

#include "app/render/gl_check.h"
#include "app/render/gl_objects.h"
#include "app/render/gl_state_saver.h"

namespace heatlab {

namespace {

// Floats a row of the read-back picture: one pixel a float.
constexpr std::size_t kRowFloats = 1024;

// A triangle over the whole viewport, from gl_VertexID alone.
constexpr const char* kVertexShader = R"(#version 330 core
void main() {
    vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
)";
// Pixel (x, y) is float offset + y * width + x of the buffer; past `count`
// nothing is read.
constexpr const char* kFragmentShader = R"(#version 330 core
uniform samplerBuffer cells;
uniform int offset;
uniform int width;
uniform int count;
out float value;
void main() {
    ivec2 pixel = ivec2(gl_FragCoord.xy);
    int index = pixel.y * width + pixel.x;
    value = index < count ? texelFetch(cells, offset + index).r : 0.0;
}
)";

}  // namespace

bool readBufferInShader(GLuint buffer, std::size_t offset, std::size_t count, float* out,
                        GLuint64 timeoutNs, std::string* why) {
    if (count == 0) {
        return true;
    }
    const auto width = static_cast<GLsizei>(std::min(count, kRowFloats));
    const auto height = static_cast<GLsizei>((count + kRowFloats - 1) / kRowFloats);
    const GlStateSaver saved;
    const gl::Program program = gl::linkProgram("buffer read-back", kVertexShader, kFragmentShader);
    const gl::Texture cells = gl::Texture::create();
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_BUFFER, cells.id());
    glTexBuffer(GL_TEXTURE_BUFFER, GL_R32F, buffer);
    const gl::Texture target = gl::Texture::create();
    glBindTexture(GL_TEXTURE_2D, target.id());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, width, height, 0, GL_RED, GL_FLOAT, nullptr);
    glBindTexture(GL_TEXTURE_2D, 0);
    const gl::Framebuffer framebuffer = gl::Framebuffer::create();
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer.id());
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target.id(), 0);
    const gl::VertexArray vertices = gl::VertexArray::create();
    glBindVertexArray(vertices.id());
    glDisable(GL_BLEND);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_CULL_FACE);
    glViewport(0, 0, width, height);
    glUseProgram(program.id());
    glUniform1i(glGetUniformLocation(program.id(), "cells"), 0);
    glUniform1i(glGetUniformLocation(program.id(), "offset"), static_cast<GLint>(offset));
    glUniform1i(glGetUniformLocation(program.id(), "width"), width);
    glUniform1i(glGetUniformLocation(program.id(), "count"), static_cast<GLint>(count));
    glDrawArrays(GL_TRIANGLES, 0, 3);
    GLsync done = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    const GLenum status = glClientWaitSync(done, GL_SYNC_FLUSH_COMMANDS_BIT, timeoutNs);
    glDeleteSync(done);
    if (status != GL_ALREADY_SIGNALED && status != GL_CONDITION_SATISFIED) {
        *why = "OpenGL did not finish reading the buffer in time";
        return false;
    }
    std::vector<float> picture(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
    GLint packAlignment = 4;
    glGetIntegerv(GL_PACK_ALIGNMENT, &packAlignment);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);  // rows of floats: any row is whole
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    glReadPixels(0, 0, width, height, GL_RED, GL_FLOAT, picture.data());
    glPixelStorei(GL_PACK_ALIGNMENT, packAlignment);
    const std::string errors = gl::drainErrors();
    if (!errors.empty()) {
        *why = "OpenGL could not read the buffer (" + errors + ")";
        return false;
    }
    std::copy(picture.begin(), picture.begin() + static_cast<long>(count), out);
    return true;
}

}  // namespace heatlab
