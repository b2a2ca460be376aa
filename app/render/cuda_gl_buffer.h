#pragma once
// The CUDA side of the display: a GL buffer registered with CUDA once, so
// the frame's last step can write the field into it on the device. It is a
// DeviceDisplayBuffer: mapped only around that step, on a stream of its own
// that the backend's stream waits for by event, so the frame's other steps
// never wait for the map, and unmapped in the backend's stream order, after
// which GL reads it (the driver orders the GL draw after the unmap).

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
