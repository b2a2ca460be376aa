#pragma once
// The host side of the boundary rule: rewrites a field's ring from its
// interior with ghostValue() of kernels/numerics/stencil.h. The CPU backend
// runs it after every step, the double reference too; initial fields run it
// once so they start out obeying the boundary.

#include "kernels/numerics/params.h"

namespace heatlab {

// No-op for Dirichlet, whose ring keeps its initial values. Defined for
// float (the backends) and double (the reference).
template <typename T>
void fillGhostRing(T* field, const GridSize& grid, Boundary boundary);

}  // namespace heatlab
