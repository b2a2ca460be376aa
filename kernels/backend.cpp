#include "kernels/backend.h"

#include <algorithm>
#include <utility>

#include "kernels/base/errors.h"

namespace heatlab {

bool Backend::hasKernel(Kernel kernel) const {
    const std::vector<Kernel> all = kernels();
    return std::find(all.begin(), all.end(), kernel) != all.end();
}

void Backend::requireKernel(Kernel kernel) const {
    if (!hasKernel(kernel)) {
        throw UsageError(std::string("kernel '") + heatlab::name(kernel) +
                         "' is not available on the " + facts_.name + " backend");
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
        throw UsageError("a time block of " + std::to_string(levels) + " steps: give 1 .. " +
                         std::to_string(kTimeBlockMax));
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
        throw UsageError("a negative step count (" + std::to_string(steps) + ")");
    }
}

PresentWrite Backend::stepAndPresent(Kernel /*kernel*/, int /*steps*/, float /*r*/,
                                     DeviceDisplayBuffer& /*display*/,
                                     const DisplayContents& /*contents*/) {
    throw RuntimeError("the " + facts_.name +
                       " backend keeps its field in host memory: display it via the host");
}

bool Backend::requestMeasures(long long tag, bool withSpot) {
    measured_ = FieldMeasures{tag, maxAbs(), checkerboardAmplitude(),
                              withSpot ? checkerboardSpot() : CellSpot{}};
    return true;
}

std::optional<FieldMeasures> Backend::finishedMeasures() { return std::exchange(measured_, {}); }

void Backend::checkUpload(const GridSize& grid, const float* field) {
    if (grid.nx < kMinGridSide || grid.ny < kMinGridSide) {
        throw UsageError("a " + std::to_string(grid.nx) + " x " + std::to_string(grid.ny) +
                         " grid has no interior: the smallest is " + std::to_string(kMinGridSide) +
                         " x " + std::to_string(kMinGridSide));
    }
    if (field == nullptr) {
        throw RuntimeError("upload: no field given");
    }
}

}  // namespace heatlab
