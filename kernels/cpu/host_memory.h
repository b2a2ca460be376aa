#pragma once
// How much host memory can still be had, for refusing too large a grid
// before allocating it.

#include <cstddef>

namespace heatlab {

// MemAvailable of /proc/meminfo, in bytes; 0 when it cannot be read.
std::size_t hostAvailableBytes();

}  // namespace heatlab
