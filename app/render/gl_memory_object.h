#pragma once
// Device memory that CUDA allocates (exportable, shared_display_memory.h)
// imported once into OpenGL as a memory object (GL_EXT_memory_object_fd),
// for a buffer or a texture to be made in it: one API writes the memory,
// the other reads it, with no map a frame.
// Ordering is the user's: a GL fence waited for before CUDA reads what GL
// wrote, a CUDA event before GL reads what CUDA wrote. Built only with the
// CUDA backend.

#include <glad/gl.h>

#include <cstddef>
#include <memory>
#include <string>

#include "app/render/shared_display_memory.h"

namespace heatlab {

class GlMemoryObject {
public:
    // At least `bytes` in the current GL context, or nullptr with *why (a
    // GL without GL_EXT_memory_object_fd, a driver that refuses the memory
    // or its import).
    static std::unique_ptr<GlMemoryObject> create(std::size_t bytes, std::string* why);
    // GL's work is finished first: nothing of it may touch the memory once
    // CUDA frees it. The buffers and textures made in it go first. Must go
    // while the GL context is current.
    ~GlMemoryObject();
    GlMemoryObject(const GlMemoryObject&) = delete;
    GlMemoryObject& operator=(const GlMemoryObject&) = delete;

    GLuint id() const { return memoryObject_; }
    SharedDeviceMemory& memory() { return *memory_; }

private:
    GlMemoryObject() = default;

    std::unique_ptr<SharedDeviceMemory> memory_;
    GLuint memoryObject_ = 0;
};

}  // namespace heatlab
