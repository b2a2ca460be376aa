// The display buffer of a build without the CUDA backend: there is nothing
// to register with, so the display goes via the host.
#include "app/render/cuda_gl_buffer.h"

namespace heatlab {

std::unique_ptr<DeviceDisplayBuffer> registerWithCuda(GLuint /*buffer*/, std::size_t /*bytes*/,
                                                      std::string* why) {
    *why = "this build has no CUDA backend";
    return nullptr;
}

}  // namespace heatlab
