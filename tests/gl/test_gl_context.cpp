// The GL path the renderer relies on, on a real context: a hidden GLFW window
// with a 3.3 core context, GL loaded through glad, an R32F texture as a render
// target, and float values surviving upload, draw and read-back unclamped
// (the diverging colour map needs negative and > 1 values intact).
// glad first, in its own block so include sorting keeps it there: GLFW must
// not pull in a system GL header.
#include <glad/gl.h>

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <vector>

namespace {

constexpr int kWidth = 5;  // non-square and odd: catches swapped or padded rows
constexpr int kHeight = 3;

void printGlfwError(int code, const char* description) {
    std::fprintf(stderr, "GLFW error %d: %s\n", code, description);
}

class GlContext : public ::testing::Test {
protected:
    void SetUp() override {
        glfwSetErrorCallback(printGlfwError);
        ASSERT_TRUE(glfwInit()) << "no display? run under xvfb-run (make test does)";
        glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
        window_ = glfwCreateWindow(64, 64, "heatlab gl test", nullptr, nullptr);
        ASSERT_NE(window_, nullptr) << "no OpenGL 3.3 core context";
        glfwMakeContextCurrent(window_);
        version_ = gladLoadGL(glfwGetProcAddress);
        ASSERT_NE(version_, 0) << "gladLoadGL failed";
    }

    void TearDown() override {
        if (window_ != nullptr)
            glfwDestroyWindow(window_);
        glfwTerminate();
    }

    // An R32F texture of kWidth x kHeight holding `values` (row 0 at the bottom).
    static GLuint makeR32F(const float* values) {
        GLuint tex = 0;
        glGenTextures(1, &tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, kWidth, kHeight, 0, GL_RED, GL_FLOAT, values);
        return tex;
    }

    static std::vector<float> readRed() {
        std::vector<float> out(kWidth * kHeight, -999.0f);
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        glReadPixels(0, 0, kWidth, kHeight, GL_RED, GL_FLOAT, out.data());
        return out;
    }

    GLFWwindow* window_ = nullptr;
    int version_ = 0;
};

GLuint compile(GLenum type, const char* source) {
    GLuint shader = glCreateShader(type);
    glShaderSource(shader, 1, &source, nullptr);
    glCompileShader(shader);
    GLint ok = GL_FALSE;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (ok != GL_TRUE) {
        char log[1024] = {};
        glGetShaderInfoLog(shader, static_cast<GLsizei>(sizeof log), nullptr, log);
        ADD_FAILURE() << "shader compile failed: " << log;
    }
    return shader;
}

TEST_F(GlContext, IsCoreProfileAtLeast33) {
    const int major = GLAD_VERSION_MAJOR(version_);
    const int minor = GLAD_VERSION_MINOR(version_);
    EXPECT_TRUE(major > 3 || (major == 3 && minor >= 3)) << "got GL " << major << "." << minor;
    GLint mask = 0;
    glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &mask);
    EXPECT_NE(mask & GL_CONTEXT_CORE_PROFILE_BIT, 0);
    EXPECT_TRUE(GLAD_GL_VERSION_3_3);
    std::printf("GL_RENDERER: %s\n", reinterpret_cast<const char*>(glGetString(GL_RENDERER)));
}

TEST_F(GlContext, ClearOfR32FTargetReadsBackUnclamped) {
    const std::vector<float> zeros(kWidth * kHeight, 0.0f);
    GLuint tex = makeR32F(zeros.data());
    GLuint fbo = 0;
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum{GL_FRAMEBUFFER_COMPLETE});

    const GLfloat value[4] = {-3.25f, 0.0f, 0.0f, 1.0f};
    glClearBufferfv(GL_COLOR, 0, value);
    for (float v : readRed())
        EXPECT_EQ(v, -3.25f);
    EXPECT_EQ(glGetError(), GLenum{GL_NO_ERROR});

    glDeleteFramebuffers(1, &fbo);
    glDeleteTextures(1, &tex);
}

TEST_F(GlContext, DrawMapsEveryTexelOfAFloatTexture) {
    // Input texel i holds (i - 7) * 0.75: negative, zero and > 1 values.
    std::vector<float> input(kWidth * kHeight);
    for (int i = 0; i < kWidth * kHeight; ++i)
        input[i] = static_cast<float>(i - 7) * 0.75f;
    GLuint src = makeR32F(input.data());
    GLuint dst = makeR32F(nullptr);
    GLuint fbo = 0;
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, dst, 0);
    ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum{GL_FRAMEBUFFER_COMPLETE});

    // One full-screen triangle from gl_VertexID; core profile still needs a VAO.
    const char* vs =
        "#version 330 core\n"
        "void main() {\n"
        "  vec2 p = vec2((gl_VertexID << 1) & 2, gl_VertexID & 2);\n"
        "  gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);\n"
        "}\n";
    // texelFetch: exact texel per fragment, no filtering, no normalisation.
    const char* fs =
        "#version 330 core\n"
        "uniform sampler2D field;\n"
        "out float result;\n"
        "void main() {\n"
        "  result = 2.0 * texelFetch(field, ivec2(gl_FragCoord.xy), 0).r + 0.5;\n"
        "}\n";
    GLuint program = glCreateProgram();
    GLuint v = compile(GL_VERTEX_SHADER, vs);
    GLuint f = compile(GL_FRAGMENT_SHADER, fs);
    glAttachShader(program, v);
    glAttachShader(program, f);
    glLinkProgram(program);
    GLint linked = GL_FALSE;
    glGetProgramiv(program, GL_LINK_STATUS, &linked);
    ASSERT_EQ(linked, GL_TRUE);

    GLuint vao = 0;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    glViewport(0, 0, kWidth, kHeight);
    glUseProgram(program);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, src);
    glUniform1i(glGetUniformLocation(program, "field"), 0);
    glDrawArrays(GL_TRIANGLES, 0, 3);

    const std::vector<float> out = readRed();
    for (int i = 0; i < kWidth * kHeight; ++i) {
        EXPECT_FLOAT_EQ(out[i], 2.0f * input[i] + 0.5f)
            << "texel " << i % kWidth << "," << i / kWidth;
    }
    EXPECT_EQ(glGetError(), GLenum{GL_NO_ERROR});

    glDeleteVertexArrays(1, &vao);
    glDeleteProgram(program);
    glDeleteShader(v);
    glDeleteShader(f);
    glDeleteFramebuffers(1, &fbo);
    glDeleteTextures(1, &dst);
    glDeleteTextures(1, &src);
}

}  // namespace
