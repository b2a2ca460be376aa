// The shader read-back (app/render/shader_readback.h) returns a buffer's
// floats bit for bit, from any offset, across rows of its picture and with a
// last row only partly used; and the caller's GL state is untouched.

#include <glad/gl.h>

#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/platform/headless_context.h"
#include "app/render/gl_objects.h"
#include "app/render/shader_readback.h"

namespace heatlab {
namespace {

constexpr GLuint64 kSecondNs = 1'000'000'000;

TEST(ShaderReadback, ReadsABuffersFloatsBitForBitFromAnyOffset) {
    HeadlessContext context;
    // Values whose bits a rounding or a filter would change: negatives and
    // fractions (no subnormal: a shader may flush it to zero).
    std::vector<float> stored(3001);
    for (std::size_t i = 0; i < stored.size(); ++i) {
        stored[i] = (static_cast<float>(i) - 1500.0f) / 7.0f;
    }
    const gl::Buffer buffer = gl::Buffer::create();
    glBindBuffer(GL_TEXTURE_BUFFER, buffer.id());
    glBufferData(GL_TEXTURE_BUFFER, static_cast<GLsizeiptr>(stored.size() * sizeof(float)),
                 stored.data(), GL_STATIC_DRAW);
    glBindBuffer(GL_TEXTURE_BUFFER, 0);
    GLint viewportBefore[4] = {};
    glGetIntegerv(GL_VIEWPORT, viewportBefore);

    for (const std::size_t offset : {std::size_t{0}, std::size_t{5}}) {
        const std::size_t count = 2500;  // three rows of 1024, the last partly
        std::vector<float> read(count);
        std::string why;
        ASSERT_TRUE(readBufferInShader(buffer.id(), offset, count, read.data(), kSecondNs, &why))
            << why;
        EXPECT_EQ(std::memcmp(read.data(), stored.data() + offset, count * sizeof(float)), 0)
            << "offset " << offset;
    }
    GLint viewportAfter[4] = {};
    glGetIntegerv(GL_VIEWPORT, viewportAfter);
    EXPECT_EQ(std::memcmp(viewportBefore, viewportAfter, sizeof viewportBefore), 0);
}

}  // namespace
}  // namespace heatlab
