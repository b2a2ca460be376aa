#include "app/render/gl_check.h"

#include <cstdio>

#include "app/i18n/translation.h"
#include "kernels/base/errors.h"

namespace heatlab::gl {

std::string errorName(GLenum code) {
    switch (code) {
    case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
    case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
    case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
    case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION";
    case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
    default: return "GL error " + std::to_string(code);
    }
}

std::string drainErrors() {
    std::string errors;
    // Bounded: a lost context can report GL_CONTEXT_LOST-like codes forever.
    for (int i = 0; i < 16; ++i) {
        const GLenum code = glGetError();
        if (code == GL_NO_ERROR) {
            break;
        }
        errors += (errors.empty() ? "" : ", ") + errorName(code);
    }
    return errors;
}

namespace {

std::string describe(const char* call, const char* file, int line, const std::string& errors) {
    return trf("%s failed at %s:%d: %s", call, file, line, errors.c_str());
}

}  // namespace

void throwOnError(const char* call, const char* file, int line) {
    const std::string errors = drainErrors();
    if (!errors.empty()) {
        throw RuntimeError(describe(call, file, line, errors));
    }
}

void printOnError(const char* call, const char* file, int line) {
    const std::string errors = drainErrors();
    if (!errors.empty()) {
        std::fprintf(stderr, "heatlab: %s\n", describe(call, file, line, errors).c_str());
    }
}

}  // namespace heatlab::gl
