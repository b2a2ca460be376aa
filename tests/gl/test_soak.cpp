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
    if (kSoakRssComparable) {
        EXPECT_LE(r.rssAtEndKiB - r.rssAfterFirstCycleKiB, kSoakRssMarginKiB)
            << "after the first cycle: " << r.rssPartsAfterFirstCycle
            << "; at the end: " << r.rssPartsAtEnd;
    } else {
        std::printf(
            "soak: resident memory not compared under AddressSanitizer (its quarantine "
            "keeps freed memory)\n");
    }
    EXPECT_EQ(r.registrations, 0) << "the CPU backend's field never goes through interop";
}

}  // namespace
}  // namespace heatlab
