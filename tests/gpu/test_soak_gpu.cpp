// The lecture soak on a real GPU (CUDA backend, interop display through EGL
// on the device): HEATLAB_SOAK_FRAMES frames (2000 unless set; 20 000 for
// the figures in tests/NOTES.md) of changes leave host memory, device memory and
// the interop registrations where they should be. Skips, visibly, without a
// CUDA device.

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <memory>

#include <gtest/gtest.h>

#include "kernels/cuda/cuda_backend.h"
#include "tests/support/soak.h"

namespace heatlab {
namespace {

std::size_t freeDeviceBytes() {
    std::size_t free = 0;
    std::size_t total = 0;
    EXPECT_EQ(cudaMemGetInfo(&free, &total), cudaSuccess);
    return free;
}

TEST(SoakGpu, FramesOfChangesLeaveHostAndDeviceMemoryAndRegistrationsInPlace) {
    const std::string reason = cudaUnavailableReason();
    if (!reason.empty()) {
        GTEST_SKIP() << reason;
    }
    const int frames = soakFrames(2000);
    const std::size_t freeBefore = freeDeviceBytes();
    const SoakResult r = runSoak(makeCudaBackend(), frames, 5);
    const std::size_t freeAfter = freeDeviceBytes();
    std::printf(
        "soak on the GPU: %d frames, %d changes (%d of the grid), RSS %ld KiB after the "
        "first cycle, %ld KiB at the end; device memory free %zu MiB before, %zu MiB "
        "after; %d interop registrations\n",
        r.frames, r.changes, r.gridChanges, r.rssAfterFirstCycleKiB, r.rssAtEndKiB,
        freeBefore >> 20, freeAfter >> 20, r.registrations);
    EXPECT_EQ(r.frames, frames);
    EXPECT_LE(r.rssAtEndKiB - r.rssAfterFirstCycleKiB, 16 * 1024);
    // Everything the lecture made on the device is gone with it.
    EXPECT_LE(freeBefore - std::min(freeBefore, freeAfter), std::size_t{64} << 20);
    // One registration per field view buffer: the first grid and each change.
    EXPECT_EQ(r.registrations, r.gridChanges + 1);
}

}  // namespace
}  // namespace heatlab
