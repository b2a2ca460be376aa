#include "kernels/backend.h"

#include <algorithm>
#include <utility>

#include "kernels/base/errors.h"
#include "kernels/base/host_clock.h"
#include "kernels/base/words.h"
#include "kernels/numerics/initial_conditions.h"
#include "kernels/numerics/paint_disc.h"

namespace heatlab {

namespace {

// Times host work around the backend's own synchronize(), so work it queued
// is counted whether or not it runs behind the caller's back.
class SynchronizingStopwatch final : public Stopwatch {
public:
    explicit SynchronizingStopwatch(Backend& backend) : backend_(backend) {}
    void start() override {
        backend_.synchronize();
        begin_ = HostClock::now();
    }
    double stopMs() override {
        backend_.synchronize();
        return msSince(begin_);
    }

private:
    Backend& backend_;
    HostClock::time_point begin_;
};

void releaseArray(float* p) { delete[] p; }

}  // namespace

void Backend::uploadInitial(const GridSize& grid, InitialCondition initial, Boundary boundary) {
    const std::vector<float> field = makeInitialField(grid, initial, boundary);
    upload(grid, field.data(), boundary);
}

void Backend::uploadFrom(Backend& source, const GridSize& grid, Boundary boundary) {
    std::vector<float> field(grid.cells());
    source.copyToHost(field.data(), HostMemory::Pageable);
    source.synchronize();
    upload(grid, field.data(), boundary);
}

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
        if (!traits(kernel).copyFloor) {
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
    many.stepsPerPass = traits(kernel).fusesSteps ? timeBlockFor(grid) : 1;
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

void checkDisplayContents(const DisplayContents& c, const GridSize& grid) {
    // The program's own mistakes, not a user's: said in English.
    if (c.grid.nx != grid.nx || c.grid.ny != grid.ny) {
        throw UsageError("display contents: made for another grid");
    }
    if (!c.cells.empty() && c.image) {
        throw UsageError("display contents: both a window of cells and an image");
    }
    const CellWindow whole{0, 0, grid.nx, grid.ny};
    if (!whole.contains(c.cells) || !whole.contains(c.loupe)) {
        throw UsageError("display contents: a window off the grid");
    }
    const std::size_t view = c.image ? c.image->pixels() : c.cells.cells();
    if (view > c.layout.viewRoom() || c.loupe.cells() > DisplayLayout::loupeRoom()) {
        throw UsageError("display contents: more values than the layout has room for");
    }
}

bool Backend::requestMeasures(long long tag, bool withSpot) {
    measured_ = FieldMeasures{tag, maxAbs(), checkerboardAmplitude(),
                              withSpot ? checkerboardSpot() : CellSpot{}};
    return true;
}

std::optional<FieldMeasures> Backend::finishedMeasures() { return std::exchange(measured_, {}); }

const std::vector<float>& Backend::hostField(const char* operation) {
    if (grid_.nx == 0) {
        throw RuntimeError(trf("the %s backend's %s: no field yet (upload one first)",
                               facts_.name.c_str(), operation));
    }
    hostField_.resize(grid_.cells());
    copyToHost(hostField_.data(), HostMemory::Pageable);
    synchronize();
    return hostField_;
}

void Backend::paint(float col, float row, float radius, float value) {
    std::vector<float> field = hostField("paint");
    paintDisc(field.data(), grid_, boundary_, col, row, radius, value);
    upload(grid_, field.data(), boundary_);
}

float Backend::maxAbs() {
    const std::vector<float>& field = hostField("maxAbs");
    return largestMagnitude(field.data(), field.size());
}

FieldRange Backend::range() {
    const std::vector<float>& field = hostField("range");
    return rangeOf(field.data(), field.size());
}

double Backend::checkerboardAmplitude() {
    return signedCheckerboardAmplitude(hostField("checkerboardAmplitude").data(), grid_);
}

CellSpot Backend::checkerboardSpot() {
    return strongestCheckerboardSpot(hostField("checkerboardSpot").data(), grid_);
}

void Backend::copyWindow(const CellWindow& window, float* dst) {
    copyWindowOf(hostField("copyWindow").data(), grid_, window, dst);
}

void Backend::viewImage(const ViewSampling& view, float* image) {
    viewImageOf(hostField("viewImage").data(), grid_, view, image);
}

HostBuffer Backend::allocateHost(std::size_t count, HostMemory /*memory*/) {
    return HostBuffer(new float[count](), HostBufferDeleter{&releaseArray});
}

std::unique_ptr<Stopwatch> Backend::stopwatch() {
    return std::make_unique<SynchronizingStopwatch>(*this);
}

void Backend::checkGrid(const GridSize& grid) {
    if (grid.nx < kMinGridSide || grid.ny < kMinGridSide) {
        throw UsageError(trf("a %d x %d grid has no interior: the smallest is %d x %d", grid.nx,
                             grid.ny, kMinGridSide, kMinGridSide));
    }
}

void Backend::checkUpload(const GridSize& grid, const float* field) {
    checkGrid(grid);
    if (field == nullptr) {
        throw RuntimeError(tr("upload: no field given"));
    }
}

}  // namespace heatlab
