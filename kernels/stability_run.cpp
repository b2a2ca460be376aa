#include "stability_run.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "field_stats.h"
#include "initial_conditions.h"

namespace heatlab {

namespace {
// max |u| is sampled this many times over the run: often enough to see a
// growth, rarely enough that copying the field back costs little.
constexpr int kCheckpoints = 8;
}  // namespace

StabilityResult runStability(Backend& backend, const Params& params, float r, int steps) {
    StabilityResult result;
    result.r = r;
    result.centreWeight = 1.0 - 4.0 * static_cast<double>(r);
    result.predictedGrowth = std::fabs(1.0 - 8.0 * static_cast<double>(r));

    const GridSize& grid = params.grid;
    std::vector<float> field = makeInitialField(grid, params.initial, params.boundary);
    backend.upload(grid, field.data(), params.boundary);
    result.maxAbsStart = maxAbs(field.data(), field.size());

    // The growth is measured over the last quarter of the run, when the
    // checkerboard has had time to dominate the modes that grow less.
    const int growthFrom = steps - steps / 4;
    std::vector<int> checkpoints{growthFrom};
    for (int k = 1; k <= kCheckpoints; ++k) {
        checkpoints.push_back(static_cast<int>(static_cast<long long>(steps) * k / kCheckpoints));
    }
    std::sort(checkpoints.begin(), checkpoints.end());
    checkpoints.erase(std::unique(checkpoints.begin(), checkpoints.end()), checkpoints.end());

    double amplitudeAtGrowthFrom = 0.0;
    float previousMax = result.maxAbsStart;
    int done = 0;
    for (int target : checkpoints) {
        if (target <= done) {
            continue;
        }
        backend.step(params.kernel, target - done, r);
        done = target;
        backend.copyToHost(field.data(), HostMemory::Pageable);
        backend.synchronize();
        const float now = maxAbs(field.data(), field.size());
        if (!(now <= previousMax + kMaxPrincipleSlack)) {
            result.maxNeverGrew = false;
        }
        previousMax = now;
        if (done == growthFrom) {
            amplitudeAtGrowthFrom = checkerboardAmplitude(field.data(), grid);
        }
    }
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
