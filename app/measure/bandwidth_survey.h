#pragma once
// The bench's table 1 (heatlab bench's kernels against the copy floor, the
// platform's copy and the host copies), measured for the window a row at a
// time on a thread of its own, so the window keeps drawing and taking keys
// while a row is timed (the lecture holds its own steps meanwhile, or both
// would be timed). It times on a backend of its own, so the lecture's field
// is never touched, with the bench's own row functions (bench_measure.h).
// No ImGui here: app/ui/panel/bandwidth_table.h draws it.

#include <cstddef>
#include <functional>
#include <future>
#include <memory>
#include <string>
#include <vector>

#include "app/measure/bench_measure.h"
#include "kernels/backend.h"
#include "kernels/numerics/params.h"

namespace heatlab {

// How each row is sampled: one warm-up (a first launch, a new host buffer's
// page faults), then up to the bench's default 9 samples of at least 2 ms,
// as many as fit in 100 ms a row (samplesToTake() in bench_measure.h). On a
// GPU that is all nine. At 8192 on a 2-core CPU a step takes 8-110 ms, so a
// row there is the warm-up and one to four runs, the first run counting as
// a sample: 70-90 ms a row, two steps (about 200 ms) for the three-pass
// kernel, whose one step is 100 ms, and about 250 ms for a host copy, whose
// warm-up pays the page faults of a new 256 MiB buffer.
constexpr TimingSamples kSurveySampling{1, 9, 100.0};

enum class SurveyState {
    Idle,       // never started
    Running,    // rows left to measure
    Finished,   // every row measured
    Cancelled,  // stopped by cancel(); the rows measured before it stay
    Failed,     // refused or a row threw: see error()
};

struct SurveyProgress {
    std::size_t rowsDone = 0;
    std::size_t rowsTotal = 0;
    std::string next;  // the row measured by the next advance(); empty when none

    float fraction() const {
        return rowsTotal == 0 ? 0.0f : static_cast<float>(rowsDone) / static_cast<float>(rowsTotal);
    }
};

class BandwidthSurvey {
public:
    // Starts measuring params' grid, field and r on `backend` (a backend of
    // its own, of the simulation's kind: the survey uploads the initial field
    // into it and releases it when done). Refuses a grid the backend cannot
    // hold beside what is already in use (state Failed, error() says why);
    // never throws. A survey already running is replaced. Making and
    // uploading the field is the one step not spread over frames: it costs
    // what a reset of the lecture's own field costs.
    void start(const Params& params, std::unique_ptr<Backend> backend);

    // Never waits: takes a row the thread has finished (a row that threw
    // ends the survey, state Failed, with its message) and hands it the
    // next, if any, calling `beforeRow` first: it finishes whatever else
    // would be timed with the row (the lecture's queued steps, its drawing).
    // The lecture runs no steps while rowInFlight(). Returns whether rows
    // remain. Call once per frame.
    bool advance(const std::function<void()>& beforeRow = {});
    // Measures the next row to its end, here: advance() and the wait for
    // it (`shot --ui` in simulated time, the tests). Returns whether rows
    // remain.
    bool measureRow(const std::function<void()>& beforeRow = {});
    bool rowInFlight() const { return row_.valid(); }

    // Stops measuring; the rows measured stay. A row still being timed is
    // left to finish on its thread and its backend released after it.
    void cancel();
    bool running() const { return state_ == SurveyState::Running; }
    SurveyState state() const { return state_; }
    SurveyProgress progress() const;
    // The rows measured so far, the copy floor's percentages up to date.
    const KernelTable& result() const { return table_; }
    const std::string& error() const { return error_; }

    // What it was measured on: the grid, and the backend's name ("cpu",
    // "cuda") and device as the bench names them.
    const GridSize& grid() const { return params_.grid; }
    const std::string& backendName() const { return backendName_; }
    const std::string& deviceName() const { return deviceName_; }

private:
    void prepare(std::unique_ptr<Backend> backend);
    void take(KernelTable measured);
    // Waits for the row in flight, if any, and keeps its result while
    // still running.
    void finishRow();
    void stop(SurveyState state);
    void fail(const std::string& message);

    SurveyState state_ = SurveyState::Idle;
    Params params_;
    std::unique_ptr<Backend> backend_;  // held only while running
    std::string backendName_;
    std::string deviceName_;
    std::vector<KernelTableRow> rows_;
    std::size_t rowsDone_ = 0;
    KernelTable table_;
    std::string error_;
    // The row being timed on its thread: the table as it will be with it.
    // Declared after backend_, so it is waited for before the backend goes.
    std::future<KernelTable> row_;
};

}  // namespace heatlab
