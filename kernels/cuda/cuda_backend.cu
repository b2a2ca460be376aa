// The CUDA backend. See cuda_backend.h for the interface and the launcher
// headers (cuda_kernels.cuh and one beside each kernel file) for the kernels
// it queues.
//
// Two streams, ordered only by events:
//   compute  every kernel, upload, systemCopy and the pageable copy-back
//   copy     pinned copies to the host, so they can overlap later steps
// A pinned copy waits for the compute stream to reach the field it copies
// (fieldReady); a kernel that is about to overwrite a buffer waits for the
// last copy out of that buffer (copyDone[buffer]). So an asynchronous copy
// always reads a finished field and never changes the arithmetic.

#include "kernels/cuda/cuda_backend.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <map>
#include <memory>
#include <new>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <dlfcn.h>

#include <cuda_runtime.h>

#include "kernels/base/errors.h"
#include "kernels/base/words.h"
#include "kernels/cuda/cuda_arithmetic.cuh"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_kernel_table.cuh"
#include "kernels/cuda/cuda_kernels.cuh"
#include "kernels/cuda/cuda_optimised.cuh"
#include "kernels/cuda/cuda_reductions.cuh"
#include "kernels/cuda/cuda_resident.cuh"
#include "kernels/cuda/cuda_resources.h"
#include "kernels/cuda/cuda_temporal.cuh"
#include "kernels/cuda/cuda_view_image.cuh"
#include "kernels/numerics/initial_conditions.h"

namespace heatlab {

namespace {

// Steps a graph holds: enough that one graph launch is small beside the
// steps it runs, few enough that a frame of 100 steps is mostly graphs and
// capturing one (once per kernel, r and parity) takes well under a frame.
constexpr int kStepsPerGraph = 32;

// A captured, instantiated graph of kStepsPerGraph steps, and the buffer
// that holds the newest field once it has run.
class StepGraph {
public:
    StepGraph(cudaGraphExec_t exec, int currentAfter) : exec_(exec), currentAfter_(currentAfter) {}
    ~StepGraph() {
        if (exec_ != nullptr) {
            CUDA_CHECK_PRINT(cudaGraphExecDestroy(exec_));
        }
    }
    StepGraph(const StepGraph&) = delete;
    StepGraph& operator=(const StepGraph&) = delete;

    cudaGraphExec_t exec() const { return exec_; }
    int currentAfter() const { return currentAfter_; }

private:
    cudaGraphExec_t exec_;
    int currentAfter_;
};

// What a graph was captured for: the buffers and grid are fixed between
// uploads, which forget every graph.
struct StepGraphKey {
    Kernel kernel;
    std::uint32_t rBits;
    int current;
    int timeBlock;  // the temporal kernel's steps a pass
    bool operator<(const StepGraphKey& o) const {
        return std::tie(kernel, rBits, current, timeBlock) <
               std::tie(o.kernel, o.rBits, o.current, o.timeBlock);
    }
};

}  // namespace

struct CudaBackend::Resources {
    // Streams first, so they are destroyed last, after the events and
    // buffers whose work they ran.
    Stream compute;
    Stream copy;
    // Ordering-only events, without timing, which makes them cheaper.
    Event fieldReady{cudaEventDisableTiming};
    Event copyDone[2] = {Event(cudaEventDisableTiming), Event(cudaEventDisableTiming)};
    bool copyPending[2] = {false, false};  // copyDone[i] recorded and not yet waited for
    DeviceBuffer<float> field[2];
    DeviceBuffer<float> laplacian;  // three-pass scratch, one float per cell
    // The resident kernel's edge exchange; empty where it does not fit the grid.
    DeviceBuffer<unsigned char> residentExchange;
    DeviceBuffer<float> burstSink{1};            // arithmeticBurst()'s result, never read
    DeviceBuffer<std::uint32_t> reduction{1};    // maxAbs's result, as float bits
    DeviceBuffer<std::uint32_t> rangeResult{3};  // range(): min, max, NaN seen
    DeviceBuffer<double> checkerboardPartials{cuda::kCheckerboardPartials};
    DeviceBuffer<double> checkerboardResult{1};
    DeviceBuffer<unsigned long long> spotResult{1};  // checkerboardSpot()'s key
    DeviceBuffer<float> viewImage;  // viewImage()'s, grown to the largest view asked for
    std::map<StepGraphKey, std::unique_ptr<StepGraph>> graphs;  // stepMany()'s, by what they run
    // requestMeasures(): its results land in pinned memory (max |u|'s bits
    // in the first word, the amplitude's double in the second pair, the
    // spot's key in the third), and the event says when.
    HostBuffer measuresHost;
    Event measuresDone{cudaEventDisableTiming};
    bool measuresInFlight = false;
    long long measuresTag = 0;

