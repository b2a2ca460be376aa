#pragma once
// What the context just made current can draw, told to the simulation's
// grid check (kernels/grid_memory.h): the field is drawn from one buffer
// texture, so a grid whose display buffer is over GL_MAX_TEXTURE_BUFFER_SIZE
// is refused with the memory's refusals, before anything is made or
// changed, instead of failing at its first frame.

namespace heatlab {

// Reads the current context's limit and sets it. Called by every context
// that draws the field: the window's and the offscreen one.
void noteDisplayLimit();

}  // namespace heatlab
