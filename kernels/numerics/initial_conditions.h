#pragma once
// The starting fields (hot wall and square, sine, blank), made on the host
// and uploaded to a backend.

#include <vector>

#include "kernels/numerics/params.h"

namespace heatlab {

// Cold and hot, the two temperatures of the hot-wall-and-square field.
constexpr float kCold = 0.0f;
constexpr float kHot = 1.0f;

// The initial field, ring included. For boundaries other than Dirichlet the
// ring is then overwritten with the ghost values of the interior, so every
// backend starts from a field that already obeys its boundary.
std::vector<float> makeInitialField(const GridSize& grid, InitialCondition initial,
                                    Boundary boundary);

}  // namespace heatlab
