#pragma once
// Device memory that CUDA allocates (exportable, kernels/cuda/
// shared_display_memory.h) and OpenGL imports once as a buffer
// (GL_EXT_memory_object_fd): one API writes it, the other reads it, with no
// map a frame. Ordering is the user's: a GL fence waited for before CUDA
// reads what GL wrote, a CUDA event before GL reads what CUDA wrote. Built
// only with the CUDA backend.

#include <glad/gl.h>

#include <cstddef>
#include <memory>
#include <string>

#include "kernels/cuda/shared_display_memory.h"

namespace heatlab {

class ImportedGlBuffer {
public:
    // At least `bytes` in the current GL context, or nullptr with *why (a
    // GL without GL_EXT_memory_object_fd, a driver that refuses the memory
    // or its import).
    static std::unique_ptr<ImportedGlBuffer> create(std::size_t bytes, std::string* why);
    // GL's work is finished first: nothing of it may touch the memory once
    // CUDA frees it. Must go while the GL context is current.
    ~ImportedGlBuffer();
    ImportedGlBuffer(const ImportedGlBuffer&) = delete;
    ImportedGlBuffer& operator=(const ImportedGlBuffer&) = delete;

    GLuint buffer() const { return buffer_; }
    SharedDeviceMemory& memory() { return *memory_; }

private:
    ImportedGlBuffer() = default;

    std::unique_ptr<SharedDeviceMemory> memory_;
    GLuint memoryObject_ = 0;
    GLuint buffer_ = 0;
};

}  // namespace heatlab
