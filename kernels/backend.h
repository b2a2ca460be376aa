#pragma once
// The one interface every backend keeps. A backend owns the field on its
// device as two ping-pong buffers (plus whatever scratch its kernels need),
// runs the kernels, and copies the newest field to host memory. It is chosen
// once, by makeBackend() in backend_factory.h.
//
// What a new backend must write (the pure methods): availableBytes,
// bytesNeeded, kernels (its launcher table's), upload, step, copyToHost, and
// the roofline's two probes (systemCopy, arithmeticBurst and its
// arithmeticBurstFlops). Everything else has a working default: the
// measures, the view's image and painting go through a host copy of the
// field, host memory is plain new[], the stopwatch a steady clock around
// synchronize(), which does nothing for a backend whose calls finish before
// they return. A backend overrides those to do them where its field lives.
//
// Asynchrony: step() and copyToHost() into pinned memory may return before
// the work is done (the CUDA backend queues them). synchronize() waits for
// all of it; read a host buffer only after it.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kernels/display_layout.h"
#include "kernels/numerics/cell_window.h"
#include "kernels/numerics/field_measures.h"
#include "kernels/numerics/params.h"
#include "kernels/numerics/view_image.h"

namespace heatlab {

// Host memory for copies of the field; pinned memory comes from the backend
// that can use it, so the deleter travels with the pointer.
struct HostBufferDeleter {
    void (*release)(float*) = nullptr;
    void operator()(float* p) const {
        if (p != nullptr && release != nullptr) {
            release(p);
        }
    }
};
using HostBuffer = std::unique_ptr<float[], HostBufferDeleter>;

// Measures elapsed time the way the backend's work is best measured: a
// steady clock around synchronous CPU work, device events on the GPU.
class Stopwatch {
public:
    virtual ~Stopwatch() = default;
    virtual void start() = 0;
    // Waits for the work queued since start() and returns milliseconds.
    virtual double stopMs() = 0;
};

// A buffer on the backend's own device that displayed frames are written
// into (the CUDA-GL interop buffer). The display side implements it; the
// backend calls it in its own stream order, so the buffer is held (mapped)
// only around the one step that writes it, and the steps before that one
// never wait for it.
class DeviceDisplayBuffer {
public:
    virtual ~DeviceDisplayBuffer() = default;
    // Makes the buffer writable by work queued on `stream` (the backend's
    // native stream, a cudaStream_t on CUDA) from now on, and returns its
    // device address: room for the layout's floats (display_layout.h) that
    // the display made it for.
    virtual float* acquire(void* stream) = 0;
    // Gives it back once the work queued on `stream` so far has finished.
    virtual void release(void* stream) = 0;
};

// What a displayed frame's write puts in the display buffer
// (display_layout.h: its parts and where they are), besides the range,
// which is always there: what the frame's views read, never more. `cells`,
// the cells in view where the view shows one cell a pixel or more (or a
// surface made of cells), or `image`, a minified view's (a surface's) image,
// both at layout.viewOffset(), at most one of them; and `loupe`, the loupe's
// cells, at layout.loupeOffset(). Each within its room; the windows on
// `grid`, the field's. Plain values: the display keeps what each of its
// buffers holds, to draw from the right places and to tell whether an older
// buffer still serves a frame.
struct DisplayContents {
    GridSize grid{0, 0};
    DisplayLayout layout;
    CellWindow cells;
    std::optional<ViewSampling> image;
    CellWindow loupe;

