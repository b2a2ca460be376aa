#pragma once
// Runs one kernel of a backend and the double reference side by side from the
// same initial field and compares them: the check every fast path passes, in
// the bench and in the tests alike.

#include "kernels/backend.h"
#include "kernels/checks/reference_comparison.h"
#include "kernels/numerics/params.h"

namespace heatlab {

struct ReferenceCheck {
    Comparison field;       // every cell within tolerance of the reference
    bool ringExact = true;  // Dirichlet only: the ring kept its initial bits
};

// Uploads params' initial field, runs `steps` steps of params.kernel at
// params.r, and compares. The kernel must not be the copy floor.
ReferenceCheck checkAgainstReference(Backend& backend, const Params& params, int steps);

}  // namespace heatlab
