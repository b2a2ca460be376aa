#include "app/platform/display_limit.h"

#include <glad/gl.h>

#include <cstddef>

#include "kernels/grid_memory.h"

namespace heatlab {

void noteDisplayLimit() {
    GLint texels = 0;
    glGetIntegerv(GL_MAX_TEXTURE_BUFFER_SIZE, &texels);
    // A context that says nothing (0) leaves the check to the first frame.
    if (texels > 0) {
        setDisplayFloatLimit(static_cast<std::size_t>(texels));
    }
}

}  // namespace heatlab
