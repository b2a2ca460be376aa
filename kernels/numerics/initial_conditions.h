#pragma once
// The starting fields (hot wall and square, sine, blank), made on the host
// whole, or a strip of rows at a time where the field lives
// (Backend::uploadInitial()): each cell's value is a function of its place
// alone, so a strip holds the whole field's bits.

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

// Rows firstRow .. firstRow + rows - 1 of that field into `out` (rows *
// grid.nx floats): the same bits as makeInitialField()'s rows, whatever the
// strips; a ring the boundary derives is computed from the interior as
// fillGhostRing() computes it (ghostFromRows() of stencil.h).
void makeInitialRows(const GridSize& grid, InitialCondition initial, Boundary boundary,
                     int firstRow, int rows, float* out);

}  // namespace heatlab
