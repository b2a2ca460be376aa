#include "kernels/backend.h"

#include <algorithm>
#include <utility>

#include "kernels/base/errors.h"
#include "kernels/base/words.h"

namespace heatlab {

bool Backend::hasKernel(Kernel kernel) const {
    const std::vector<Kernel> all = kernels();
    return std::find(all.begin(), all.end(), kernel) != all.end();
}

void Backend::requireKernel(Kernel kernel) const {
    if (!hasKernel(kernel)) {
        throw UsageError(trf("kernel '%s' is not available on the %s backend",
                             heatlab::name(kernel), facts_.name.c_str()));
    }
}

std::vector<Kernel> Backend::stencilKernels() const {
    std::vector<Kernel> stencils;
    for (Kernel kernel : kernels()) {
        if (kernel != Kernel::Copy) {
            stencils.push_back(kernel);
        }
    }
    return stencils;
}

void Backend::setTimeBlock(int levels) {
    if (levels != kTimeBlockAuto && (levels < 1 || levels > kTimeBlockMax)) {
        throw UsageError(trf("a time block of %d steps: give 1 .. %d", levels, kTimeBlockMax));
    }
    timeBlock_ = levels;
}

int Backend::timeBlockFor(const GridSize& grid) const {
    return timeBlock_ == kTimeBlockAuto ? automaticTimeBlock(grid) : timeBlock_;
}

ManySteps Backend::manySteps(Kernel kernel, const GridSize& grid, Boundary /*boundary*/) const {
    ManySteps many;
    many.stepsPerPass = kernel == Kernel::Temporal ? timeBlockFor(grid) : 1;
    return many;
}

void Backend::requireSteps(Kernel kernel, int steps) const {
    requireKernel(kernel);
    if (steps < 0) {
        throw UsageError(trf("a negative step count (%d)", steps));
    }
}

PresentWrite Backend::stepAndPresent(Kernel /*kernel*/, int /*steps*/, float /*r*/,
                                     DeviceDisplayBuffer& /*display*/,
                                     const DisplayContents& /*contents*/) {
    throw RuntimeError(trf("the %s backend keeps its field in host memory: display it via the host",
                           facts_.name.c_str()));
}

bool Backend::requestMeasures(long long tag, bool withSpot) {
    measured_ = FieldMeasures{tag, maxAbs(), checkerboardAmplitude(),
                              withSpot ? checkerboardSpot() : CellSpot{}};
    return true;
}

std::optional<FieldMeasures> Backend::finishedMeasures() { return std::exchange(measured_, {}); }

void Backend::checkUpload(const GridSize& grid, const float* field) {
    if (grid.nx < kMinGridSide || grid.ny < kMinGridSide) {
        throw UsageError(trf("a %d x %d grid has no interior: the smallest is %d x %d", grid.nx,
                             grid.ny, kMinGridSide, kMinGridSide));
    }
    if (field == nullptr) {
        throw RuntimeError(tr("upload: no field given"));
    }
}

}  // namespace heatlab
