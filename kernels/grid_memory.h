#pragma once
// Refuses, before anything is allocated, a grid that the backend's memory (or
// the host's) cannot hold, naming the bytes needed and available.

#include "kernels/backend.h"
#include "kernels/numerics/params.h"

namespace heatlab {

// Host bytes per cell the bench and the tools hold besides the backend: the
// initial field, a host copy, a snapshot and the policy buffer (float), and
// the double reference's two buffers.
constexpr std::size_t kHostBytesPerCell = 4 * sizeof(float) + 2 * sizeof(double);

// Throws UsageError when the grid does not fit.
void refuseIfTooLarge(const Backend& backend, const GridSize& grid);

}  // namespace heatlab
