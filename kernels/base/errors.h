#pragma once
// The two kinds of failure the program tells apart. main() has the one catch
// that turns them into a message and an exit status: 2 for a usage error
// (a bad flag, a grid too large for memory), 1 for a runtime failure. A
// running lecture tells one runtime failure apart again: the device lost.

#include <stdexcept>
#include <string>

namespace heatlab {

struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct RuntimeError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// A failure that leaves the device unusable for the rest of the process (a
// CUDA sticky error: an illegal address, a kernel that faulted): every later
// call on it fails the same way, so nothing on it can be recovered, only
// left. A lecture goes on on the CPU (app/ui/lecture/frame_guard.h); elsewhere it is
// a runtime failure like any other.
struct DeviceLostError : RuntimeError {
    using RuntimeError::RuntimeError;
};

}  // namespace heatlab
