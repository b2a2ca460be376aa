#include "kernels/simulation.h"

#include <algorithm>
#include <new>
#include <string>
#include <utility>

#include "kernels/base/errors.h"
#include "kernels/base/host_clock.h"
#include "kernels/base/words.h"
#include "kernels/grid_memory.h"

namespace heatlab {

Simulation::Simulation(std::unique_ptr<Backend> backend, const Params& params)
    : backend_(std::move(backend)), params_(params) {
    requireRunnable(*backend_, params_);
    backend_->setTimeBlock(params_.timeBlock);
    reset();
}

void Simulation::requireRunnable(const Backend& backend, const Params& params) {
    backend.requireKernel(params.kernel);
    refuseIfTooLarge(backend, params.grid);
}

void Simulation::setParams(const Params& params) {
    backend_->setTimeBlock(params.timeBlock);  // first: it refuses a time block out of range
    params_ = params;
}

void Simulation::reset() {
    if (fields_ == 0) {
        rebuild();  // the first field: there is none to keep
        return;
    }
    const FieldOrigin kept = made_;
    const bool newGrid = params_.grid.nx != kept.grid.nx || params_.grid.ny != kept.grid.ny;
    // The old field stays on the device while the new grid's buffers are
    // made, where both fit; where not, the backend lets it go first, and
    // it is kept here: the one host copy of the whole field a grid change
    // takes.
    std::vector<float> keptField;
    if (newGrid && !backend_->keepsFieldIfUploadFails(params_.grid)) {
        keptField = fieldOnHost();
    }
    const GridSize wanted = params_.grid;
    const auto couldNotMake = [&](const std::string& cause) {
        putBack(kept, keptField);
        return trf("a %d x %d grid could not be made: %s", wanted.nx, wanted.ny, cause.c_str());
    };
    // A refusal stays a usage error (exit status 2), the rest are runtime ones.
    try {
        rebuild();
    } catch (const UsageError& e) {
        throw UsageError(couldNotMake(e.what()));
    } catch (const std::bad_alloc&) {
        throw RuntimeError(couldNotMake(tr("out of host memory")));
    } catch (const std::exception& e) {
        throw RuntimeError(couldNotMake(e.what()));
    }
}

void Simulation::rebuild() {
    // The policy's buffer for the new grid before the field, so that when
    // either cannot be had nothing has changed yet.
    const std::size_t cells = params_.grid.cells();
    HostBuffer buffer;
    if (needsCopyBuffer(cells)) {
        buffer = backend_->allocateHost(cells, policy_.memory);
    }
    // Made where the field lives: no copy of it in host memory on the way.
    backend_->uploadInitial(params_.grid, params_.initial, params_.boundary);
    made_ = FieldOrigin{params_.grid, params_.boundary, params_.initial};
    if (buffer) {
        releaseCopyBuffer();
        adoptCopyBuffer(std::move(buffer), cells);
    } else if (policy_.every == 0) {
        releaseCopyBuffer();
    }
    ++fields_;
    steps_ = 0;
    bytesCopiedBack_ = 0.0;
}

// After a failed rebuild: the params the field was made with, and on a new
// grid the field itself where it was kept here (the backend may hold none
// now; where it kept its own, it still holds it). Same grid: the upload,
// the one step that could have changed the backend's field, allocates
// nothing there and so cannot have been what failed.
void Simulation::putBack(const FieldOrigin& origin, const std::vector<float>& field) {
    params_.grid = origin.grid;
    params_.boundary = origin.boundary;
    params_.initial = origin.initial;
    if (!field.empty()) {
        backend_->upload(origin.grid, field.data(), origin.boundary);
        made_ = origin;
        ensureCopyBuffer();
    }
}

void Simulation::setCopyPolicy(const CopyPolicy& policy) {
    policy_ = policy;
    ensureCopyBuffer();
}

std::unique_ptr<Backend> Simulation::switchBackend(std::unique_ptr<Backend> backend) {
    // Every check and every allocation comes before the first change, so a
    // throw leaves the simulation running on the old backend as it was.
    if (!backend) {
        throw RuntimeError("switching to a null backend");
    }
    requireRunnable(*backend, params_);
    backend->setTimeBlock(params_.timeBlock);
    // Also waits for the old backend, so no copy still lands in copyBuffer_.
    // Through a host copy unless both are of one kind.
    backend->uploadFrom(*backend_, made_.grid, made_.boundary);
    // Pinned memory belongs to the backend that allocated it: the policy's
    // buffer comes from the new one. Allocated before the old one is freed,
    // unlike in ensureCopyBuffer(), so that a failure here changes nothing;
    // the two backends hold a field each at this point anyway.
    HostBuffer buffer;
    if (policy_.every > 0) {
        buffer = backend->allocateHost(made_.grid.cells(), policy_.memory);
    }

    // Nothing below throws. The old buffer is freed while its backend is
    // still ours, before that backend is handed back.
    releaseCopyBuffer();
    adoptCopyBuffer(std::move(buffer), made_.grid.cells());
    std::swap(backend_, backend);
    // fields_ stays: the field is the same one, and the window tells
    // measurements of a replaced field from current ones by fieldCount().
    return backend;
}

std::unique_ptr<Backend> Simulation::restartOn(std::unique_ptr<Backend> backend) {
    // As switchBackend(): every check and allocation before the first
    // change. Nothing here calls the old backend: its device is gone, and
    // every call would fail (ensureCopyBuffer() and reset() would wait for it).
    if (!backend) {
        throw RuntimeError("restarting on a null backend");
    }
    requireRunnable(*backend, params_);
    backend->setTimeBlock(params_.timeBlock);
    backend->uploadInitial(params_.grid, params_.initial, params_.boundary);
    HostBuffer buffer;
    if (policy_.every > 0) {
        buffer = backend->allocateHost(params_.grid.cells(), policy_.memory);
    }

    // Nothing below throws. The old buffer's memory is the old backend's
    // (pinned memory there): freed while that backend is still ours; the
    // old backend is not waited for (its device is gone).
    copyBuffer_.reset();
    adoptCopyBuffer(std::move(buffer), params_.grid.cells());
    std::swap(backend_, backend);
    made_ = FieldOrigin{params_.grid, params_.boundary, params_.initial};
    ++fields_;
    steps_ = 0;
    bytesCopiedBack_ = 0.0;
    copyBackMs_ = 0.0;
    return backend;
}

void Simulation::copyFieldOf(Simulation& source) {
    Params wanted = params_;
    wanted.grid = source.made_.grid;
    wanted.boundary = source.made_.boundary;
    wanted.initial = source.made_.initial;
    requireRunnable(*backend_, wanted);
    backend_->synchronize();  // no copy-back may still land in a buffer about to go
    // Device to device where both panes run on one kind of backend.
    backend_->uploadFrom(source.backend(), wanted.grid, wanted.boundary);
    params_ = wanted;
    made_ = source.made_;
    ensureCopyBuffer();
    ++fields_;
    steps_ = source.steps_;
    bytesCopiedBack_ = 0.0;
}

bool Simulation::needsCopyBuffer(std::size_t cells) const {
    return policy_.every > 0 &&
           !(copyBuffer_ && copyBufferCells_ == cells && copyBufferMemory_ == policy_.memory);
}

void Simulation::releaseCopyBuffer() {
    if (copyBuffer_) {
        backend_->synchronize();  // no copy may still be landing in it
        copyBuffer_.reset();
    }
    copyBufferCells_ = 0;
}

void Simulation::adoptCopyBuffer(HostBuffer buffer, std::size_t cells) {
    copyBuffer_ = std::move(buffer);
    copyBufferCells_ = copyBuffer_ ? cells : 0;
    copyBufferMemory_ = policy_.memory;
}

void Simulation::ensureCopyBuffer() {
    // The field's own grid: params() may hold one waiting for the reset.
    const std::size_t cells = made_.grid.cells();
    if (policy_.every == 0) {
        releaseCopyBuffer();  // nothing copies: no host copy of the field is kept
        return;
    }
    if (!needsCopyBuffer(cells)) {
        return;
    }
    releaseCopyBuffer();  // free first: old and new never need memory at once
    adoptCopyBuffer(backend_->allocateHost(cells, policy_.memory), cells);
}

void Simulation::advance(int steps) { advanceWith(steps, nullptr, {}); }

PresentWrite Simulation::advanceAndPresent(int steps, DeviceDisplayBuffer& display,
                                           const DisplayContents& contents) {
    return advanceWith(steps, &display, contents);
}

PresentWrite Simulation::advanceWith(int steps, DeviceDisplayBuffer* display,
                                     const DisplayContents& contents) {
    if (steps < 0) {
        throw UsageError(trf("a negative step count (%d)", steps));
    }
    // Step up to the next copy point, copy, repeat: the same kernel sequence
    // as one long run, with copies in between. The chunk that ends the run
    // presents, when there is a display.
    PresentWrite how = PresentWrite::ByCopy;
    int done = 0;
    do {
        int chunk = steps - done;
        if (policy_.every > 0) {
            const long long untilCopy = policy_.every - steps_ % policy_.every;
            chunk = static_cast<int>(std::min<long long>(untilCopy, chunk));
        }
        if (display != nullptr && done + chunk == steps) {
            how = backend_->stepAndPresent(params_.kernel, chunk, params_.r, *display, contents);
        } else {
            backend_->stepMany(params_.kernel, chunk, params_.r);
        }
        steps_ += chunk;
        done += chunk;
        if (policy_.every > 0 && chunk > 0 && steps_ % policy_.every == 0) {
            copyBack();
        }
    } while (done < steps);
    return how;
}

void Simulation::copyBack() {
    if (!timedCopies_) {
        backend_->copyToHost(copyBuffer_.get(), policy_.memory);
    } else {
        backend_->synchronize();
        const HostClock::time_point start = HostClock::now();
        backend_->copyToHost(copyBuffer_.get(), policy_.memory);
        backend_->synchronize();
        copyBackMs_ += msSince(start);
    }
    bytesCopiedBack_ += static_cast<double>(params_.grid.bytes());
}

double Simulation::takeCopyBackMs() { return std::exchange(copyBackMs_, 0.0); }

const std::vector<float>& Simulation::fieldOnHost() {
    // The backend copies the field it holds: sized by params_.grid, a grid
    // waiting for reset would be the wrong size.
    snapshot_.resize(made_.grid.cells());
    backend_->copyToHost(snapshot_.data(), HostMemory::Pageable);
    backend_->synchronize();
    return snapshot_;
}

}  // namespace heatlab