    bool operator==(const DisplayContents& o) const {
        return grid.nx == o.grid.nx && grid.ny == o.grid.ny && layout == o.layout &&
               cells == o.cells && image == o.image && loupe == o.loupe;
    }
    bool operator!=(const DisplayContents& o) const { return !(*this == o); }
};

// Throws UsageError unless `contents` can be written for a field on
// `grid`: made for that grid, not both cells and an image, each part within
// its room, the windows on the grid.
void checkDisplayContents(const DisplayContents& contents, const GridSize& grid);

// How a displayed frame's field reached the display buffer.
enum class PresentWrite {
    ByLastStep,  // behind the frame's last step, while the buffer was held for it
    ByCopy,      // from the newest field alone (a frame without steps: paused, just reset)
};

// What requestMeasures() measured, and of which request.
struct FieldMeasures {
    long long tag = 0;
    float maxAbs = 0.0f;
    double checkerboard = 0.0;
    CellSpot spot;  // checkerboardSpot()'s
};

// What a backend runs on, fixed for its life: facts, not names for tables
// (the reports name them).
struct BackendFacts {
    std::string name;    // "cpu" or "cuda"
    std::string device;  // what it runs on
    // Theoretical peak memory bandwidth in GB/s, or 0 when it is not known.
    double peakBandwidthGBs = 0.0;
    // Theoretical peak single-precision arithmetic in GFLOP/s (a fused
    // multiply-add counted as two), or 0 when it is not known: the CPU has
    // no such figure to read, so its roofs are the measured ones only.
    double peakGflops = 0.0;
    // The largest cache between the cores and the field's memory, and its
    // name ("L2", "L3"): a grid whose two buffers fit in it is copied at the
    // cache's speed (the roofline's cache roof). 0 when it is not known.
    std::size_t cacheBytes = 0;
    std::string cacheName;
    // What the field lives in: host memory (so a grid's buffers compete with
    // the program's own host copies) or a device of its own.
    bool fieldInHostMemory = true;
};

// How stepMany() submits a kernel's steps on a grid.
struct ManySteps {
    enum class Submission {
        Steps,   // step() itself
        Graphs,  // CUDA graphs of stepsPerSubmission steps
        OnChip,  // one launch that holds the grid on chip for all the steps
    };
    Submission submission = Submission::Steps;
    // stepMany() is fastest for multiples of this many steps.
    int stepsPerSubmission = 1;
    // Steps per pass over the grid in device memory: the temporal kernel's
    // timeBlockFor(grid), otherwise 1; 0 on chip, where no step moves it.
    int stepsPerPass = 1;
};

class Backend {
public:
    virtual ~Backend() = default;

    // --- What it is: facts, memory budget, kernels ---
    const BackendFacts& facts() const { return facts_; }
    // Bytes the backend can still allocate, for refusing too large a grid
    // up front.
    virtual std::size_t availableBytes() const = 0;
    // Bytes the backend needs for a grid: its buffers, not the caller's.
    virtual std::size_t bytesNeeded(const GridSize& grid) const = 0;

    // The kernels this backend has, in table order; the copy floor first:
    // the ones its launcher table runs (kernels/numerics/kernel_catalogue.h
    // says what a kernel is; each backend's table how it runs).
    virtual std::vector<Kernel> kernels() const = 0;
    bool hasKernel(Kernel kernel) const;
    // kernels() without the copy floor: the ones that compute a step on this
    // backend (allStencilKernels() of kernels/numerics/params.h are the
    // product's).
    std::vector<Kernel> stencilKernels() const;
    // Throws UsageError naming the kernel and the backend when it has none.
    void requireKernel(Kernel kernel) const;
    // What every stepping call refuses: a kernel the backend has not, or a
    // negative step count (UsageError).
    void requireSteps(Kernel kernel, int steps) const;

    // --- The field: loading, stepping, copying, painting ---
    // Loads a field (grid.cells() values) into both ping-pong buffers, so a
    // kernel that never writes a Dirichlet ring still reads it from either.
    virtual void upload(const GridSize& grid, const float* field, Boundary boundary) = 0;
    // Loads the initial field (initial_conditions.h) as upload() would,
    // made where the field lives, so no copy of the whole field is held in
    // host memory on the way: the CPU writes it into its buffers, CUDA
    // uploads it a strip of rows at a time. The same bits as
    // makeInitialField() uploaded, which is what this default does.
    virtual void uploadInitial(const GridSize& grid, InitialCondition initial, Boundary boundary);
    // Loads a copy of `source`'s newest field, on `grid` under `boundary`
    // (the field's own, as the caller made it), as upload() would: device
    // to device where both backends are of one kind (A/B's pane B from pane
    // A), by default through a host copy. `source` is waited for.
    virtual void uploadFrom(Backend& source, const GridSize& grid, Boundary boundary);
    // Whether an upload of `grid` that fails to allocate leaves the field
    // the backend holds as it was: the same grid (nothing to allocate), or
    // memory enough for the new buffers beside the old, which the CPU and
    // CUDA backends then allocate before they let the old go. Where not,
    // the old buffers go first, and a caller that must keep the field keeps
    // a copy of it (Simulation::reset()). By default, only the same grid.
    virtual bool keepsFieldIfUploadFails(const GridSize& grid) const {
        return grid.nx == grid_.nx && grid.ny == grid_.ny;
    }

