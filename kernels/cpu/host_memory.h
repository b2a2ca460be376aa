#pragma once
// How much host memory can still be had, for refusing too large a grid
// before allocating it.

#include <cstddef>

namespace heatlab {

// MemAvailable of /proc/meminfo, in bytes (0 when it cannot be read), or
// less where the process's address-space limit (ulimit -v) leaves less: a
// grid over it would fail to allocate, so it is refused first.
// The tests may make it less with kHostFreeVariable (bytes): how a child
// heatlab is shown a machine too small for a grid without taking the
// machine's memory. No user option: a test hook, like the others named
// HEATLAB_TEST_*.
std::size_t hostAvailableBytes();
constexpr const char* kHostFreeVariable = "HEATLAB_TEST_HOST_FREE_BYTES";

}  // namespace heatlab
