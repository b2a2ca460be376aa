// The gl tier's foundation: a real OpenGL 3.3 core context (Mesa's software
// renderer under Xvfb in CI), GL loaded through glad, R32F textures keeping
// negative and > 1 values through upload, draw and read-back (the diverging
// colour map needs them intact), and the GL layer's owners and checks.

// glad first, in its own block so include sorting keeps it there: GLFW must
// not pull in a system GL header.
#include <glad/gl.h>

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "app/render/gl_check.h"
#include "app/render/gl_objects.h"
#include "kernels/base/errors.h"

namespace heatlab {
namespace {

constexpr int kWidth = 5;  // non-square and odd: catches swapped or padded rows
constexpr int kHeight = 3;

void printGlfwError(int code, const char* description) {
    std::fprintf(stderr, "GLFW error %d: %s\n", code, description);
}

// Every test makes its GL objects as locals of the test body, so they are
// deleted (even when an ASSERT returns early) before TearDown destroys the
// context they belong to.
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

    // Runs even when SetUp failed part-way.
    void TearDown() override {
        if (window_ != nullptr) {
            glfwDestroyWindow(window_);
        }
        glfwTerminate();
    }

    // An R32F texture of kWidth x kHeight holding `values` (row 0 at the bottom).
    static gl::Texture makeR32F(const float* values) {
        gl::Texture texture = gl::Texture::create();
        glBindTexture(GL_TEXTURE_2D, texture.id());
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        GL_CHECK(
            glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, kWidth, kHeight, 0, GL_RED, GL_FLOAT, values));
        return texture;
    }

    // A framebuffer drawing into `target`.
    static gl::Framebuffer framebufferOn(const gl::Texture& target) {
        gl::Framebuffer framebuffer = gl::Framebuffer::create();
        glBindFramebuffer(GL_FRAMEBUFFER, framebuffer.id());
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target.id(), 0);
        return framebuffer;
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
    const gl::Texture target = makeR32F(zeros.data());
    const gl::Framebuffer framebuffer = framebufferOn(target);
    ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum{GL_FRAMEBUFFER_COMPLETE});

    const GLfloat value[4] = {-3.25f, 0.0f, 0.0f, 1.0f};
    glClearBufferfv(GL_COLOR, 0, value);
    for (float v : readRed()) {
        EXPECT_EQ(v, -3.25f);
    }
    EXPECT_EQ(gl::drainErrors(), "");
}

TEST_F(GlContext, DrawMapsEveryTexelOfAFloatTexture) {
    // Input texel i holds (i - 7) * 0.75: negative, zero and > 1 values.
    std::vector<float> input(kWidth * kHeight);
    for (int i = 0; i < kWidth * kHeight; ++i) {
        input[i] = static_cast<float>(i - 7) * 0.75f;
    }
    const gl::Texture source = makeR32F(input.data());
    const gl::Texture target = makeR32F(nullptr);
    const gl::Framebuffer framebuffer = framebufferOn(target);
    ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum{GL_FRAMEBUFFER_COMPLETE});

    // One full-screen triangle from gl_VertexID; core profile still needs a VAO.
    const char* vertex =
        "#version 330 core\n"
        "void main() {\n"
        "  vec2 p = vec2((gl_VertexID << 1) & 2, gl_VertexID & 2);\n"
        "  gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);\n"
        "}\n";
    // texelFetch: exact texel per fragment, no filtering, no normalisation.
    const char* fragment =
        "#version 330 core\n"
        "uniform sampler2D field;\n"
        "out float result;\n"
        "void main() {\n"
        "  result = 2.0 * texelFetch(field, ivec2(gl_FragCoord.xy), 0).r + 0.5;\n"
        "}\n";
    const gl::Program program = gl::linkProgram("texel test", vertex, fragment);
    const gl::VertexArray triangle = gl::VertexArray::create();
    glBindVertexArray(triangle.id());
    glViewport(0, 0, kWidth, kHeight);
    glUseProgram(program.id());
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, source.id());
    glUniform1i(glGetUniformLocation(program.id(), "field"), 0);
    GL_CHECK(glDrawArrays(GL_TRIANGLES, 0, 3));

    const std::vector<float> out = readRed();
    for (int i = 0; i < kWidth * kHeight; ++i) {
        EXPECT_FLOAT_EQ(out[i], 2.0f * input[i] + 0.5f)
            << "texel " << i % kWidth << "," << i / kWidth;
    }
    glUseProgram(0);
    glBindVertexArray(0);
}

TEST_F(GlContext, AShaderThatDoesNotCompileThrowsWithItsName) {
    const char* vertex = "#version 330 core\nvoid main() { gl_Position = vec4(0.0); }\n";
    const char* broken = "#version 330 core\nout float x;\nvoid main() { x = undefined_name; }\n";
    try {
        gl::linkProgram("broken", vertex, broken);
        FAIL() << "a shader with an undefined name linked";
    } catch (const RuntimeError& e) {
        EXPECT_NE(std::string(e.what()).find("broken fragment shader does not compile"),
                  std::string::npos)
            << e.what();
    }
    EXPECT_EQ(gl::drainErrors(), "");
}

TEST_F(GlContext, GlCheckNamesTheFailingCallAndTheError) {
    try {
        // Core profile: binding a name glGenTextures never returned is an error.
        GL_CHECK(glBindTexture(GL_TEXTURE_2D, 987654u));
        FAIL() << "no GL error was reported";
    } catch (const RuntimeError& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("glBindTexture"), std::string::npos) << message;
        EXPECT_NE(message.find("GL_INVALID_OPERATION"), std::string::npos) << message;
        EXPECT_NE(message.find("test_gl_context.cpp"), std::string::npos) << message;
    }
}

TEST_F(GlContext, OwnersDeleteTheirObjectAndMoveOwnership) {
    GLuint name = 0;
    {
        gl::Texture first = gl::Texture::create();
        name = first.id();
        glBindTexture(GL_TEXTURE_2D, name);  // a name only becomes a texture once bound
        glBindTexture(GL_TEXTURE_2D, 0);
        gl::Texture second = std::move(first);
        EXPECT_FALSE(first);  // NOLINT(bugprone-use-after-move): the point of the test
        EXPECT_EQ(second.id(), name);
        EXPECT_TRUE(glIsTexture(name));
    }
    EXPECT_FALSE(glIsTexture(name)) << "the texture outlived its owner";
}

}  // namespace
}  // namespace heatlab
