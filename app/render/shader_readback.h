#pragma once
// Floats of a GL buffer read back the way a frame reads the display's
// buffer: texelFetch from a buffer texture in a shader, drawn into a float
// framebuffer and read from there. GL's own copies of memory CUDA wrote and
// GL imported (glCopyBufferSubData, glGetBufferSubData) were seen to answer
// stale values on an H100 (driver 580.159, EGL device) where the frame's
// shader read the right ones: what the picture shows is what a shader
// reads. Used by the shared display buffers' check when they are made, and
// by tests that hold what GL sees.

#include <cstddef>
#include <string>

#include <glad/gl.h>

namespace heatlab {

// `count` floats of `buffer` from float `offset` into `out`; false with
// *why where GL has not finished in `timeoutNs` or reports an error. The
// caller's GL state is kept (GlStateSaver).
bool readBufferInShader(GLuint buffer, std::size_t offset, std::size_t count, float* out,
                        GLuint64 timeoutNs, std::string* why);

}  // namespace heatlab
