#pragma once
// A lecture left running and fiddled with: the lecture's frames (LectureUi,
// offscreen) for a number of frames, the grid size, kernel, boundary,
// display path and copy-back policy changed every few frames as a lecturer
// would through the panel and the keys. Measures what must not grow.

#include <memory>
#include <string>
#include <vector>

#include "kernels/backend.h"

namespace heatlab {

// Where the frames are drawn.
enum class SoakSurface {
    Offscreen,  // a headless context and an offscreen target: no display needed
    Window,     // a real window on the display (Xvfb in the gl tier), swapped every
                // frame with vsync off, as the window
                // (app/ui/lecture/window_frames.h) runs
};

struct SoakResult {
    int frames = 0;
    int changes = 0;      // edits applied through the panel
    int gridChanges = 0;  // of them, resets onto another grid size
    long rssAfterFirstCycleKiB = 0;
    long rssAtEndKiB = 0;
    // Where the resident memory is at both points ("anon 120340 file 40212
    // shmem 1024", KiB): which kind grew, for a failure's message.
    std::string rssPartsAfterFirstCycle;
    std::string rssPartsAtEnd;
    int registrations = 0;  // GL buffers registered with CUDA (interop)
    std::string lastMessage;
    unsigned glError = 0;  // glGetError() after the last frame (GL_NO_ERROR: 0)
};

// The process's resident memory now, in KiB (Linux /proc/self/statm).
long residentKiB();
// Its anonymous, file-backed and shared parts, as "anon A file F shmem S".
std::string residentParts();

// The soak's frames: HEATLAB_SOAK_FRAMES when set, else `fallback`.
int soakFrames(int fallback);

// Allocators keep freed memory for reuse, so a process's resident size
// moves a little without a leak; a leak of even one small grid a cycle would
// pass this within a few hundred changes.
constexpr long kSoakRssMarginKiB = 8 * 1024;

// AddressSanitizer keeps freed memory in quarantine (256 MB by default)
// instead of reusing it, so resident memory grows without a leak: under it
// a soak hunts memory errors, and the size is not compared.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSoakRssComparable = false;
#else
constexpr bool kSoakRssComparable = true;
#endif

// Runs `frames` frames on `backend` (a fresh one; the lecture owns it),
// changing kernel, boundary, display path, copy-back policy and (every third
// change) grid size every `every` frames, each followed by a reset (R).
SoakResult runSoak(std::unique_ptr<Backend> backend, int frames, int every,
                   SoakSurface where = SoakSurface::Offscreen);

}  // namespace heatlab
