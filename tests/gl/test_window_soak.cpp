// The window itself left running, under the display the gl tier has (Xvfb):
// the soak's changes (kernel, boundary, display path, copy-back policy,
// grid) every few frames in a real GLFW window swapped every frame; and the
// program as a user starts it (`heatlab --frames N --no-vsync`), run to its
// end with no GL error, nothing on stderr but the backend's line, every
// frame's steps done, in bounded time. HEATLAB_SOAK_FRAMES changes the
// window soak's frames as it does the offscreen soak's.

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "app/io/png_file.h"
#include "kernels/cpu/cpu_backend.h"
#include "tests/support/run_command.h"
#include "tests/support/scoped_env.h"
#include "tests/support/soak.h"

namespace heatlab {
namespace {

bool haveDisplay() {
    const char* display = std::getenv("DISPLAY");
    return display != nullptr && *display != '\0';
}

TEST(WindowSoak, ChangesEveryFewFramesInARealWindowRaiseNoErrorAndLeakNothing) {
    if (!haveDisplay()) {
        GTEST_SKIP() << "no DISPLAY: the gl tier runs under xvfb-run";
    }
    const int frames = soakFrames(2000);
    const auto start = std::chrono::steady_clock::now();
    const SoakResult r = runSoak(std::make_unique<CpuBackend>(), frames, 5, SoakSurface::Window);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf(
        "window soak: %d frames in %.1f s, %d changes (%d of the grid), RSS %ld KiB after the "
        "first cycle, %ld KiB at the end\n",
        r.frames, seconds, r.changes, r.gridChanges, r.rssAfterFirstCycleKiB, r.rssAtEndKiB);
    EXPECT_EQ(r.frames, frames);
    EXPECT_EQ(r.glError, 0u);
    EXPECT_TRUE(r.lastMessage.empty()) << r.lastMessage;
    if (kSoakRssComparable) {
        EXPECT_LE(r.rssAtEndKiB - r.rssAfterFirstCycleKiB, kSoakRssMarginKiB)
            << "after the first cycle: " << r.rssPartsAfterFirstCycle
            << "; at the end: " << r.rssPartsAtEnd;
    }
}

// The time is printed, not held: how fast software GL draws on a busy
// machine is no behaviour of ours, and a hang is ctest's timeout's to catch.
TEST(WindowSoak, TheWindowCommandRunsItsFramesWithNoError) {
    if (!haveDisplay()) {
        GTEST_SKIP() << "no DISPLAY: the gl tier runs under xvfb-run";
    }
    const int frames = 1000;
    const std::string picture = ::testing::TempDir() + "heatlab-window-soak.png";
    std::filesystem::remove(picture);
    // As `make run` starts it: OpenMP's spinning threads would take the
    // cores the software GL driver draws with.
    const ScopedEnv passive("OMP_WAIT_POLICY", "passive");
    const auto start = std::chrono::steady_clock::now();
    const CommandResult result =
        runHeatlab("--backend cpu --grid 64x48 --steps-per-frame 2 --no-vsync --frames " +
                   std::to_string(frames) + " --screenshot " + picture);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("window command: %d frames in %.1f s\n", frames, seconds);
    ASSERT_EQ(result.status, 0) << result.err;
    EXPECT_EQ(result.err, "backend: cpu (asked for)\n") << "nothing else, no GL error";
    const DecodedPng png = readPng(picture);
    const std::map<std::string, std::string> text(png.text.begin(), png.text.end());
    EXPECT_EQ(text.at("heatlab.steps"), std::to_string(2 * frames)) << "a frame's steps lost";
    std::filesystem::remove(picture);
}

}  // namespace
}  // namespace heatlab
