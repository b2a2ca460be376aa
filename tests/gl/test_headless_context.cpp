// The headless context `heatlab shot` renders in: no window, no display
// needed (Mesa's surfaceless EGL here and in CI; EGL on the GPU's device on
// an NVIDIA server).

#include <glad/gl.h>

#include <cstdlib>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/platform/headless_context.h"
#include "app/render/gl_check.h"
#include "app/render/gl_objects.h"

namespace heatlab {
namespace {

TEST(HeadlessContext, GivesACoreContextThatRendersWithoutADisplay) {
    // Whatever the test runner set, this path must not need X.
    const char* display = std::getenv("DISPLAY");
    const std::string saved = display != nullptr ? display : "";
    unsetenv("DISPLAY");
    {
        HeadlessContext context;
        EXPECT_FALSE(context.description().empty());
        std::printf("headless context: %s\n", context.description().c_str());
        GLint mask = 0;
        glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &mask);
        EXPECT_NE(mask & GL_CONTEXT_CORE_PROFILE_BIT, 0);

        // Clear a small float target and read it back.
        const gl::Texture target = gl::Texture::create();
        glBindTexture(GL_TEXTURE_2D, target.id());
        GL_CHECK(glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, 3, 2, 0, GL_RED, GL_FLOAT, nullptr));
        const gl::Framebuffer framebuffer = gl::Framebuffer::create();
        glBindFramebuffer(GL_FRAMEBUFFER, framebuffer.id());
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target.id(), 0);
        ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum{GL_FRAMEBUFFER_COMPLETE});
        const GLfloat value[4] = {7.5f, 0.0f, 0.0f, 1.0f};
        glClearBufferfv(GL_COLOR, 0, value);
        std::vector<float> out(6, 0.0f);
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        glReadPixels(0, 0, 3, 2, GL_RED, GL_FLOAT, out.data());
        for (float v : out) {
            EXPECT_EQ(v, 7.5f);
        }
        EXPECT_EQ(gl::drainErrors(), "");
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
    }
    if (!saved.empty()) {
        setenv("DISPLAY", saved.c_str(), 1);
    }
}

TEST(HeadlessContext, CanBeMadeAgainAfterTheFirstIsGone) {
    for (int i = 0; i < 3; ++i) {
        HeadlessContext context;
        EXPECT_EQ(gl::drainErrors(), "");
    }
}

}  // namespace
}  // namespace heatlab
