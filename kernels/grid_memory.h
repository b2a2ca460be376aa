#pragma once
// Refuses, before anything is allocated, a grid that the backend's memory (or
// the host's) cannot hold, naming the bytes needed and available; and,
// where the program draws the field, a grid the display cannot show.

#include "kernels/backend.h"
#include "kernels/numerics/params.h"

namespace heatlab {

// Host bytes per cell the bench and the tools hold besides the backend: the
// initial field, a host copy, a snapshot and the policy buffer (float), and
// the double reference's two buffers.
constexpr std::size_t kHostBytesPerCell = 4 * sizeof(float) + 2 * sizeof(double);

// Throws UsageError when the grid does not fit, or cannot be displayed
// (refuseIfNotDisplayable(), checked first). Every way into a simulation
// comes here (Simulation::requireRunnable()): the command line, a scene, a
// cue list, the window's load and a file dropped on a served page.
void refuseIfTooLarge(const Backend& backend, const GridSize& grid);

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
