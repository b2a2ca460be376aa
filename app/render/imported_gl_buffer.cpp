// Built only with the CUDA backend.
#include "app/render/imported_gl_buffer.h"

#include "app/render/gl_check.h"

namespace heatlab {

std::unique_ptr<ImportedGlBuffer> ImportedGlBuffer::create(std::size_t bytes, std::string* why) {
    std::unique_ptr<ImportedGlBuffer> imported(new ImportedGlBuffer());
    imported->memory_ = GlMemoryObject::create(bytes, why);
    if (!imported->memory_) {
        return nullptr;
    }
    glGenBuffers(1, &imported->buffer_);
    glBindBuffer(GL_TEXTURE_BUFFER, imported->buffer_);
    glBufferStorageMemEXT(GL_TEXTURE_BUFFER, static_cast<GLsizeiptr>(bytes),
                          imported->memory_->id(), 0);
    glBindBuffer(GL_TEXTURE_BUFFER, 0);
    const std::string errors = gl::drainErrors();
    if (!errors.empty()) {
        *why = "OpenGL refused a buffer in CUDA's memory (" + errors + ")";
        return nullptr;
    }
    return imported;
}

ImportedGlBuffer::~ImportedGlBuffer() {
    if (buffer_ != 0) {
        glFinish();
        glDeleteBuffers(1, &buffer_);
    }
}

}  // namespace heatlab