    std::size_t heldBytes() const {
        return field[0].bytes() + field[1].bytes() + laplacian.bytes() + residentExchange.bytes();
    }
};

namespace {

void releasePageable(float* p) noexcept { delete[] p; }

// Device events on the compute stream: a host clock around queued work
// measures the queueing, not the work.
class CudaStopwatch final : public Stopwatch {
public:
    CudaStopwatch(cudaStream_t compute, cudaStream_t copy) : compute_(compute), copy_(copy) {}

    void start() override {
        CUDA_CHECK(cudaEventRecord(start_.get(), compute_));
        started_ = true;
    }

    double stopMs() override {
        if (!started_) {
            throw RuntimeError("CudaStopwatch::stopMs called before start");
        }
        // Pinned copies run on the copy stream but belong to the measured
        // work (the copy-back policy table times them): the stop event waits
        // for every copy queued so far.
        CUDA_CHECK(cudaEventRecord(copyTail_.get(), copy_));
        CUDA_CHECK(cudaStreamWaitEvent(compute_, copyTail_.get(), 0));
        CUDA_CHECK(cudaEventRecord(stop_.get(), compute_));
        CUDA_CHECK(cudaEventSynchronize(stop_.get()));
        float ms = 0.0f;
        CUDA_CHECK(cudaEventElapsedTime(&ms, start_.get(), stop_.get()));
        return static_cast<double>(ms);
    }

private:
    cudaStream_t compute_;
    cudaStream_t copy_;
    Event start_;
    Event stop_;
    Event copyTail_{cudaEventDisableTiming};
    bool started_ = false;
};

// True when the driver's library, libcuda.so.1, can be loaded: the runtime
// answers cudaErrorInsufficientDriver both when it is too old and when it
// is missing altogether, and only this tells them apart. RTLD_NOLOAD first:
// the runtime has usually loaded it already.
bool nvidiaDriverLoadable() {
    void* driver = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_NOLOAD);
    if (driver == nullptr) {
        driver = dlopen("libcuda.so.1", RTLD_LAZY);
    }
    if (driver == nullptr) {
        return false;
    }
    dlclose(driver);
    return true;
}

}  // namespace

std::string cudaUnavailableReason() {
    // Whatever the runtime would say now: nothing can run on a lost context.
    if (const cudaError_t lost = deviceLostBy(); lost != cudaSuccess) {
        return trf(
            "the CUDA device was lost earlier in this run (%s); only a new heatlab can use "
            "it",
            cudaGetErrorString(lost));
    }
    int count = 0;
    const cudaError_t status = cudaGetDeviceCount(&count);
    if (status != cudaSuccess) {
        (void)cudaGetLastError();  // leave no stale error for a later check
        // No driver at all reads "driver version is insufficient": say so
        // plainly, and keep the runtime's words for a driver that is there
        // but too old.
        if (status == cudaErrorInsufficientDriver && !nvidiaDriverLoadable()) {
            return tr("no NVIDIA driver found (libcuda.so.1 could not be loaded)");
        }
        return trf("no usable CUDA device (cudaGetDeviceCount: %s)", cudaGetErrorString(status));
    }
    if (count == 0) {
        return tr("no CUDA device");
    }
    // A device this binary has no code for (an architecture missing from
    // CMAKE_CUDA_ARCHITECTURES) would only fail at the first launch.
    const cudaError_t image = cuda::probeKernelImage();
    if (image != cudaSuccess) {
        return trf("no kernel image for this device: %s", cudaGetErrorString(image));
    }
    return "";
}

namespace {

// FP32 lanes (CUDA cores) per SM, from the CUDA programming guide's table
// of arithmetic throughput by compute capability; 0 where it is not listed.
int fp32LanesPerMultiprocessor(int major, int minor) {
    switch (major) {
    case 5: return 128;
    case 6: return minor == 0 ? 64 : 128;
    case 7: return 64;
    case 8: return minor == 0 ? 64 : 128;
    case 9:
    case 10:
    case 12: return 128;
    default: return 0;
    }
}

}  // namespace

std::unique_ptr<Backend> makeCudaBackend() {
    const std::string reason = cudaUnavailableReason();
    if (!reason.empty()) {
        throw RuntimeError(trf("CUDA backend unavailable: %s", reason.c_str()));
    }
    return std::make_unique<CudaBackend>();
}

