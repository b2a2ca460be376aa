#pragma once
// How much host memory can still be had, for refusing too large a grid
// before allocating it.

#include <cstddef>

namespace heatlab {

// MemAvailable of /proc/meminfo, in bytes (0 when it cannot be read), or
// less where the process's address-space limit (ulimit -v) leaves less: a
// grid over it would fail to allocate, so it is refused first.
std::size_t hostAvailableBytes();

}  // namespace heatlab
