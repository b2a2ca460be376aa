#pragma once
// A running simulation: the backend it runs on, its parameters, the step
// counter and the copy-back policy. The window and the headless shot drive
// the field through this one class, and so does the bench's copy-back table.
// The bench's other measurements (one kernel timed at a time, the stability
// runs) need the bare backend, each on a fresh upload: they take backend(),
// and reset() puts the simulation's own field back afterwards.

#include <memory>
#include <vector>

#include "kernels/backend.h"
#include "kernels/numerics/params.h"

namespace heatlab {

// How often the field comes back to the host while stepping: never (0), or
// after every `every` steps, into pageable or pinned host memory. The
// arithmetic is the same under every policy.
struct CopyPolicy {
    int every = 0;
    HostMemory memory = HostMemory::Pageable;
};

class Simulation {
public:
    // Throws as requireRunnable() does, before anything is made.
    Simulation(std::unique_ptr<Backend> backend, const Params& params);

    // The one check of a kernel and a grid against a backend, for every way
    // into a simulation (start, reset on a new grid, a scene, a backend
    // switch): throws UsageError when params.kernel is not on `backend` or
    // params.grid does not fit its memory. Callers that must know before
    // they make anything else (a window, a context) call it first.
    static void requireRunnable(const Backend& backend, const Params& params);

    // Rebuilds the initial field from params() and uploads it; step 0.
    // When the new field cannot be made (the device or the host out of
    // memory for a new grid) it throws RuntimeError (UsageError when the
    // backend refuses the grid) naming the grid and the cause, having kept
    // the field it had: the same values on the same grid, the step count,
    // and the grid, boundary and initial condition that field was made with
    // back in params() (kernel and r, which need no new field, stay as set).
    // The new field is made where the field lives (Backend::uploadInitial).
    // On a new grid the backend keeps the old field while it allocates the
    // new buffers where both fit (Backend::keepsFieldIfUploadFails); where
    // not, it lets its old buffers go first, and the reset first copies the
    // field to the host, to put it back.
    void reset();
    void setCopyPolicy(const CopyPolicy& policy);
    const CopyPolicy& copyPolicy() const { return policy_; }

    // Moves the simulation onto `backend` with the field it has now (copied
    // through host memory once, device to device between two backends of
    // one kind: Backend::uploadFrom), the step count, params and copy-back policy
    // kept; returns the backend it ran on before. fieldCount() stays: it is
    // the same field, so measurements of it stay current. Throws, with
    // nothing changed, on a null backend (RuntimeError), when params().kernel
    // is not on it or the grid does not fit it (UsageError), or when its
    // upload or allocation fails. Like fieldOnHost(), it takes params().grid
    // and boundary to be the field's: switch with no such change pending.
    std::unique_ptr<Backend> switchBackend(std::unique_ptr<Backend> backend);
    // Moves onto `backend` with a new field made from params(), at step 0:
    // for a backend whose field can no longer be read (its device lost,
    // DeviceLostError), which is not called again, only handed back, as
    // switchBackend() hands its backend back. Params and the copy-back
    // policy stay; a new field for fieldCount(). Throws, with nothing
    // changed, as switchBackend() does.
    std::unique_ptr<Backend> restartOn(std::unique_ptr<Backend> backend);
    // Becomes a copy of `source` as it is now: its field (device to device
    // where both run on one kind of backend, else through host memory once:
    // Backend::uploadFrom), the grid, boundary and initial condition it was
    // made with, and its step count; kernel, r and the copy-back policy stay
    // this simulation's own. A new field for fieldCount(). The second pane
    // of an A/B comparison starts from the first's this way. Throws, with
    // nothing changed, as switchBackend() does when the grid does not fit.
    void copyFieldOf(Simulation& source);

    // Runs `steps` steps of params().kernel, copying back as the policy says.
    void advance(int steps);
    // The same, for a displayed frame: behind the last step, what
    // `contents` asks for goes into `display` (Backend::stepAndPresent: the
    // range, the cells in view or the view's image, the loupe's cells);
    // with steps == 0 they come from the newest field. Only on a backend
    // whose field is on a device.
    PresentWrite advanceAndPresent(int steps, DeviceDisplayBuffer& display,
                                   const DisplayContents& contents);

    // Waits for the backend and returns the newest field on the host (copied
    // now, whatever the policy), on the grid it was made on.
    const std::vector<float>& fieldOnHost();

    long long stepCount() const { return steps_; }
    // How many times the field was rebuilt (reset(), the first included):
    // tells results measured on an earlier field from the newest one's.
    long long fieldCount() const { return fields_; }
    // Bytes sent to the host by the copy-back policy since the last reset.
    double bytesCopiedBack() const { return bytesCopiedBack_; }
    // While on, every copy-back waits for the steps before it, then is timed
    // by the host clock to its end: what a frame's breakdown shows as the
    // copy's share. It stalls the pipeline, so it is only for timed frames.
    void setTimedCopies(bool on) { timedCopies_ = on; }
    // Milliseconds the timed copies took since the last call.
    double takeCopyBackMs();
    const Params& params() const { return params_; }
    // Changes that keep the field: kernel, r and the temporal kernel's steps
    // a pass (handed to the backend here) take effect at the next step.
    // Grid, boundary and initial condition need a new field: they are kept
    // and take effect at reset().
    void setParams(const Params& params);
    Backend& backend() { return *backend_; }
    const Backend& backend() const { return *backend_; }

private:
    // What the field the backend holds was made from: params() may hold a
    // grid, boundary or initial condition waiting for the next reset.
    struct FieldOrigin {
        GridSize grid{0, 0};
        Boundary boundary = Boundary::Dirichlet;
        InitialCondition initial = InitialCondition::HotSquare;
    };
    void rebuild();
    void putBack(const FieldOrigin& origin, const std::vector<float>& field);
    // The copy-back policy's buffer (copyBuffer_): held only while the
    // policy copies, for the field's grid. needsCopyBuffer(): the policy
    // copies and no buffer for `cells` of its memory is held.
    bool needsCopyBuffer(std::size_t cells) const;
    void releaseCopyBuffer();
    void adoptCopyBuffer(HostBuffer buffer, std::size_t cells);
    void ensureCopyBuffer();
    PresentWrite advanceWith(int steps, DeviceDisplayBuffer* display,
                             const DisplayContents& contents);
    void copyBack();

    std::unique_ptr<Backend> backend_;
    Params params_;
    FieldOrigin made_;
    CopyPolicy policy_;
    HostBuffer copyBuffer_;  // where the policy's copies land; none while it copies nothing
    // What copyBuffer_ was allocated for: pinned memory is slow to allocate,
    // so reset() keeps the buffer while the grid and the memory kind stay.
    std::size_t copyBufferCells_ = 0;
    HostMemory copyBufferMemory_ = HostMemory::Pageable;
    std::vector<float> snapshot_;
    long long steps_ = 0;
    long long fields_ = 0;
    double bytesCopiedBack_ = 0.0;
    bool timedCopies_ = false;
    double copyBackMs_ = 0.0;
};

}  // namespace heatlab
