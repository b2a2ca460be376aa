// A lecture left running and fiddled with for a couple of thousand frames
// (HEATLAB_SOAK_FRAMES to change it), on the CPU backend through software
// GL: nothing throws, and the process's memory after the first full cycle
// of changes is what it is at the end.

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "kernels/cpu/cpu_backend.h"
#include "tests/support/soak.h"

namespace heatlab {
namespace {

int soakFrames(int fallback) {
    const char* text = std::getenv("HEATLAB_SOAK_FRAMES");
    return text != nullptr ? std::atoi(text) : fallback;
}

// Allocators keep freed memory for reuse, so a process's resident size
// moves a little without a leak; a leak of even one small grid a cycle would
// pass this within a few hundred changes.
constexpr long kRssMarginKiB = 8 * 1024;

// AddressSanitizer keeps freed memory in quarantine (256 MB by default)
// instead of reusing it, so resident memory grows without a leak: under it
// the soak hunts memory errors, and the size is not compared.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kResidentMemoryComparable = false;
#else
constexpr bool kResidentMemoryComparable = true;
#endif

TEST(Soak, FramesOfChangesLeaveMemoryWhereTheFirstCycleLeftIt) {
    const int frames = soakFrames(2000);
    const SoakResult r = runSoak(std::make_unique<CpuBackend>(), frames, 5);
    std::printf(
        "soak: %d frames, %d changes (%d of the grid), RSS %ld KiB after the first "
        "cycle, %ld KiB at the end\n",
        r.frames, r.changes, r.gridChanges, r.rssAfterFirstCycleKiB, r.rssAtEndKiB);
    EXPECT_EQ(r.frames, frames);
    EXPECT_GT(r.gridChanges, 10);
    EXPECT_GT(r.rssAfterFirstCycleKiB, 0);
    if (kResidentMemoryComparable) {
        EXPECT_LE(r.rssAtEndKiB - r.rssAfterFirstCycleKiB, kRssMarginKiB);
    } else {
        std::printf(
            "soak: resident memory not compared under AddressSanitizer (its quarantine "
            "keeps freed memory)\n");
    }
    EXPECT_EQ(r.registrations, 0) << "the CPU backend's field never goes through interop";
}

}  // namespace
}  // namespace heatlab