CudaBackend::CudaBackend() : PingPongBackend("CudaBackend", "on the device ") {
    int device = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    cudaDeviceProp properties{};
    CUDA_CHECK(cudaGetDeviceProperties(&properties, device));
    facts_.name = "cuda";
    facts_.fieldInHostMemory = false;
    facts_.device = std::string(properties.name) + " (compute capability " +
                    std::to_string(properties.major) + "." + std::to_string(properties.minor) + ")";

    // CUDA 13 dropped cudaDeviceProp::memoryClockRate; the attributes remain.
    int memoryClockKHz = 0;
    int busWidthBits = 0;
    CUDA_CHECK(cudaDeviceGetAttribute(&memoryClockKHz, cudaDevAttrMemoryClockRate, device));
    CUDA_CHECK(cudaDeviceGetAttribute(&busWidthBits, cudaDevAttrGlobalMemoryBusWidth, device));
    // Double data rate: two transfers per clock, busWidthBits / 8 bytes each.
    facts_.peakBandwidthGBs = 2.0 * static_cast<double>(memoryClockKHz) * 1.0e3 *
                              (static_cast<double>(busWidthBits) / 8.0) / 1.0e9;

    // SMs x clock x FP32 lanes a SM x 2 (a fused multiply-add), what the
    // datasheets print; 0 for an architecture the table does not know.
    int clockKHz = 0;
    CUDA_CHECK(cudaDeviceGetAttribute(&clockKHz, cudaDevAttrClockRate, device));
    facts_.peakGflops =
        static_cast<double>(properties.multiProcessorCount) * static_cast<double>(clockKHz) *
        1.0e3 * fp32LanesPerMultiprocessor(properties.major, properties.minor) * 2.0 / 1.0e9;

    int l2Bytes = 0;
    CUDA_CHECK(cudaDeviceGetAttribute(&l2Bytes, cudaDevAttrL2CacheSize, device));
    l2Bytes_ = static_cast<std::size_t>(l2Bytes);
    facts_.cacheBytes = l2Bytes_;
    facts_.cacheName = "L2";

    resources_ = std::make_unique<Resources>();
}

int CudaBackend::automaticTimeBlock(const GridSize& grid) const {
    constexpr int kInCache = 4;
    constexpr int kFromMemory = 8;
    return 2 * grid.bytes() <= l2Bytes_ ? kInCache : kFromMemory;
}

CudaBackend::~CudaBackend() {
    // Queued kernels and copies may still use the buffers (and a caller's
    // pinned host buffer): let them finish before anything is freed.
    if (resources_) {
        CUDA_CHECK_PRINT(cudaStreamSynchronize(resources_->compute.get()));
        CUDA_CHECK_PRINT(cudaStreamSynchronize(resources_->copy.get()));
    }
}

std::size_t CudaBackend::availableBytes() const {
    std::size_t freeBytes = 0;
    std::size_t totalBytes = 0;
    CUDA_CHECK(cudaMemGetInfo(&freeBytes, &totalBytes));
    // upload() frees this backend's buffers before allocating a new grid's,
    // so what it holds now is available to the next grid too.
    return freeBytes + resources_->heldBytes();
}

std::size_t CudaBackend::bytesNeeded(const GridSize& grid) const {
    // The exchange is the largest it can be: no boundary is known here, and
    // the resident kernel takes every boundary but periodic.
    const std::size_t exchange = cuda::residentFits(grid.nx, grid.ny, Boundary::Dirichlet)
                                     ? cuda::residentExchangeBytes(grid.nx, grid.ny)
                                     : 0;
    return 3 * grid.bytes() + exchange;
}

std::vector<Kernel> CudaBackend::kernelList() { return cuda::launcherTable().kernels(); }

bool CudaBackend::keepsFieldIfUploadFails(const GridSize& grid) const {
    if (grid.nx == grid_.nx && grid.ny == grid_.ny) {
        return true;
    }
    std::size_t freeBytes = 0;
    std::size_t totalBytes = 0;
    CUDA_CHECK(cudaMemGetInfo(&freeBytes, &totalBytes));
    return freeBytes >= bytesNeeded(grid);
}

namespace {

// A grid's buffers, allocated before any the backend holds is let go.
struct NewBuffers {
    DeviceBuffer<float> field[2];
    DeviceBuffer<float> laplacian;
    DeviceBuffer<unsigned char> residentExchange;
};

}  // namespace

