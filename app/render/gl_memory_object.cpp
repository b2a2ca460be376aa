// Built only with the CUDA backend.
#include "app/render/gl_memory_object.h"

#include "app/render/gl_check.h"

namespace heatlab {

std::unique_ptr<GlMemoryObject> GlMemoryObject::create(std::size_t bytes, std::string* why) {
    if (GLAD_GL_EXT_memory_object == 0 || GLAD_GL_EXT_memory_object_fd == 0) {
        *why = "this OpenGL has no GL_EXT_memory_object_fd";
        return nullptr;
    }
    std::unique_ptr<GlMemoryObject> imported(new GlMemoryObject());
    imported->memory_ = SharedDeviceMemory::create(bytes, why);
    if (!imported->memory_) {
        return nullptr;
    }
    const int fd = imported->memory_->exportFd(why);
    if (fd < 0) {
        return nullptr;
    }
    (void)glGetError();
    glCreateMemoryObjectsEXT(1, &imported->memoryObject_);
    // GL owns the descriptor from here, also when the import fails.
    glImportMemoryFdEXT(imported->memoryObject_, imported->memory_->bytes(),
                        GL_HANDLE_TYPE_OPAQUE_FD_EXT, fd);
    const std::string errors = gl::drainErrors();
    if (!errors.empty()) {
        *why = "OpenGL refused to import CUDA's memory (" + errors + ")";
        return nullptr;
    }
    return imported;
}

GlMemoryObject::~GlMemoryObject() {
    glFinish();
    if (memoryObject_ != 0) {
        glDeleteMemoryObjectsEXT(1, &memoryObject_);
    }
}

}  // namespace heatlab
