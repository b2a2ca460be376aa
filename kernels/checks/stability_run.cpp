#include "kernels/checks/stability_run.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "kernels/numerics/field_measures.h"
#include "kernels/numerics/ghost_ring.h"
#include "kernels/numerics/initial_conditions.h"

namespace heatlab {

namespace {

// checkerboardAmplitude() with its sign: the mean of (-1)^(row + col) u
// over the interior. The seed must add to the field's own projection, not
// cancel it.
double signedCheckerboard(const std::vector<float>& field, const GridSize& grid) {
    double sum = 0.0;
    for (int row = 1; row < grid.ny - 1; ++row) {
        for (int col = 1; col < grid.nx - 1; ++col) {
            const double v = field[static_cast<std::size_t>(row) * grid.nx + col];
            sum += (row + col) % 2 == 0 ? v : -v;
        }
    }
    return sum / static_cast<double>(grid.interiorCells());
}

// The checkerboard amplitude to seed the measurement field with: 0 when
// the initial field holds enough of the mode itself (see kCheckerboardSeed),
// else the seed, signed like the field's own projection.
double seedNeeded(const std::vector<float>& field, const GridSize& grid) {
    const double scale =
        std::max(1.0, static_cast<double>(largestMagnitude(field.data(), field.size())));
    const double own = signedCheckerboard(field, grid);
    const double seed = kCheckerboardSeed * scale;
    if (std::fabs(own) >= seed) {
        return 0.0;
    }
    return own < 0.0 ? -seed : seed;
}

// The field plus seed * (-1)^(row + col) on the interior, its ring then
// rebuilt so it still obeys the boundary (a Dirichlet ring is kept).
std::vector<float> withCheckerboard(std::vector<float> field, const Params& params, double seed) {
    const GridSize& grid = params.grid;
    for (int row = 1; row < grid.ny - 1; ++row) {
        for (int col = 1; col < grid.nx - 1; ++col) {
            float& u = field[static_cast<std::size_t>(row) * grid.nx + col];
            u = static_cast<float>(u + ((row + col) % 2 == 0 ? seed : -seed));
        }
    }
    fillGhostRing(field.data(), grid, params.boundary);
    return field;
}

double checkerboardNow(Backend& backend, std::vector<float>& host, const GridSize& grid) {
    backend.copyToHost(host.data(), HostMemory::Pageable);
    backend.synchronize();
    return checkerboardAmplitude(host.data(), grid);
}

// Growth per step from `from` to `to` over `span` steps; NaN when it cannot
// be told (nothing at the start, or an overflowed field).
double growthPerStep(double from, double to, int span) {
    const double growth = (span > 0 && from > 0.0) ? std::pow(to / from, 1.0 / span) : std::nan("");
    return std::isfinite(growth) ? growth : std::nan("");
}

// The checkerboard's growth is measured over the last quarter of a run, when
// it has had time to dominate the modes that grow less.
int growthFrom(int steps) { return steps - steps / 4; }

// The measurement run on a seeded field: only the growth is wanted, so the
// steps run in two batches with no max |u| between them.
double seededGrowth(Backend& backend, const Params& params, std::vector<float> field, int steps) {
    backend.upload(params.grid, field.data(), params.boundary);
    const int from = growthFrom(steps);
    backend.step(params.kernel, from, params.r);
    const double atFrom = checkerboardNow(backend, field, params.grid);
    backend.step(params.kernel, steps - from, params.r);
    return growthPerStep(atFrom, checkerboardNow(backend, field, params.grid), steps - from);
}

}  // namespace

StabilityResult runStability(Backend& backend, const Params& params, int steps) {
    const float r = params.r;
    StabilityResult result;
    result.r = r;
    result.centreWeight = 1.0 - 4.0 * static_cast<double>(r);
    result.predictedGrowth = std::fabs(1.0 - 8.0 * static_cast<double>(r));

    const GridSize& grid = params.grid;
    const std::vector<float> initial = makeInitialField(grid, params.initial, params.boundary);
    std::vector<float> field = initial;
    backend.upload(grid, field.data(), params.boundary);
    result.maxAbsStart = largestMagnitude(field.data(), field.size());

    // max |u| is reduced on the backend after every step, so "never grew"
    // means every step.
    const int from = growthFrom(steps);
    double amplitudeAtFrom = 0.0;
    float previousMax = result.maxAbsStart;
    for (int done = 1; done <= steps; ++done) {
        backend.step(params.kernel, 1, r);
        const float now = backend.maxAbs();
        if (!(now <= previousMax + kMaxPrincipleSlack)) {
            result.maxNeverGrew = false;
        }
        previousMax = now;
        if (done == from) {
            amplitudeAtFrom = checkerboardNow(backend, field, grid);
        }
    }
    const double amplitudeEnd = checkerboardNow(backend, field, grid);
    result.maxAbsEnd = previousMax;
    result.finite = allFinite(field.data(), field.size());

    const double seed = seedNeeded(initial, grid);
    if (seed == 0.0) {
        result.measuredGrowth = growthPerStep(amplitudeAtFrom, amplitudeEnd, steps - from);
    } else {
        result.checkerboardSeed = std::fabs(seed);
        result.measuredGrowth =
            seededGrowth(backend, params, withCheckerboard(initial, params, seed), steps);
    }
    return result;
}

}  // namespace heatlab
