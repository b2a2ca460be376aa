#include "app/render/gl_objects.h"

#include <string>
#include <vector>

#include "app/i18n/translation.h"
#include "app/render/gl_check.h"
#include "kernels/base/errors.h"

namespace heatlab::gl {

namespace {

// glGen* names are never 0; 0 back means GL could not make one.
GLuint checkedName(GLuint id, const char* what) {
    if (id == 0) {
        throw RuntimeError(trf("could not create a GL %s: %s", what, drainErrors().c_str()));
    }
    return id;
}

}  // namespace

GLuint BufferKind::create() {
    GLuint id = 0;
    glGenBuffers(1, &id);
    return checkedName(id, "buffer");
}
void BufferKind::destroy(GLuint id) { GL_CHECK_PRINT(glDeleteBuffers(1, &id)); }

GLuint TextureKind::create() {
    GLuint id = 0;
    glGenTextures(1, &id);
    return checkedName(id, "texture");
}
void TextureKind::destroy(GLuint id) { GL_CHECK_PRINT(glDeleteTextures(1, &id)); }

GLuint VertexArrayKind::create() {
    GLuint id = 0;
    glGenVertexArrays(1, &id);
    return checkedName(id, "vertex array");
}
void VertexArrayKind::destroy(GLuint id) { GL_CHECK_PRINT(glDeleteVertexArrays(1, &id)); }

GLuint FramebufferKind::create() {
    GLuint id = 0;
    glGenFramebuffers(1, &id);
    return checkedName(id, "framebuffer");
}
void FramebufferKind::destroy(GLuint id) { GL_CHECK_PRINT(glDeleteFramebuffers(1, &id)); }

GLuint ProgramKind::create() { return checkedName(glCreateProgram(), "program"); }
void ProgramKind::destroy(GLuint id) { GL_CHECK_PRINT(glDeleteProgram(id)); }

namespace {

// A compiled shader name, deleted on every path out of linkProgram.
struct ShaderName {
    GLuint id;
    ~ShaderName() { glDeleteShader(id); }
};

std::string shaderLog(GLuint shader) {
    GLint length = 0;
    glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
    std::vector<char> log(static_cast<std::size_t>(length > 1 ? length : 1), '\0');
    glGetShaderInfoLog(shader, static_cast<GLsizei>(log.size()), nullptr, log.data());
    return log.data();
}

std::string programLog(GLuint program) {
    GLint length = 0;
    glGetProgramiv(program, GL_INFO_LOG_LENGTH, &length);
    std::vector<char> log(static_cast<std::size_t>(length > 1 ? length : 1), '\0');
    glGetProgramInfoLog(program, static_cast<GLsizei>(log.size()), nullptr, log.data());
    return log.data();
}

GLuint compile(GLenum stage, const char* source, const std::string& library, const char* name) {
    const GLuint id = checkedName(glCreateShader(stage), "shader");
    ShaderName guard{id};
    // #version must come first: the library goes after that line, and
    // "#line 2" numbers the stage's next line as its own second.
    const std::string text(source);
    const std::size_t firstLineEnd = text.find('\n');
    const std::string versionLine =
        firstLineEnd == std::string::npos ? text : text.substr(0, firstLineEnd + 1);
    const std::string rest = firstLineEnd == std::string::npos ? "" : text.substr(firstLineEnd + 1);
    const std::string middle = library.empty() ? "" : library + "\n#line 2\n";
    const char* parts[] = {versionLine.c_str(), middle.c_str(), rest.c_str()};
    glShaderSource(id, 3, parts, nullptr);
    glCompileShader(id);
    GLint ok = GL_FALSE;
    glGetShaderiv(id, GL_COMPILE_STATUS, &ok);
    if (ok != GL_TRUE) {
        throw RuntimeError(
            stage == GL_VERTEX_SHADER
                ? trf("%s vertex shader does not compile: %s", name, shaderLog(id).c_str())
                : trf("%s fragment shader does not compile: %s", name, shaderLog(id).c_str()));
    }
    guard.id = 0;  // glDeleteShader(0) is a no-op: the caller owns it now
    return id;
}

}  // namespace

Program linkProgram(const char* name, const char* vertexSource, const char* fragmentSource,
                    const std::string& library) {
    ShaderName vertex{compile(GL_VERTEX_SHADER, vertexSource, library, name)};
    ShaderName fragment{compile(GL_FRAGMENT_SHADER, fragmentSource, library, name)};
    Program program = Program::create();
    glAttachShader(program.id(), vertex.id);
    glAttachShader(program.id(), fragment.id);
    glLinkProgram(program.id());
    GLint ok = GL_FALSE;
    glGetProgramiv(program.id(), GL_LINK_STATUS, &ok);
    if (ok != GL_TRUE) {
        throw RuntimeError(
            trf("%s program does not link: %s", name, programLog(program.id()).c_str()));
    }
    // Detached, the shaders are deleted by their guards; the program keeps
    // its linked code.
    glDetachShader(program.id(), vertex.id);
    glDetachShader(program.id(), fragment.id);
    throwOnError("linkProgram", __FILE__, __LINE__);
    return program;
}

}  // namespace heatlab::gl
