#pragma once
// Refuses, before anything is allocated, a grid that the backend's memory (or
// the host's) cannot hold, naming the bytes needed and available. The
// display draws any grid (its buffers follow the view: display_layout.h),
// so no grid is refused for the display's sake.

#include "kernels/backend.h"
#include "kernels/memory_plan.h"
#include "kernels/numerics/params.h"

namespace heatlab {

// Throws UsageError when the running command's plan for the grid
// (memory_plan.h) does not fit: in one line, the memory it needs and
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

}  // namespace heatlab