    // Runs `steps` steps of `kernel`. The copy kernel moves the field
    // unchanged: it is there to be timed, as the floor. Like every call below
    // that touches the field, it throws RuntimeError before the first upload().
    virtual void step(Kernel kernel, int steps, float r) = 0;
    // The same steps, the same arithmetic in the same order (so the same
    // bits), submitted the fastest way the backend has for many of them: on
    // CUDA, the optimised kernel with the grid held on chip for all the
    // steps where the grid fits, otherwise CUDA graphs of many steps each
    // (manySteps() says which), so a small grid's step is not paid for in
    // launch overhead.
    // What the window and `shot` step with; the bench times both. Here,
    // step().
    virtual void stepMany(Kernel kernel, int steps, float r) { step(kernel, steps, r); }
    // How stepMany() submits `kernel` on `grid` with `boundary`.
    virtual ManySteps manySteps(Kernel kernel, const GridSize& grid, Boundary boundary) const;

    // Steps the temporal kernel runs per pass over memory: 1 ..
    // kTimeBlockMax, or kTimeBlockAuto (the default) for the backend's own
    // choice for the grid, timeBlockFor(). Throws UsageError outside that
    // range.
    void setTimeBlock(int levels);
    int timeBlock() const { return timeBlock_; }
    int timeBlockFor(const GridSize& grid) const;

    // The platform's own bulk copy of the grid between its two buffers
    // (cudaMemcpy device-to-device where the field lives on a device; memcpy,
    // a slice per thread, in host memory): the ceiling the copy-floor kernel
    // is measured against.
    virtual void systemCopy() = 0;

    // A fixed burst of the stencil's own arithmetic on every core, with no
    // memory traffic (kernels/numerics/arithmetic_burst.h): what the
    // roofline's compute roof is measured from, as systemCopy() is the
    // bandwidth ceiling. Queued like a step (time it with stopwatch());
    // touches no field, needs none.
    virtual void arithmeticBurst() = 0;
    // The floating-point operations one arithmeticBurst() does.
    virtual double arithmeticBurstFlops() const = 0;

    // Copies the newest field into dst (grid.cells() floats). From pinned
    // memory this may be asynchronous: call synchronize() before reading dst.
    virtual void copyToHost(float* dst, HostMemory memory) = 0;

    // Sets every interior cell whose centre lies within `radius` cells of
    // (col, row) to `value`, in the newest field, where it lives: the mouse's
    // heat sources and sinks. The ring is never painted (a Dirichlet ring is
    // boundary data, the others are derived from the interior, and are
    // derived again here). A disc that misses the interior paints nothing.
    // By default through the host: copyToHost(), painted there, upload().
    virtual void paint(float col, float row, float radius, float value);

    // --- Reductions of the field ---
    // Each reduced where the field lives by a backend that overrides it; by
    // default on a host copy of the field, with the double reference's
    // definitions (kernels/numerics/field_measures.h).
    // max |u| of the newest field, reduced where the field lives (no copy of
    // the grid to the host). NaN when the field holds one. Waits for it.
    virtual float maxAbs();
    // min and max of the newest field, ring included, reduced where the
    // field lives; infinities count, NaNs are flagged. Waits for it.
    virtual FieldRange range();
    // The newest field's projection on the checkerboard mode: the mean over
    // the interior (ring excluded) of (-1)^(row + col) u, row and col counted
    // in the full grid, so the sign is fixed by the cell's absolute position
    // (see signedCheckerboardAmplitude(), its double reference). Past r =
    // 0.25 it grows by |1 - 8r| a step. Reduced where the field lives and
    // accumulated in double; NaN when an interior cell is NaN or infinite.
    // Waits for it.
    virtual double checkerboardAmplitude();
    // The interior cell where the checkerboard is strongest (CellSpot in
    // kernels/numerics/field_measures.h, strongestCheckerboardSpot() its
    // reference): where the loupe looks. Reduced where the field lives; waits
    // for it.
    virtual CellSpot checkerboardSpot();

