#pragma once
// A GL buffer in device memory that CUDA allocated (GlMemoryObject): CUDA
// writes it and GL draws from it, or GL writes it and CUDA reads it, with
// no map a frame. Built only with the CUDA backend.

#include <glad/gl.h>

#include <cstddef>
#include <memory>
#include <string>

#include "app/render/gl_memory_object.h"

namespace heatlab {

class ImportedGlBuffer {
public:
    // At least `bytes` in the current GL context, or nullptr with *why.
    static std::unique_ptr<ImportedGlBuffer> create(std::size_t bytes, std::string* why);
    // Must go while the GL context is current.
    ~ImportedGlBuffer();
    ImportedGlBuffer(const ImportedGlBuffer&) = delete;
    ImportedGlBuffer& operator=(const ImportedGlBuffer&) = delete;

    GLuint buffer() const { return buffer_; }
    SharedDeviceMemory& memory() { return memory_->memory(); }

private:
    ImportedGlBuffer() = default;

    std::unique_ptr<GlMemoryObject> memory_;
    GLuint buffer_ = 0;
};

}  // namespace heatlab