// Makes the buffers hold `grid` under `boundary` (values unset), and
// forgets what was captured for the old ones. A new grid's buffers are
// allocated beside the old where the device has room for both
// (keepsFieldIfUploadFails()), so a failed allocation changes nothing;
// otherwise the old go first, and until the new exist the backend holds no
// field.
void CudaBackend::allocateFor(const GridSize& grid, Boundary boundary) {
    Resources& res = *resources_;
    // Both buffers are about to be overwritten or freed: nothing queued may
    // still read or write them.
    synchronize();
    const bool newGrid = grid.nx != grid_.nx || grid.ny != grid_.ny;
    if (newGrid && !keepsFieldIfUploadFails(grid)) {
        grid_ = GridSize{0, 0};
        res.field[0] = DeviceBuffer<float>();
        res.field[1] = DeviceBuffer<float>();
        res.laplacian = DeviceBuffer<float>();
        res.residentExchange = DeviceBuffer<unsigned char>();
    }
    NewBuffers made;
    if (newGrid) {
        made.field[0] = DeviceBuffer<float>(grid.cells());
        made.field[1] = DeviceBuffer<float>(grid.cells());
        made.laplacian = DeviceBuffer<float>(grid.cells());
    }
    // The exchange of whichever kernel holds the grid on chip.
    if (cuda::residentFits(grid.nx, grid.ny, boundary)) {
        made.residentExchange =
            DeviceBuffer<unsigned char>(cuda::residentExchangeBytes(grid.nx, grid.ny));
    }
    // Nothing below throws: the old buffers go as the new take their place.
    if (newGrid) {
        res.field[0] = std::move(made.field[0]);
        res.field[1] = std::move(made.field[1]);
        res.laplacian = std::move(made.laplacian);
        grid_ = grid;
    }
    res.residentExchange = std::move(made.residentExchange);
    boundary_ = boundary;
    current_ = 0;
    // Captured with the old buffers, grid and boundary.
    res.graphs.clear();
}

void CudaBackend::upload(const GridSize& grid, const float* field, Boundary boundary) {
    checkUpload(grid, field);
    allocateFor(grid, boundary);
    Resources& res = *resources_;
    // Both buffers get the ring: the interior kernels never write it, so
    // under Dirichlet whichever buffer a step reads must already hold it.
    CUDA_CHECK(cudaMemcpyAsync(res.field[0].data(), field, grid.bytes(), cudaMemcpyHostToDevice,
                               res.compute.get()));
    CUDA_CHECK(cudaMemcpyAsync(res.field[1].data(), field, grid.bytes(), cudaMemcpyHostToDevice,
                               res.compute.get()));
    // `field` is the caller's memory: it may be reused once upload returns.
    CUDA_CHECK(cudaStreamSynchronize(res.compute.get()));
}

namespace {

// The host strip uploadInitial() makes rows in: large enough that a copy
// is long beside its launch, small beside any grid worth the bother.
constexpr std::size_t kInitialStripBytes = std::size_t{16} << 20;

}  // namespace

void CudaBackend::uploadInitial(const GridSize& grid, InitialCondition initial, Boundary boundary) {
    checkGrid(grid);
    allocateFor(grid, boundary);
    Resources& res = *resources_;
    const std::size_t rowBytes = static_cast<std::size_t>(grid.nx) * sizeof(float);
    const int stripRows = static_cast<int>(std::max<std::size_t>(
        1,
        std::min<std::size_t>(kInitialStripBytes / rowBytes, static_cast<std::size_t>(grid.ny))));
    std::vector<float> strip(static_cast<std::size_t>(stripRows) * grid.nx);
    for (int first = 0; first < grid.ny; first += stripRows) {
        const int rows = std::min(stripRows, grid.ny - first);
        makeInitialRows(grid, initial, boundary, first, rows, strip.data());
        const std::size_t offset = static_cast<std::size_t>(first) * grid.nx;
        const std::size_t bytes = static_cast<std::size_t>(rows) * rowBytes;
        // Both buffers, as upload() fills them; the strip is reused once
        // the copies out of it are done.
        CUDA_CHECK(cudaMemcpyAsync(res.field[0].data() + offset, strip.data(), bytes,
                                   cudaMemcpyHostToDevice, res.compute.get()));
        CUDA_CHECK(cudaMemcpyAsync(res.field[1].data() + offset, strip.data(), bytes,
                                   cudaMemcpyHostToDevice, res.compute.get()));
        CUDA_CHECK(cudaStreamSynchronize(res.compute.get()));
    }
}

void CudaBackend::uploadFrom(Backend& source, const GridSize& grid, Boundary boundary) {
    auto* cuda = dynamic_cast<CudaBackend*>(&source);
    if (cuda == nullptr || cuda == this) {
        Backend::uploadFrom(source, grid, boundary);
        return;
    }
    cuda->requireField("copyToHost");
    if (cuda->grid_.nx != grid.nx || cuda->grid_.ny != grid.ny) {
        throw RuntimeError("uploadFrom: the source holds a " + gridText(cuda->grid_) +
                           " field, not " + gridText(grid));
    }
    checkGrid(grid);
    allocateFor(grid, boundary);
    // The source's newest field, once its queued steps are done; copied on
    // this backend's stream, which then waits for it.
    cuda->synchronize();
    Resources& res = *resources_;
    const float* from = cuda->resources_->field[cuda->current_].data();
    CUDA_CHECK(cudaMemcpyAsync(res.field[0].data(), from, grid.bytes(), cudaMemcpyDeviceToDevice,
                               res.compute.get()));
    CUDA_CHECK(cudaMemcpyAsync(res.field[1].data(), from, grid.bytes(), cudaMemcpyDeviceToDevice,
                               res.compute.get()));
    CUDA_CHECK(cudaStreamSynchronize(res.compute.get()));
}