    // max |u|, the checkerboard amplitude and its spot as above, for a window's
    // readouts without stalling its frames: requestMeasures() queues the
    // reductions behind the work queued so far and returns at once (`tag`
    // names the request, e.g. the step count); finishedMeasures() returns
    // the newest request that has finished since the last call, or nothing,
    // and never waits. A request made while one is still running is
    // dropped (returns false), so a slow device is asked no more than it
    // answers. Here, synchronously, for backends whose reductions cannot
    // run behind the caller's back. The spot is reduced only `withSpot`
    // (while a loupe shows it): it is one more pass over the grid a frame.
    virtual bool requestMeasures(long long tag, bool withSpot = false);
    virtual std::optional<FieldMeasures> finishedMeasures();

    // --- Display ---
    // Runs `steps` steps like step(), all but the last the fastest way
    // (stepMany()); the last one is queued while `display` is held, and
    // behind it, from the new field, what `contents` asks for: the range
    // (always), the window of cells or the view's image (viewImage()), the
    // loupe's window, each where contents.layout puts it, all while the
    // buffer is held once. What is written follows the view, never the
    // grid: a window is a view's cells, an image a view's pixels (the range
    // and the image read the whole field, each a pass of its own). With
    // steps == 0 they come from the newest field (ByCopy). Only where the
    // field lives on a device (facts().fieldInHostMemory false); elsewhere
    // it throws RuntimeError, and the display goes through range(),
    // copyWindow() and viewImage(). Contents with both cells and an image,
    // or a part larger than its room, are refused (UsageError).
    virtual PresentWrite stepAndPresent(Kernel kernel, int steps, float r,
                                        DeviceDisplayBuffer& display,
                                        const DisplayContents& contents);
    // The cells of `window` (on the grid) of the newest field into host
    // memory (window.cells() floats, row-major, window.width a row): what
    // the display needs of the field on the via-host path, a view's worth,
    // never the grid's. Waits for it. By default from a host copy of the
    // field.
    virtual void copyWindow(const CellWindow& window, float* dst);
    // The newest field as a minified view shows it
    // (kernels/numerics/view_image.h: one value a pixel, every cell of its
    // footprint read), computed where the field lives (the CPU's threads, a
    // CUDA kernel on all SMs) into host memory (view.pixels() floats): the
    // display's one grid-sized pass on the via host path. Waits for it. By
    // default from a host copy of the field.
    virtual void viewImage(const ViewSampling& view, float* image);

    // --- Host memory, timing, order ---
    // Host memory for `count` floats, zeroed; by default new[] whatever
    // `memory` asks (pinned memory is a device's to give).
    virtual HostBuffer allocateHost(std::size_t count, HostMemory memory);
    // By default a steady clock whose stopMs() calls synchronize() first.
    virtual std::unique_ptr<Stopwatch> stopwatch();
    // Waits for every call queued so far. By default nothing: a backend
    // whose calls finish before they return.
    virtual void synchronize() {}

protected:
    // The steps a pass the backend chooses for kTimeBlockAuto on a grid: the
    // fastest that measurement found.
    virtual int automaticTimeBlock(const GridSize& /*grid*/) const { return kTimeBlockMax; }

    // Set once by the backend's constructor.
    BackendFacts facts_;

    // The default requestMeasures()'s answer, waiting to be collected.
    std::optional<FieldMeasures> measured_;

    // What every upload() refuses: a grid without interior (UsageError) or
    // no field (RuntimeError).
    static void checkUpload(const GridSize& grid, const float* field);
    // The first of them alone, for uploadInitial().
    static void checkGrid(const GridSize& grid);

    // The newest field, copied into host memory (grid_.cells() floats), for
    // the defaults above; throws RuntimeError, naming `operation`, while
    // there is no field.
    const std::vector<float>& hostField(const char* operation);

    // The field's grid and boundary, as the last upload() set them; 0 x 0
    // while there is no field (before the first upload, or while one
    // reallocates). Every backend keeps them here, so the defaults above
    // know the field's shape.
    GridSize grid_{0, 0};
    Boundary boundary_ = Boundary::Dirichlet;

private:
    int timeBlock_ = kTimeBlockAuto;
    std::vector<float> hostField_;  // hostField()'s copy, kept between calls
};

}  // namespace heatlab
