#pragma once
// Refuses, before anything is allocated, a grid that the backend's memory (or
// the host's) cannot hold, naming the bytes needed and available; and,
// where the program draws the field, a grid the display cannot show.

#include "kernels/backend.h"
#include "kernels/memory_plan.h"
#include "kernels/numerics/params.h"

namespace heatlab {

// Throws UsageError when the grid cannot be displayed
// (refuseIfNotDisplayable(), checked first) or the running command's plan
// for it (memory_plan.h) does not fit: in one line, the memory it needs and
// what is free, "a 65536 x 65536 grid needs 48.0 GiB on the device, 27.1
// GiB are free" (the device: Backend::availableBytes(), cudaMemGetInfo's
// free memory and what the backend holds now) or "... of host memory, ..."
// (hostAvailableBytes()). Every way into a simulation comes here
// (Simulation::requireRunnable()): the command line, a scene, a cue list,
// the window's load and a file dropped on a served page.
void refuseIfTooLarge(const Backend& backend, const GridSize& grid);
// The same for a plan of the caller's own (the bench's, the bandwidth
// table's), its grid the plan's.
void refuseIfTooLarge(const Backend& backend, const MemoryPlan& plan);

// What a plan on `backend` is held against: the device's free memory (0
// where the field lives in host memory) and the host's, as the refusal
// counts them; the panel shows them beside the plan.
struct FreeMemory {
    std::size_t device = 0;
    std::size_t host = 0;
};
FreeMemory freeMemory(const Backend& backend);
// Whether `plan` fits in `free`.
bool fits(const MemoryPlan& plan, const FreeMemory& free);

// The most floats one display buffer may hold (displayBufferFloats(), the
// field and its range): a GL's GL_MAX_TEXTURE_BUFFER_SIZE, set once by the
// context that draws the field (app/platform), so a grid it cannot show is
// refused with the memory's refusals, before anything is made or changed,
// not when a frame first draws it. 0, the start: nothing draws (the bench),
// no limit. Any thread may read it.
void setDisplayFloatLimit(std::size_t floats);
std::size_t displayFloatLimit();
// Throws UsageError when a display has said its limit and `grid` is over it.
void refuseIfNotDisplayable(const GridSize& grid);

}  // namespace heatlab
