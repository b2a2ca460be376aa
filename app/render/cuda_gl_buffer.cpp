// Built only with the CUDA backend (CMake picks cuda_gl_buffer_none.cpp
// otherwise). Registration is the one step that needs both GL's and CUDA's
// headers; the rest of the buffer's life, the map and unmap ordered against
// the backend's stream, is graphics_display_buffer.cu's.
#include "app/render/cuda_gl_buffer.h"

// After glad, which defines the GL header guard, so this pulls in no second
// set of GL declarations.
#include <cuda_gl_interop.h>

#include "app/render/graphics_display_buffer.h"

namespace heatlab {

std::unique_ptr<DeviceDisplayBuffer> registerWithCuda(GLuint buffer, std::size_t bytes,
                                                      std::string* why) {
    int devices = 0;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
        (void)cudaGetLastError();
        *why = "no CUDA device";
        return nullptr;
    }
    cudaGraphicsResource_t resource = nullptr;
    // WriteDiscard: every frame's last step rewrites the whole buffer, ring
    // included, so CUDA need not keep what GL left in it.
    const cudaError_t status =
        cudaGraphicsGLRegisterBuffer(&resource, buffer, cudaGraphicsRegisterFlagsWriteDiscard);
    if (status != cudaSuccess) {
        (void)cudaGetLastError();
        *why = std::string("CUDA cannot register the GL buffer (") + cudaGetErrorString(status) +
               "; is the GL context on the CUDA device?)";
        return nullptr;
    }
    return graphicsDisplayBuffer(resource, bytes);
}

}  // namespace heatlab
