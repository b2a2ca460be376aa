#pragma once
// Move-only owners of the GL objects the program makes. Each deletes its
// object when it dies, so an early return or an exception never leaks one;
// they must die while their context is still current (declare them after
// the context that makes them, so they are destroyed first).

#include <string>
#include <utility>

#include <glad/gl.h>

namespace heatlab::gl {

// One owner type per kind of object; Kind supplies create() and destroy().
template <typename Kind>
class Object {
public:
    Object() = default;
    // Takes ownership of an existing name (0 owns nothing).
    explicit Object(GLuint id) : id_(id) {}
    ~Object() { reset(); }

    Object(Object&& other) noexcept : id_(std::exchange(other.id_, 0)) {}
    Object& operator=(Object&& other) noexcept {
        if (this != &other) {
            reset();
            id_ = std::exchange(other.id_, 0);
        }
        return *this;
    }
    Object(const Object&) = delete;
    Object& operator=(const Object&) = delete;

    // A new object of this kind; throws RuntimeError if GL refuses.
    static Object create() { return Object(Kind::create()); }

    GLuint id() const { return id_; }
    explicit operator bool() const { return id_ != 0; }

    void reset() {
        if (id_ != 0) {
            Kind::destroy(id_);
            id_ = 0;
        }
    }

private:
    GLuint id_ = 0;
};

struct BufferKind {
    static GLuint create();
    static void destroy(GLuint id);
};
struct TextureKind {
    static GLuint create();
    static void destroy(GLuint id);
};
struct VertexArrayKind {
    static GLuint create();
    static void destroy(GLuint id);
};
struct FramebufferKind {
    static GLuint create();
    static void destroy(GLuint id);
};
struct ProgramKind {
    static GLuint create();
    static void destroy(GLuint id);
};

using Buffer = Object<BufferKind>;
using Texture = Object<TextureKind>;
using VertexArray = Object<VertexArrayKind>;
using Framebuffer = Object<FramebufferKind>;
using Program = Object<ProgramKind>;

// A shader is only alive while a program is linked from it, so it has no
// owner type: linkProgram() compiles, links and deletes the shaders, and
// throws RuntimeError with the compiler's or linker's log and `name`.
// `library` (GLSL both stages share, e.g. colour_shader.h's) goes after each
// stage's first line, its #version; the stage's own lines keep their
// numbers in the compiler's log.
Program linkProgram(const char* name, const char* vertexSource, const char* fragmentSource,
                    const std::string& library = {});

}  // namespace heatlab::gl
