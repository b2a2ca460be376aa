// The shared display buffers of a build without the CUDA backend: there is
// no device memory to share, so the display goes via the host.
#include "app/render/shared_gl_buffer.h"

namespace heatlab {

std::unique_ptr<SharedGlBuffers> shareWithCuda(std::size_t /*bytes*/, std::string* why) {
    *why = "this build has no CUDA backend";
    return nullptr;
}

}  // namespace heatlab