void CudaBackend::beforeWriting(int index) {
    Resources& res = *resources_;
    if (res.copyPending[index]) {
        CUDA_CHECK(cudaStreamWaitEvent(res.compute.get(), res.copyDone[index].get(), 0));
        res.copyPending[index] = false;  // everything queued after this waits too
    }
}

void CudaBackend::step(Kernel kernel, int steps, float r) {
    requireField("step");
    requireSteps(kernel, steps);
    queueSteps(kernel, steps, r);
}

cuda::StepBuffers CudaBackend::stepBuffers(float r) {
    Resources& res = *resources_;
    const int in = current_;
    const int out = next();
    return {res.field[in].data(),
            res.field[out].data(),
            res.laplacian.data(),
            grid_.nx,
            grid_.ny,
            r,
            boundary_,
            res.compute.get(),
            [this, in, out](cuda::Buffer which) {
                beforeWriting(which == cuda::Buffer::In ? in : out);
            }};
}

void CudaBackend::queueSteps(Kernel kernel, int steps, float r) {
    const cuda::Launcher& launcher =
        *cuda::launcherTable().find(kernel);  // requireSteps() found it
    runSteps(
        kernel, steps,
        [&](int levels) {
            launcher.pass(stepBuffers(r), levels);
            swapBuffers();
        },
        [&] { stepOnce(launcher, r); });
}

void CudaBackend::stepMany(Kernel kernel, int steps, float r) {
    requireField("stepMany");
    requireSteps(kernel, steps);
    if (steps > 0 && runsResident(kernel, grid_, boundary_)) {
        cuda::launcherTable().find(kernel)->onChip(stepBuffers(r), steps,
                                                   resources_->residentExchange.data());
        swapBuffers();
        return;
    }
    int done = 0;
    if (steps >= kStepsPerGraph && !cuda::launcherTable().find(kernel)->hostSteps) {
        // A capture cannot wait for work queued outside it: any pinned copy
        // still reading a buffer is waited for here, before the graphs.
        beforeWriting(0);
        beforeWriting(1);
        for (; steps - done >= kStepsPerGraph; done += kStepsPerGraph) {
            stepGraph(kernel, r);
        }
    }
    queueSteps(kernel, steps - done, r);
}

bool CudaBackend::runsResident(Kernel kernel, const GridSize& grid, Boundary boundary) const {
    const cuda::Launcher* launcher = cuda::launcherTable().find(kernel);
    return launcher != nullptr && launcher->onChip &&
           cuda::residentFits(grid.nx, grid.ny, boundary);
}

ManySteps CudaBackend::manySteps(Kernel kernel, const GridSize& grid, Boundary boundary) const {
    ManySteps many = Backend::manySteps(kernel, grid, boundary);
    many.stepsPerSubmission = kStepsPerGraph;
    const cuda::Launcher* launcher = cuda::launcherTable().find(kernel);
    if (runsResident(kernel, grid, boundary)) {
        many.submission = ManySteps::Submission::OnChip;
        many.stepsPerPass = 0;
    } else if (launcher != nullptr && launcher->hostSteps) {
        many.submission = ManySteps::Submission::Steps;
        many.stepsPerSubmission = 1;
    } else {
        many.submission = ManySteps::Submission::Graphs;
    }
    return many;
}

void CudaBackend::stepGraph(Kernel kernel, float r) {
    Resources& res = *resources_;
    cudaStream_t stream = res.compute.get();
    std::uint32_t rBits = 0;
    std::memcpy(&rBits, &r, sizeof rBits);
    const StepGraphKey key{kernel, rBits, current_, timeBlockFor(grid_)};
    auto found = res.graphs.find(key);
    if (found == res.graphs.end()) {
        // Captured, not run: queueSteps() moves current_ as the steps would,
        // which is where the graph leaves the newest field.
        const int before = current_;
        CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
        try {
            queueSteps(kernel, kStepsPerGraph, r);
        } catch (...) {
            cudaGraph_t broken = nullptr;
            (void)cudaStreamEndCapture(stream, &broken);
            if (broken != nullptr) {
                (void)cudaGraphDestroy(broken);
            }
            current_ = before;
            throw;
        }
        cudaGraph_t graph = nullptr;
        CUDA_CHECK(cudaStreamEndCapture(stream, &graph));
        cudaGraphExec_t exec = nullptr;
        const cudaError_t made = cudaGraphInstantiate(&exec, graph, 0);
        CUDA_CHECK_PRINT(cudaGraphDestroy(graph));
        CUDA_CHECK(made);
        found = res.graphs.emplace(key, std::make_unique<StepGraph>(exec, current_)).first;
        current_ = before;
    }
    CUDA_CHECK(cudaGraphLaunch(found->second->exec(), stream));
    current_ = found->second->currentAfter();
}

