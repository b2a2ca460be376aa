#include "kernels/checks/reference_check.h"

#include <vector>

#include "kernels/numerics/initial_conditions.h"
#include "kernels/numerics/reference.h"

namespace heatlab {

ReferenceCheck checkAgainstReference(Backend& backend, const Params& params, int steps) {
    const std::vector<float> initial =
        makeInitialField(params.grid, params.initial, params.boundary);
    backend.upload(params.grid, initial.data(), params.boundary);
    backend.step(params.kernel, steps, params.r);
    std::vector<float> got(params.grid.cells());
    backend.copyToHost(got.data(), HostMemory::Pageable);
    backend.synchronize();

    Reference reference(params.grid, initial, params.boundary);
    reference.step(steps, params.r);

    ReferenceCheck result;
    result.field = compareWithReference(got.data(), reference.field(), params.grid);
    if (params.boundary == Boundary::Dirichlet) {
        result.ringExact = ringBitExact(got.data(), initial.data(), params.grid);
    }
    return result;
}

}  // namespace heatlab
