#include "app/render/gl_limits.h"

#include <glad/gl.h>

#include <algorithm>
#include <cstdlib>

namespace heatlab {

namespace {

// The hook's value where it is a whole number below `real`, else `real`.
long long lowered(const char* variable, long long real) {
    const char* text = std::getenv(variable);
    if (text == nullptr || *text == '\0') {
        return real;
    }
    char* end = nullptr;
    const long long asked = std::strtoll(text, &end, 10);
    return *end == '\0' && asked > 0 ? std::min(asked, real) : real;
}

}  // namespace

GlLimits glLimits() {
    GLint texels = 0;
    glGetIntegerv(GL_MAX_TEXTURE_BUFFER_SIZE, &texels);
    GLint renderbuffer = 0;
    glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &renderbuffer);
    GLint texture = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &texture);
    GLint viewport[2] = {0, 0};
    glGetIntegerv(GL_MAX_VIEWPORT_DIMS, viewport);
    GlLimits limits;
    limits.bufferTexels = lowered(kGlTexelsVariable, texels);
    limits.targetSide = static_cast<int>(
        lowered(kGlSideVariable, std::min({renderbuffer, texture, viewport[0], viewport[1]})));
    return limits;
}

}  // namespace heatlab
