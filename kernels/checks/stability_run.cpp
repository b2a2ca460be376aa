#include "kernels/checks/stability_run.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "kernels/numerics/field_measures.h"
#include "kernels/numerics/grid_modes.h"
#include "kernels/numerics/initial_conditions.h"
#include "kernels/numerics/mode_projection.h"

namespace heatlab {

namespace {

std::vector<float> hostCopy(Backend& backend, const GridSize& grid) {
    std::vector<float> field(grid.cells());
    backend.copyToHost(field.data(), HostMemory::Pageable);
    backend.synchronize();
    return field;
}

float interiorMaxAbs(const std::vector<float>& field, const GridSize& grid) {
    float biggest = 0.0f;
    for (int row = 1; row < grid.ny - 1; ++row) {
        const float m = largestMagnitude(&field[static_cast<std::size_t>(row) * grid.nx + 1],
                                         static_cast<std::size_t>(grid.nx - 2));
        biggest = std::isnan(m) ? m : std::max(biggest, m);
    }
    return biggest;
}

bool ringHoldsValues(const std::vector<float>& field, const GridSize& grid) {
    for (int row = 0; row < grid.ny; ++row) {
        for (int col = 0; col < grid.nx; ++col) {
            const bool ring = row == 0 || col == 0 || row == grid.ny - 1 || col == grid.nx - 1;
            if (ring && field[static_cast<std::size_t>(row) * grid.nx + col] != 0.0f) {
                return true;
            }
        }
    }
    return false;
}

// The field's ring with a cold interior: what the ring alone makes of it.
std::vector<float> ringAlone(std::vector<float> field, const GridSize& grid) {
    for (int row = 1; row < grid.ny - 1; ++row) {
        std::fill_n(field.begin() + static_cast<std::ptrdiff_t>(row) * grid.nx + 1, grid.nx - 2,
                    0.0f);
    }
    return field;
}

// The mode's coordinates after `span` steps of a second run from `start`.
std::vector<double> coordinatesAfter(Backend& backend, const Params& params,
                                     const std::vector<float>& start, int span,
                                     const ModeProjection& projection) {
    backend.upload(params.grid, start.data(), params.boundary);
    backend.step(params.kernel, span, params.r);
    return projection.coordinates(hostCopy(backend, params.grid).data());
}

// Growth per step from a length `from` to `to` over `span` steps; NaN when
// it cannot be told (nothing at the start, or an overflowed field).
double growthPerStep(double from, double to, int span) {
    const double growth = from > 0.0 ? std::pow(to / from, 1.0 / span) : std::nan("");
    return std::isfinite(growth) ? growth : std::nan("");
}

// The run of the field's own start: max |u| after every step (and the
// interior's, from a host copy, where the principle is watched there), and
// the mode's coordinates at step `span`.
std::vector<double> ownRun(Backend& backend, const Params& params,
                           const std::vector<float>& initial, int steps, int span,
                           const ModeProjection& projection, StabilityResult& result) {
    const GridSize& grid = params.grid;
    backend.upload(grid, initial.data(), params.boundary);
    result.maxAbsStart = largestMagnitude(initial.data(), initial.size());
    result.principleOverInterior = params.boundary == Boundary::Extrapolate;
    result.principleStart =
        result.principleOverInterior ? interiorMaxAbs(initial, grid) : result.maxAbsStart;
    float watched = result.principleStart;
    float whole = result.maxAbsStart;
    std::vector<double> atSpan;
    for (int done = 1; done <= steps; ++done) {
        backend.step(params.kernel, 1, params.r);
        whole = backend.maxAbs();
        float now = whole;
        if (result.principleOverInterior || done == span) {
            const std::vector<float> field = hostCopy(backend, grid);
            now = result.principleOverInterior ? interiorMaxAbs(field, grid) : whole;
            if (done == span) {
                atSpan = projection.coordinates(field.data());
            }
        }
        if (!(now <= watched + kMaxPrincipleSlack)) {
            result.maxNeverGrew = false;
        }
        watched = now;
        if (!std::isfinite(whole) && result.overflowStep == 0) {
            result.overflowStep = done;
        }
    }
    result.maxAbsEnd = whole;
    result.principleEnd = watched;
    result.finite = std::isfinite(whole);
    return atSpan;
}

}  // namespace

int measuredSpan(double factor, int steps) {
    const double size = std::fabs(factor);
    if (size == 1.0) {
        return steps;
    }
    if (size < kMeasuredDecay) {
        return 1;  // gone (or all but) after one step: one step is all there is
    }
    const double limit = std::log(size < 1.0 ? kMeasuredDecay : kMeasuredGrowth) / std::log(size);
    return std::clamp(static_cast<int>(std::min(limit, static_cast<double>(steps))), 1, steps);
}

StabilityResult runStability(Backend& backend, const Params& params, int steps) {
    const GridSize& grid = params.grid;
    const double r = params.r;
    StabilityResult result;
    result.r = params.r;
    result.centreWeight = 1.0 - 4.0 * r;
    result.infiniteGridGrowth = std::fabs(infiniteGridFactor(r));
    result.factor = highestModeFactor(grid, params.boundary, r);
    result.predictedGrowth = std::fabs(result.factor);
    result.gridBound = gridStabilityBound(grid, params.boundary);

    const ModeProjection projection(grid, params.boundary);
    const std::vector<float> initial = makeInitialField(grid, params.initial, params.boundary);
    const int span = measuredSpan(result.factor, steps);
    result.measuredSteps = span;
    const std::vector<double> ownAtSpan =
        ownRun(backend, params, initial, steps, span, projection, result);

    // The measured pair: coordinates at step 0 and at step span of the
    // field the growth is told on, a difference of two runs but where one
    // run is enough.
    const std::vector<double> own = projection.coordinates(initial.data());
    const double scale = std::max(1.0, interiorLength(initial.data(), grid));
    double atStart = 0.0;
    double atSpan = 0.0;
    if (lengthOf(own) >= kOwnModeShare * scale) {
        atStart = lengthOf(own);
        if (params.boundary == Boundary::Dirichlet && ringHoldsValues(initial, grid)) {
            // The ring feeds the same input into the interior every step,
            // and the mode takes its share of it: the ring's own run (a
            // cold interior, so no coordinates at step 0) has exactly that.
            result.measurement = GrowthMeasurement::OwnFieldLessRing;
            atSpan = lengthOfDifference(
                ownAtSpan,
                coordinatesAfter(backend, params, ringAlone(initial, grid), span, projection));
        } else {
            result.measurement = GrowthMeasurement::OwnField;
            atSpan = lengthOf(ownAtSpan);
        }
    } else {
        result.measurement = GrowthMeasurement::Seeded;
        result.seed = scale;
        const std::vector<float> seeded = projection.withMode(initial, scale);
        atStart = lengthOfDifference(projection.coordinates(seeded.data()), own);
        atSpan = lengthOfDifference(coordinatesAfter(backend, params, seeded, span, projection),
                                    ownAtSpan);
    }
    result.modeAtStart = atStart;
    result.measuredGrowth = growthPerStep(atStart, atSpan, span);
    return result;
}

}  // namespace heatlab