namespace {

// Queues the copy of `window` of the nx-wide `field` (device memory) to
// `dst`, row-major, window.width a row: device memory, or host memory
// (then a copy the host must wait for).
void queueWindowCopy(const float* field, int nx, const CellWindow& window, float* dst,
                     cudaMemcpyKind kind, cudaStream_t stream) {
    if (window.empty()) {
        return;
    }
    const std::size_t pitch = static_cast<std::size_t>(nx) * sizeof(float);
    const std::size_t rowBytes = static_cast<std::size_t>(window.width) * sizeof(float);
    const float* first = field + static_cast<std::size_t>(window.row) * nx + window.col;
    CUDA_CHECK(cudaMemcpy2DAsync(dst, rowBytes, first, pitch, rowBytes,
                                 static_cast<std::size_t>(window.height), kind, stream));
}

}  // namespace

PresentWrite CudaBackend::stepAndPresent(Kernel kernel, int steps, float r,
                                         DeviceDisplayBuffer& display,
                                         const DisplayContents& contents) {
    requireField("stepAndPresent");
    requireSteps(kernel, steps);
    checkDisplayContents(contents, grid_);
    Resources& res = *resources_;
    // Every step but the last runs before the display buffer is asked for,
    // so they never wait for it to be mapped; they go the fastest way.
    if (steps > 1) {
        stepMany(kernel, steps - 1, r);
    }
    cudaStream_t stream = res.compute.get();
    float* buffer = display.acquire(stream);
    PresentWrite how = PresentWrite::ByCopy;
    if (steps > 0) {
        // The display's parts follow the view: copied from the new field
        // behind the step, not written by it (a whole grid of display
        // writes for a view of a few million pixels).
        stepOnce(*cuda::launcherTable().find(kernel), r);
        how = PresentWrite::ByLastStep;
    }
    const float* field = res.field[current_].data();
    // The range follows the field, reduced here, so no one waits for it.
    cuda::launchRange(field, grid_.cells(), res.rangeResult.data(), stream);
    cuda::launchWriteRange(res.rangeResult.data(), buffer, stream);
    float* view = buffer + contents.layout.viewOffset();
    if (contents.image) {
        cuda::launchViewImage(field, grid_.nx, grid_.ny, *contents.image, view, stream);
    }
    queueWindowCopy(field, grid_.nx, contents.cells, view, cudaMemcpyDeviceToDevice, stream);
    queueWindowCopy(field, grid_.nx, contents.loupe, buffer + contents.layout.loupeOffset(),
                    cudaMemcpyDeviceToDevice, stream);
    display.release(stream);
    return how;
}

void CudaBackend::copyWindow(const CellWindow& window, float* dst) {
    requireField("copyWindow");
    if (!CellWindow{0, 0, grid_.nx, grid_.ny}.contains(window)) {
        throw UsageError("copyWindow: a window off the grid");
    }
    cudaStream_t stream = resources_->compute.get();
    queueWindowCopy(resources_->field[current_].data(), grid_.nx, window, dst,
                    cudaMemcpyDeviceToHost, stream);
    CUDA_CHECK(cudaStreamSynchronize(stream));
}

void CudaBackend::viewImage(const ViewSampling& view, float* image) {
    requireField("viewImage");
    Resources& res = *resources_;
    if (res.viewImage.size() < view.pixels()) {
        res.viewImage = DeviceBuffer<float>(view.pixels());
    }
    cudaStream_t stream = res.compute.get();
    cuda::launchViewImage(res.field[current_].data(), grid_.nx, grid_.ny, view,
                          res.viewImage.data(), stream);
    CUDA_CHECK(cudaMemcpyAsync(image, res.viewImage.data(), view.pixels() * sizeof(float),
                               cudaMemcpyDeviceToHost, stream));
    CUDA_CHECK(cudaStreamSynchronize(stream));
}

void CudaBackend::stepOnce(const cuda::Launcher& launcher, float r) {
    if (launcher.step(stepBuffers(r)) == cuda::NewField::Out) {
        swapBuffers();
    }
}

