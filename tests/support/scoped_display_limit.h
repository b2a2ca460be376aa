#pragma once
// A display that draws at most `cells` cells a grid, for the life of the
// guard, as a GL context says its buffer texture limit
// (kernels/grid_memory.h); then the limit there was before. The cpu tests
// check a display's refusals with it, no GL needed.

#include <cstddef>

#include "kernels/backend.h"
#include "kernels/grid_memory.h"

namespace heatlab {

class ScopedDisplayLimit {
public:
    explicit ScopedDisplayLimit(std::size_t cells) : before_(displayFloatLimit()) {
        setDisplayFloatLimit(cells + kDisplayRangeFloats);
    }
    ~ScopedDisplayLimit() { setDisplayFloatLimit(before_); }
    ScopedDisplayLimit(const ScopedDisplayLimit&) = delete;
    ScopedDisplayLimit& operator=(const ScopedDisplayLimit&) = delete;

private:
    std::size_t before_;
};

}  // namespace heatlab
