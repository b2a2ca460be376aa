#pragma once
// GL error checks that name the failing call and where it was made. GL
// reports errors only when asked, so GL_CHECK drains glGetError after the
// call and throws RuntimeError with every error it found; GL_CHECK_PRINT
// only logs, for destructors, which must never throw.

#include <string>

#include <glad/gl.h>

namespace heatlab::gl {

// "GL_INVALID_ENUM" and so on; the number for codes GL 3.3 does not name.
std::string errorName(GLenum code);

// Drains glGetError; "" when there was no error, else the names joined.
std::string drainErrors();

// Throws RuntimeError "<call> failed at <file>:<line>: <errors>" when
// glGetError reports anything.
void throwOnError(const char* call, const char* file, int line);
// The same, printed to stderr instead of thrown.
void printOnError(const char* call, const char* file, int line);

}  // namespace heatlab::gl

#define GL_CHECK(call)                                          \
    do {                                                        \
        call;                                                   \
        ::heatlab::gl::throwOnError(#call, __FILE__, __LINE__); \
    } while (0)

#define GL_CHECK_PRINT(call)                                    \
    do {                                                        \
        call;                                                   \
        ::heatlab::gl::printOnError(#call, __FILE__, __LINE__); \
    } while (0)
