#pragma once
// The two kinds of failure the program tells apart. main() has the one catch
// that turns them into a message and an exit status: 2 for a usage error
// (a bad flag, a grid too large for memory), 1 for a runtime failure.

#include <stdexcept>
#include <string>

namespace heatlab {

struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct RuntimeError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace heatlab