void CudaBackend::arithmeticBurst() {
    cuda::launchArithmeticBurst(resources_->burstSink.data(), resources_->compute.get());
}

double CudaBackend::arithmeticBurstFlops() const { return cuda::arithmeticBurstFlops(); }

void CudaBackend::systemCopy() {
    requireField("systemCopy");
    Resources& res = *resources_;
    const int other = next();
    beforeWriting(other);
    // No swap: the field stays where it was, so timing this changes nothing.
    CUDA_CHECK(cudaMemcpyAsync(res.field[other].data(), res.field[current_].data(), grid_.bytes(),
                               cudaMemcpyDeviceToDevice, res.compute.get()));
}

void CudaBackend::copyToHost(float* dst, HostMemory memory) {
    requireField("copyToHost");
    if (dst == nullptr) {
        throw RuntimeError("CudaBackend::copyToHost: no destination given");
    }
    Resources& res = *resources_;
    const float* newest = res.field[current_].data();
    if (memory == HostMemory::Pageable) {
        // In stream order after every queued step, and finished on return.
        CUDA_CHECK(
            cudaMemcpyAsync(dst, newest, grid_.bytes(), cudaMemcpyDeviceToHost, res.compute.get()));
        CUDA_CHECK(cudaStreamSynchronize(res.compute.get()));
        return;
    }
    // Pinned: the copy stream starts when the compute stream has produced
    // the newest field; the compute stream goes on with later steps, and the
    // first one to overwrite this buffer waits for copyDone (beforeWriting).
    CUDA_CHECK(cudaEventRecord(res.fieldReady.get(), res.compute.get()));
    CUDA_CHECK(cudaStreamWaitEvent(res.copy.get(), res.fieldReady.get(), 0));
    CUDA_CHECK(cudaMemcpyAsync(dst, newest, grid_.bytes(), cudaMemcpyDeviceToHost, res.copy.get()));
    CUDA_CHECK(cudaEventRecord(res.copyDone[current_].get(), res.copy.get()));
    res.copyPending[current_] = true;
}

void CudaBackend::paint(float col, float row, float radius, float value) {
    requireField("paint");
    Resources& res = *resources_;
    beforeWriting(current_);  // a pinned copy may still be reading this field
    float* field = res.field[current_].data();
    cuda::launchPaint(field, grid_.nx, grid_.ny, col, row, radius, value, res.compute.get());
    cuda::launchRingFill(field, grid_.nx, grid_.ny, boundary_, res.compute.get());
}

float CudaBackend::maxAbs() {
    requireField("maxAbs");
    Resources& res = *resources_;
    cuda::launchMaxAbs(res.field[current_].data(), grid_.cells(), res.reduction.data(),
                       res.compute.get());
    std::uint32_t bits = 0;
    CUDA_CHECK(cudaMemcpyAsync(&bits, res.reduction.data(), sizeof(bits), cudaMemcpyDeviceToHost,
                               res.compute.get()));
    CUDA_CHECK(cudaStreamSynchronize(res.compute.get()));
    float value = 0.0f;
    std::memcpy(&value, &bits, sizeof(value));
    return value;
}

FieldRange CudaBackend::range() {
    requireField("range");
    Resources& res = *resources_;
    cuda::launchRange(res.field[current_].data(), grid_.cells(), res.rangeResult.data(),
                      res.compute.get());
    std::uint32_t words[3] = {};
    CUDA_CHECK(cudaMemcpyAsync(words, res.rangeResult.data(), sizeof(words), cudaMemcpyDeviceToHost,
                               res.compute.get()));
    CUDA_CHECK(cudaStreamSynchronize(res.compute.get()));
    if (words[0] == 0xffffffffu && words[1] == 0) {
        // No value but NaN: the empty range, as the host measurement gives it.
        return {std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                true};
    }
    return {cuda::decodeOrdered(words[0]), cuda::decodeOrdered(words[1]), words[2] != 0};
}

double CudaBackend::checkerboardAmplitude() {
    requireField("checkerboardAmplitude");
    Resources& res = *resources_;
    cuda::launchCheckerboardAmplitude(res.field[current_].data(), grid_.nx, grid_.ny,
                                      res.checkerboardPartials.data(),
                                      res.checkerboardResult.data(), res.compute.get());
    double amplitude = 0.0;
    CUDA_CHECK(cudaMemcpyAsync(&amplitude, res.checkerboardResult.data(), sizeof(amplitude),
                               cudaMemcpyDeviceToHost, res.compute.get()));
    CUDA_CHECK(cudaStreamSynchronize(res.compute.get()));
    return amplitude;
}

