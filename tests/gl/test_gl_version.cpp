// A machine whose OpenGL is older than the 3.3 core the program draws with:
// every way in (`heatlab shot`, `shot --ui`, the window) ends before drawing
// in exit status 2 and one line on stderr that names what was needed and
// what was found. Mesa is told to offer OpenGL 2.1 only
// (MESA_GL_VERSION_OVERRIDE), as an old driver would; skipped, visibly, where
// the renderer is not Mesa and the variable means nothing.

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "app/platform/headless_context.h"
#include "tests/support/run_command.h"
#include "tests/support/scoped_env.h"

namespace heatlab {
namespace {

bool rendererIsMesa() {
    const HeadlessContext context;
    return context.description().find("Mesa") != std::string::npos;
}

class GlVersion : public ::testing::Test {
protected:
    void SetUp() override {
        if (!rendererIsMesa()) {
            GTEST_SKIP() << "not Mesa: its version override cannot lower the OpenGL version";
        }
        std::filesystem::remove(picture);
    }
    void TearDown() override { std::filesystem::remove(picture); }

    // Runs heatlab with OpenGL 2.1 (GLSL 1.20) offered; checks the one line
    // and returns it.
    std::string refusedLine(const std::string& args) {
        const ScopedEnv version("MESA_GL_VERSION_OVERRIDE", "2.1");
        const ScopedEnv glsl("MESA_GLSL_VERSION_OVERRIDE", "120");
        const CommandResult result = runHeatlab(args);
        EXPECT_EQ(result.status, 2) << args << ": " << result.err;
        EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1)
            << args << ": " << result.err;
        EXPECT_EQ(result.err.rfind("heatlab: ", 0), 0u) << result.err;
        EXPECT_NE(result.err.find("OpenGL 3.3 core needed"), std::string::npos) << result.err;
        EXPECT_FALSE(std::filesystem::exists(picture)) << args;
        return result.err;
    }

    const std::string picture = ::testing::TempDir() + "heatlab-gl-version.png";
};

TEST_F(GlVersion, ShotWithoutOpenGL33IsOneLineNamingTheVersionFound) {
    const std::string line = refusedLine("shot --backend cpu --grid 16 --steps 1 --out " + picture);
    EXPECT_NE(line.find("found OpenGL 2.1 Mesa"), std::string::npos) << line;
}

TEST_F(GlVersion, ShotUiWithoutOpenGL33IsOneLineNamingTheVersionFound) {
    const std::string line =
        refusedLine("shot --ui --backend cpu --grid 16 --steps 1 --out " + picture);
    EXPECT_NE(line.find("found OpenGL 2.1 Mesa"), std::string::npos) << line;
}

TEST_F(GlVersion, TheWindowWithoutOpenGL33IsOneLineNamingWhatTheDisplayOffers) {
    if (std::getenv("DISPLAY") == nullptr) {
        GTEST_SKIP() << "no DISPLAY: the gl tier runs under xvfb-run";
    }
    const std::string line =
        refusedLine("--backend cpu --grid 16 --frames 2 --screenshot " + picture);
    EXPECT_NE(line.find("the display offers OpenGL 2.1 Mesa"), std::string::npos) << line;
}

}  // namespace
}  // namespace heatlab
