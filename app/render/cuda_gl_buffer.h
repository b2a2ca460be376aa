#pragma once
// The CUDA side of the display: a GL buffer registered with CUDA once, so
// the frame's last step can write the field into it on the device (the
// DeviceDisplayBuffer of graphics_display_buffer.h, which orders its map
// and unmap against the backend's stream).

#include <glad/gl.h>

#include <memory>
#include <string>

#include "kernels/backend.h"

namespace heatlab {

// Registers `buffer` (a GL buffer of `bytes` bytes in the current context)
// with CUDA. nullptr, with the reason in `why`, when it cannot: no CUDA in
// this build, no CUDA device behind the GL context, registration refused.
// Must be destroyed while the GL context is current and before the buffer.
std::unique_ptr<DeviceDisplayBuffer> registerWithCuda(GLuint buffer, std::size_t bytes,
                                                      std::string* why);

}  // namespace heatlab
