#include "app/measure/bandwidth_survey.h"

#include <chrono>
#include <exception>
#include <utility>

#include "app/measure/bench_plan.h"
#include "kernels/grid_memory.h"

namespace heatlab {

void BandwidthSurvey::start(const Params& params, std::unique_ptr<Backend> backend) {
    // The last survey's buffers go before the new ones are allocated: its
    // row in flight, if any, is waited for (a grid change, at most a row).
    if (row_.valid()) {
        row_.wait();
        row_ = {};
    }
    backend_.reset();
    state_ = SurveyState::Running;
    params_ = params;
    rowsDone_ = 0;
    rows_.clear();
    table_ = KernelTable{};
    error_.clear();
    backendName_.clear();
    deviceName_.clear();
    if (backend == nullptr) {
        fail("no backend to measure on");
        return;
    }
    backendName_ = backend->facts().name;
    deviceName_ = backend->facts().device;
    backend->setTimeBlock(params.timeBlock);  // names and times the temporal rows
    // Called from the frame loop: whatever goes wrong here (too large a
    // grid, a grid without interior, an allocation) is the survey's state.
    try {
        prepare(std::move(backend));
    } catch (const std::exception& e) {
        fail(std::string("not measured: ") + e.what());
    }
}

void BandwidthSurvey::prepare(std::unique_ptr<Backend> backend) {
    // Before anything is allocated: this backend's buffers come on top of
    // the lecture's, which already hold their share of the memory.
    refuseIfTooLarge(*backend, kernelTablePlan(*backend, params_.grid));
    rows_ = kernelTableRows(*backend, params_);
    table_ = emptyKernelTable(*backend);
    // Uploaded once, unlike the bench, which uploads before every row: at
    // 8192 on the CPU an upload costs about as much as a step (60 ms), and a
    // row must stay short. Only a value-dependent speed could tell the
    // difference (an overflowed field at r > 0.25 on a small grid). Made
    // where the field lives: no host copy of it.
    backend->uploadInitial(params_.grid, params_.initial, params_.boundary);
    backend_ = std::move(backend);
}

bool BandwidthSurvey::advance(const std::function<void()>& beforeRow) {
    using namespace std::chrono_literals;
    if (row_.valid() && row_.wait_for(0s) == std::future_status::ready) {
        finishRow();
    }
    if (state_ != SurveyState::Running) {
        if (!row_.valid()) {
            backend_.reset();  // a cancelled survey's, once its last row is done
        }
        return false;
    }
    if (!row_.valid()) {
        if (beforeRow) {
            beforeRow();
        }
        // The thread times on a copy; this one keeps drawing the table.
        row_ = std::async(
            std::launch::async, [this, row = rows_[rowsDone_], table = table_]() mutable {
                measureKernelTableRow(*backend_, params_, row, kSurveySampling, table);
                return table;
            });
    }
    return true;
}

bool BandwidthSurvey::measureRow(const std::function<void()>& beforeRow) {
    if (!advance(beforeRow)) {
        return false;
    }
    finishRow();
    return running();
}

void BandwidthSurvey::finishRow() {
    if (!row_.valid()) {
        return;
    }
    std::future<KernelTable> row = std::move(row_);
    try {
        KernelTable measured = row.get();
        if (state_ == SurveyState::Running) {
            take(std::move(measured));
        }
    } catch (const std::exception& e) {
        if (state_ == SurveyState::Running) {
            fail(rows_[rowsDone_].name + ": " + e.what());
        }
    }
    if (state_ != SurveyState::Running) {
        backend_.reset();
    }
}

void BandwidthSurvey::take(KernelTable measured) {
    table_ = std::move(measured);
    ++rowsDone_;
    if (rowsDone_ == rows_.size()) {
        stop(SurveyState::Finished);
    }
}

void BandwidthSurvey::cancel() {
    if (state_ == SurveyState::Running) {
        stop(SurveyState::Cancelled);
    }
}

SurveyProgress BandwidthSurvey::progress() const {
    SurveyProgress p;
    p.rowsDone = rowsDone_;
    p.rowsTotal = rows_.size();
    if (state_ == SurveyState::Running) {
        p.next = rows_[rowsDone_].name;
    }
    return p;
}

void BandwidthSurvey::stop(SurveyState state) {
    state_ = state;
    // A second grid's worth of device (or host) memory is not kept for a
    // table that is already measured; a row still timing on it keeps it
    // until it ends (advance()).
    if (!row_.valid()) {
        backend_.reset();
    }
}

void BandwidthSurvey::fail(const std::string& message) {
    error_ = message;
    stop(SurveyState::Failed);
}

}  // namespace heatlab
