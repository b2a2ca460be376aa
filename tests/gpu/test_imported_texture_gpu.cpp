// A texture in CUDA's memory on a real GPU, through EGL on the device (no
// X): GL draws into it as into any framebuffer, and CUDA, reading it as an
// image, sees the picture GL reads, on a size that is no multiple of any
// tile. What the served frames are encoded from. Skips, visibly, without a
// CUDA device.

#include <glad/gl.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/platform/headless_context.h"
#include "app/render/imported_gl_texture.h"
#include "app/render/offscreen_target.h"
#include "kernels/cuda/cuda_backend.h"

namespace heatlab {
namespace {

TEST(ImportedTexture, CudaReadsThePictureGlDrew) {
    const std::string reason = cudaUnavailableReason();
    if (!reason.empty()) {
        GTEST_SKIP() << reason;
    }
    HeadlessContext context;
    std::printf("OpenGL: %s\n", context.description().c_str());
    constexpr int kWidth = 259;
    constexpr int kHeight = 131;
    std::string why;
    std::shared_ptr<ImportedGlTexture> texture = ImportedGlTexture::create(kWidth, kHeight, &why);
    ASSERT_TRUE(texture) << why;

    OffscreenTarget target(kWidth, kHeight, texture->texture(), texture);
    {
        const OffscreenTarget::Binding bound = target.bind();
        glViewport(0, 0, kWidth, kHeight);
        glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        // A rectangle off the corners, so a flipped or shifted read differs.
        glEnable(GL_SCISSOR_TEST);
        glScissor(10, 20, 77, 9);
        glClearColor(1.0f, 0.5f, 0.0f, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        glDisable(GL_SCISSOR_TEST);
    }
    glFinish();

    std::vector<std::uint8_t> byGl(std::size_t{kWidth} * kHeight * 4);
    {
        const OffscreenTarget::Binding bound = target.bind();
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        glReadPixels(0, 0, kWidth, kHeight, GL_RGBA, GL_UNSIGNED_BYTE, byGl.data());
    }
    std::vector<std::uint8_t> byCuda(byGl.size());
    texture->image().copyToHost(byCuda.data(), std::size_t{kWidth} * 4);
    EXPECT_EQ(byGl[(std::size_t{25} * kWidth + 50) * 4 + 0], 255);  // in the rectangle
    EXPECT_EQ(byGl[(std::size_t{5} * kWidth + 50) * 4 + 2], 255);   // below it
    EXPECT_TRUE(byCuda == byGl) << "CUDA's reading of the texture differs from GL's";
}

}  // namespace
}  // namespace heatlab
