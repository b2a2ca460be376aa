#pragma once
// "OpenGL <version>, <renderer>": how a context describes itself in the
// window's and the offscreen context's lines. Needs glad's GL header first.

#include <string>

namespace heatlab {

// Read through `getString`: glad's glGetString, or one fetched straight from
// a context that glad was not loaded for (its loader is for 3.3). "?" for
// what the context does not say.
inline std::string glDescription(PFNGLGETSTRINGPROC getString) {
    const auto text = [&](GLenum name) {
        const GLubyte* value = getString != nullptr ? getString(name) : nullptr;
        return value != nullptr ? std::string(reinterpret_cast<const char*>(value))
                                : std::string("?");
    };
    return "OpenGL " + text(GL_VERSION) + ", " + text(GL_RENDERER);
}

}  // namespace heatlab