CellSpot CudaBackend::checkerboardSpot() {
    requireField("checkerboardSpot");
    Resources& res = *resources_;
    cuda::launchCheckerboardSpot(res.field[current_].data(), grid_.nx, grid_.ny,
                                 res.spotResult.data(), res.compute.get());
    unsigned long long key = 0;
    CUDA_CHECK(cudaMemcpyAsync(&key, res.spotResult.data(), sizeof(key), cudaMemcpyDeviceToHost,
                               res.compute.get()));
    CUDA_CHECK(cudaStreamSynchronize(res.compute.get()));
    return cuda::decodeSpot(key, grid_.nx);
}

namespace {

// requestMeasures()'s pinned words: max |u| at 0, the amplitude at 2, the
// spot's key at 4 (both 8-byte aligned).
constexpr std::size_t kMeasureFloats = 6;
constexpr std::size_t kAmplitudeWord = 2;
constexpr std::size_t kSpotWord = 4;

}  // namespace

bool CudaBackend::requestMeasures(long long tag, bool withSpot) {
    requireField("requestMeasures");
    Resources& res = *resources_;
    if (res.measuresInFlight) {
        return false;
    }
    if (!res.measuresHost) {
        res.measuresHost = allocatePinnedHost(kMeasureFloats);
    }
    cudaStream_t stream = res.compute.get();
    float* host = res.measuresHost.get();
    cuda::launchMaxAbs(res.field[current_].data(), grid_.cells(), res.reduction.data(), stream);
    cuda::launchCheckerboardAmplitude(res.field[current_].data(), grid_.nx, grid_.ny,
                                      res.checkerboardPartials.data(),
                                      res.checkerboardResult.data(), stream);
    CUDA_CHECK(cudaMemcpyAsync(host, res.reduction.data(), sizeof(std::uint32_t),
                               cudaMemcpyDeviceToHost, stream));
    CUDA_CHECK(cudaMemcpyAsync(host + kAmplitudeWord, res.checkerboardResult.data(), sizeof(double),
                               cudaMemcpyDeviceToHost, stream));
    if (withSpot) {
        cuda::launchCheckerboardSpot(res.field[current_].data(), grid_.nx, grid_.ny,
                                     res.spotResult.data(), stream);
        CUDA_CHECK(cudaMemcpyAsync(host + kSpotWord, res.spotResult.data(),
                                   sizeof(unsigned long long), cudaMemcpyDeviceToHost, stream));
    } else {
        // No spot (key 0); nothing of a request is in flight to race with.
        std::memset(host + kSpotWord, 0, sizeof(unsigned long long));
    }
    CUDA_CHECK(cudaEventRecord(res.measuresDone.get(), stream));
    res.measuresInFlight = true;
    res.measuresTag = tag;
    return true;
}

std::optional<FieldMeasures> CudaBackend::finishedMeasures() {
    if (!resources_ || !resources_->measuresInFlight) {
        return std::nullopt;
    }
    Resources& res = *resources_;
    const cudaError_t status = cudaEventQuery(res.measuresDone.get());
    if (status == cudaErrorNotReady) {
        (void)cudaGetLastError();  // not an error: leave no stale one behind
        return std::nullopt;
    }
    CUDA_CHECK(status);
    res.measuresInFlight = false;
    FieldMeasures measures;
    measures.tag = res.measuresTag;
    std::memcpy(&measures.maxAbs, res.measuresHost.get(), sizeof(float));
    std::memcpy(&measures.checkerboard, res.measuresHost.get() + kAmplitudeWord, sizeof(double));
    unsigned long long spotKey = 0;
    std::memcpy(&spotKey, res.measuresHost.get() + kSpotWord, sizeof spotKey);
    measures.spot = cuda::decodeSpot(spotKey, grid_.nx);
    return measures;
}

HostBuffer CudaBackend::allocateHost(std::size_t count, HostMemory memory) {
    if (memory == HostMemory::Pinned) {
        return allocatePinnedHost(count);
    }
    try {
        return HostBuffer(new float[count], HostBufferDeleter{&releasePageable});
    } catch (const std::bad_alloc&) {
        throw RuntimeError("cannot allocate " + std::to_string(count) +
                           " floats of pageable host memory");
    }
}

std::unique_ptr<Stopwatch> CudaBackend::stopwatch() {
    return std::make_unique<CudaStopwatch>(resources_->compute.get(), resources_->copy.get());
}

void CudaBackend::synchronize() {
    Resources& res = *resources_;
    CUDA_CHECK(cudaStreamSynchronize(res.compute.get()));
    CUDA_CHECK(cudaStreamSynchronize(res.copy.get()));
    // Every copy has finished, so no later kernel needs to wait for one.
    res.copyPending[0] = false;
    res.copyPending[1] = false;
}

}  // namespace heatlab
