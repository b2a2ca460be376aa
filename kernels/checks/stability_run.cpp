#include "kernels/checks/stability_run.h"

#include <cmath>
#include <vector>

#include "kernels/numerics/field_measures.h"
#include "kernels/numerics/initial_conditions.h"

namespace heatlab {

StabilityResult runStability(Backend& backend, const Params& params, float r, int steps) {
    StabilityResult result;
    result.r = r;
    result.centreWeight = 1.0 - 4.0 * static_cast<double>(r);
    result.predictedGrowth = std::fabs(1.0 - 8.0 * static_cast<double>(r));

    const GridSize& grid = params.grid;
    std::vector<float> field = makeInitialField(grid, params.initial, params.boundary);
    backend.upload(grid, field.data(), params.boundary);
    result.maxAbsStart = largestMagnitude(field.data(), field.size());

    // max |u| is reduced on the backend after every step, so "never grew"
    // means every step. The checkerboard's growth is measured over the last
    // quarter of the run, when it has had time to dominate the modes that
    // grow less.
    const int growthFrom = steps - steps / 4;
    double amplitudeAtGrowthFrom = 0.0;
    float previousMax = result.maxAbsStart;
    for (int done = 1; done <= steps; ++done) {
        backend.step(params.kernel, 1, r);
        const float now = backend.maxAbs();
        if (!(now <= previousMax + kMaxPrincipleSlack)) {
            result.maxNeverGrew = false;
        }
        previousMax = now;
        if (done == growthFrom) {
            backend.copyToHost(field.data(), HostMemory::Pageable);
            backend.synchronize();
            amplitudeAtGrowthFrom = checkerboardAmplitude(field.data(), grid);
        }
    }
    backend.copyToHost(field.data(), HostMemory::Pageable);
    backend.synchronize();
    result.maxAbsEnd = previousMax;
    result.finite = allFinite(field.data(), field.size());
    const int span = steps - growthFrom;
    const double amplitudeEnd = checkerboardAmplitude(field.data(), grid);
    result.measuredGrowth = (span > 0 && amplitudeAtGrowthFrom > 0.0)
                                ? std::pow(amplitudeEnd / amplitudeAtGrowthFrom, 1.0 / span)
                                : std::nan("");
    return result;
}

}  // namespace heatlab
