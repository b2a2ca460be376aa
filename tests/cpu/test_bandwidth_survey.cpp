// The window's bandwidth survey: the bench's table 1, a row at a time on a
// thread of its own and a backend of its own, never a wait in advance() and
// never a throw into the frame loop; a row whose samples spread (a busy
// machine) says so, from a scripted stopwatch.

#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/measure/bandwidth_survey.h"
#include "app/measure/bench_measure.h"
#include "app/measure/bench_plan.h"
#include "kernels/cpu/cpu_backend.h"
#include "kernels/cpu/host_memory.h"
#include "kernels/forwarding_backend.h"
#include "kernels/grid_memory.h"

namespace heatlab {
namespace {

// Odd on both sides: no multiple of any block or vector width.
Params awkwardGrid() {
    Params p;
    p.grid = {67, 45};
    return p;
}

// The row names in the order the table shows them.
std::vector<std::string> rowNames(const KernelTable& table) {
    std::vector<std::string> names;
    if (!table.systemCopy.name.empty()) {
        names.push_back(table.systemCopy.name);
    }
    for (const KernelTiming& k : table.kernels) {
        names.push_back(k.name);
    }
    for (const HostCopyTiming& h : table.hostCopies) {
        names.push_back(name(h.memory));
    }
    // The roofline's roofs, last.
    if (!table.roofs.cacheCopy.name.empty()) {
        names.push_back(table.roofs.cacheCopy.name);
    }
    if (table.roofs.arithmeticGflops > 0.0) {
        names.push_back(kArithmeticRowName);
    }
    return names;
}

std::size_t rowCount(const KernelTable& table) { return rowNames(table).size(); }

void runToEnd(BandwidthSurvey& survey) {
    while (survey.measureRow()) {
    }
}

TEST(BandwidthSurvey, MeasuresTheBenchTableInOrderOneRowPerAdvance) {
    CpuBackend benchBackend;
    const KernelTable bench = measureKernelTable(benchBackend, awkwardGrid(), 1);
    const std::vector<std::string> expected = rowNames(bench);

    BandwidthSurvey survey;
    survey.start(awkwardGrid(), std::make_unique<CpuBackend>());
    ASSERT_TRUE(survey.running()) << survey.error();
    ASSERT_EQ(survey.progress().rowsTotal, expected.size());
    for (std::size_t row = 0; row < expected.size(); ++row) {
        const SurveyProgress before = survey.progress();
        EXPECT_EQ(before.rowsDone, row);
        EXPECT_EQ(before.next, expected[row]);
        const bool more = survey.measureRow();
        EXPECT_EQ(more, row + 1 < expected.size());
        EXPECT_EQ(survey.progress().rowsDone, row + 1);
        ASSERT_EQ(rowCount(survey.result()), row + 1);
        EXPECT_EQ(rowNames(survey.result()).back(), expected[row]);
    }
    EXPECT_EQ(survey.state(), SurveyState::Finished);
    EXPECT_FALSE(survey.running());
    EXPECT_TRUE(survey.progress().next.empty());
    EXPECT_FALSE(survey.measureRow());
    EXPECT_EQ(rowNames(survey.result()), expected);
    EXPECT_EQ(survey.result().kernels.size(), benchBackend.kernels().size());
    EXPECT_EQ(survey.grid().nx, 67);
    EXPECT_EQ(survey.grid().ny, 45);
    EXPECT_EQ(survey.backendName(), "cpu");
    EXPECT_EQ(survey.deviceName(), benchBackend.facts().device);
}

TEST(BandwidthSurvey, PercentagesAreOfTheCopyFloorWhicheverRowArrivedFirst) {
    BandwidthSurvey survey;
    const Params params = awkwardGrid();
    survey.start(params, std::make_unique<CpuBackend>());
    // The ceiling is timed before the floor: no share of it yet.
    survey.measureRow();
    EXPECT_EQ(survey.result().systemCopy.percentOfCopy, 0.0);
    runToEnd(survey);

    const KernelTable& table = survey.result();
    ASSERT_FALSE(table.kernels.empty());
    const KernelTiming& floor = table.kernels.front();
    EXPECT_EQ(floor.name, "copy (floor)");
    EXPECT_DOUBLE_EQ(floor.percentOfCopy, 100.0);
    EXPECT_DOUBLE_EQ(table.floorGBs, floor.gbPerS);
    std::vector<KernelTiming> timed = table.kernels;
    timed.push_back(table.systemCopy);
    for (const KernelTiming& k : timed) {
        EXPECT_GT(k.msPerStep, 0.0) << k.name;
        EXPECT_DOUBLE_EQ(k.gbPerS, bandwidthGBs(params.grid, k.msPerStep) / k.stepsPerPass)
            << k.name;
        EXPECT_DOUBLE_EQ(k.percentOfCopy, 100.0 * k.cellUpdatesPerS / floor.cellUpdatesPerS)
            << k.name;
        // The CPU's peak is not known: no share of it.
        EXPECT_EQ(k.percentOfPeak, 0.0) << k.name;
    }
    ASSERT_EQ(table.hostCopies.size(), 2u);
    for (const HostCopyTiming& h : table.hostCopies) {
        EXPECT_GT(h.ms, 0.0);
        EXPECT_DOUBLE_EQ(h.gbPerS, static_cast<double>(params.grid.bytes()) / (h.ms * 1e-3) / 1e9);
    }
}

TEST(BandwidthSurvey, CancelStopsItAndKeepsTheRowsMeasured) {
    BandwidthSurvey survey;
    survey.start(awkwardGrid(), std::make_unique<CpuBackend>());
    ASSERT_TRUE(survey.measureRow());
    survey.cancel();
    EXPECT_EQ(survey.state(), SurveyState::Cancelled);
    EXPECT_FALSE(survey.running());
    EXPECT_FALSE(survey.measureRow());
    EXPECT_EQ(survey.progress().rowsDone, 1u);
    EXPECT_TRUE(survey.progress().next.empty());
    EXPECT_EQ(rowCount(survey.result()), 1u);

    // Started again, it starts over.
    survey.start(awkwardGrid(), std::make_unique<CpuBackend>());
    EXPECT_TRUE(survey.running());
    EXPECT_EQ(survey.progress().rowsDone, 0u);
    EXPECT_EQ(rowCount(survey.result()), 0u);
}

// The CPU backend whose platform copy (the table's first row) waits until
// the test lets it go: a row as long as the test wants, without a clock.
class HeldCopyBackend final : public ForwardingBackend {
public:
    HeldCopyBackend() : ForwardingBackend(std::make_unique<CpuBackend>()) {}
    void systemCopy() override {
        std::unique_lock<std::mutex> lock(gate_->mutex);
        ++gate_->copies;
        gate_->changed.notify_all();
        gate_->changed.wait(lock, [this] { return gate_->open; });
        lock.unlock();
        ForwardingBackend::systemCopy();
    }
    struct Gate {
        std::mutex mutex;
        std::condition_variable changed;
        int copies = 0;
        bool open = false;
    };
    std::shared_ptr<Gate> gate() const { return gate_; }

private:
    std::shared_ptr<Gate> gate_ = std::make_shared<Gate>();
};

// advance() hands the row to the survey's thread and returns while it is
// timed (the window draws and takes keys meanwhile): it never waits, however
// long the row takes, and the row lands once the thread is done.
TEST(BandwidthSurvey, AdvanceNeverWaitsForARow) {
    auto held = std::make_unique<HeldCopyBackend>();
    const std::shared_ptr<HeldCopyBackend::Gate> gate = held->gate();
    BandwidthSurvey survey;
    survey.start(awkwardGrid(), std::move(held));
    ASSERT_TRUE(survey.running()) << survey.error();
    EXPECT_TRUE(survey.advance());
    {
        // The row is under way on its thread, held inside its first copy.
        std::unique_lock<std::mutex> lock(gate->mutex);
        gate->changed.wait(lock, [&] { return gate->copies > 0; });
    }
    for (int frame = 0; frame < 5; ++frame) {
        EXPECT_TRUE(survey.advance()) << "a frame while the row is held";
        EXPECT_TRUE(survey.rowInFlight());
        EXPECT_EQ(survey.progress().rowsDone, 0u);
    }
    {
        std::lock_guard<std::mutex> lock(gate->mutex);
        gate->open = true;
    }
    gate->changed.notify_all();
    // Frames until the thread is done: the first frame after it takes the
    // row and hands the thread the next.
    while (survey.progress().rowsDone == 0) {
        EXPECT_TRUE(survey.advance());
    }
    EXPECT_EQ(survey.progress().rowsDone, 1u);
    ASSERT_EQ(rowCount(survey.result()), 1u);
    // Cancelled with that next row in flight: the call returns at once, the
    // row ends on its thread and is dropped.
    EXPECT_TRUE(survey.rowInFlight());
    survey.cancel();
    EXPECT_FALSE(survey.running());
    while (survey.rowInFlight()) {
        survey.advance();
    }
    EXPECT_EQ(survey.progress().rowsDone, 1u);
    EXPECT_EQ(survey.state(), SurveyState::Cancelled);
}

TEST(BandwidthSurvey, AGridTooLargeForMemoryIsRefusedWithAMessageNotAThrow) {
    Params huge;
    huge.grid = {kMaxGridSide, kMaxGridSide};
    const CpuBackend probe;
    const std::size_t needed = kernelTablePlan(probe, huge.grid).onHost();
    if (hostAvailableBytes() >= needed) {
        GTEST_SKIP() << "this host has room for a " << gridText(huge.grid) << " grid";
    }
    BandwidthSurvey survey;
    EXPECT_NO_THROW(survey.start(huge, std::make_unique<CpuBackend>()));
    EXPECT_EQ(survey.state(), SurveyState::Failed);
    EXPECT_FALSE(survey.running());
    EXPECT_NE(survey.error().find("65536 x 65536 grid needs"), std::string::npos) << survey.error();
    EXPECT_FALSE(survey.measureRow());
    EXPECT_EQ(rowCount(survey.result()), 0u);
}

TEST(BandwidthSurvey, WhatCannotBeMeasuredIsItsErrorNotAThrow) {
    Params noInterior;
    noInterior.grid = {2, 2};
    BandwidthSurvey survey;
    EXPECT_NO_THROW(survey.start(noInterior, std::make_unique<CpuBackend>()));
    EXPECT_EQ(survey.state(), SurveyState::Failed);
    EXPECT_FALSE(survey.error().empty());
    EXPECT_FALSE(survey.measureRow());

    EXPECT_NO_THROW(survey.start(awkwardGrid(), nullptr));
    EXPECT_EQ(survey.state(), SurveyState::Failed);
    EXPECT_FALSE(survey.error().empty());
}

// The survey's sampling at the step times of 8192 on this CPU backend
// (copy about 8-20 ms, three-pass 50-110 ms) and of a GPU (0.2 ms a step).
TEST(BandwidthSurvey, ARowStaysWithinItsBudgetAndTheBenchKeepsItsRepeats) {
    // A run past half the budget: the warm-up and that run, which is the
    // sample.
    EXPECT_TRUE(firstRunIsASample(kSurveySampling, 1));
    EXPECT_EQ(samplesToTake(kSurveySampling, 220.0, 110.0, 1), 1);
    EXPECT_EQ(samplesToTake(kSurveySampling, 90.0, 45.0, 1), 1);
    // 20 ms: warm-up and first run 40 ms, three more fit in the other 60.
    EXPECT_EQ(samplesToTake(kSurveySampling, 40.0, 20.0, 1), 4);
    // A warm-up that paid a new buffer's page faults leaves less room.
    EXPECT_EQ(samplesToTake(kSurveySampling, 80.0, 20.0, 1), 2);
    // Short runs are batched to 2 ms samples, and all nine fit.
    EXPECT_FALSE(firstRunIsASample(kSurveySampling, 10));
    EXPECT_EQ(samplesToTake(kSurveySampling, 0.4, 0.2, 10), 9);

    // The bench (no budget) takes its repeats whatever a run costs, and
    // never counts the first run.
    const TimingSamples bench{3, 9, 0.0};
    EXPECT_FALSE(firstRunIsASample(bench, 1));
    EXPECT_EQ(samplesToTake(bench, 440.0, 110.0, 1), 9);
    EXPECT_EQ(samplesToTake(bench, 0.04, 0.01, 200), 9);
}

// The CPU backend whose stopwatch reads its times from a script, one a
// stopMs(), the last again once the script is done: what a busy machine's
// samples look like, on demand.
class ScriptedClockBackend final : public ForwardingBackend {
public:
    ScriptedClockBackend(std::vector<double> ms)
        : ForwardingBackend(std::make_unique<CpuBackend>()),
          script_(std::make_shared<Script>(Script{std::move(ms), 0})) {}
    std::unique_ptr<Stopwatch> stopwatch() override {
        return std::make_unique<ScriptedStopwatch>(script_);
    }

private:
    struct Script {
        std::vector<double> ms;
        std::size_t next;
    };
    class ScriptedStopwatch final : public Stopwatch {
    public:
        explicit ScriptedStopwatch(std::shared_ptr<Script> script) : script_(std::move(script)) {}
        void start() override {}
        double stopMs() override {
            Script& s = *script_;
            const double ms = s.ms.at(std::min(s.next, s.ms.size() - 1));
            ++s.next;
            return ms;
        }

    private:
        std::shared_ptr<Script> script_;
    };
    std::shared_ptr<Script> script_;
};

TEST(BenchTiming, ARowTimedOnABusyMachineSaysItsSpread) {
    const Params p = awkwardGrid();
    const std::vector<float> field(p.grid.cells(), 0.5f);
    // The warm-ups, the first run (10 ms: a sample on its own, batch 1),
    // then samples of 10 ms with one of 25: spread 2.5, median 10.
    ScriptedClockBackend busy({1.0, 10.0, 10.0, 25.0, 10.0});
    busy.upload(p.grid, field.data(), p.boundary);
    const TimingSamples sampling{1, 4, 0.0};
    const SampledMs t = timeKernel(busy, p.grid, p.r, Kernel::Global, sampling);
    EXPECT_DOUBLE_EQ(t.ms, 10.0);
    EXPECT_DOUBLE_EQ(t.spread, 2.5);
    EXPECT_TRUE(busyWhileTimed(t.spread));
    // A quiet one: within 20 %, not marked.
    ScriptedClockBackend quiet({1.0, 10.0, 10.0, 11.0, 12.0});
    quiet.upload(p.grid, field.data(), p.boundary);
    const SampledMs q = timeKernel(quiet, p.grid, p.r, Kernel::Global, sampling);
    EXPECT_DOUBLE_EQ(q.spread, 1.2);
    EXPECT_FALSE(busyWhileTimed(q.spread));
    // The table's row carries it, as the panel and the bench show it.
    KernelTable table = emptyKernelTable(busy);
    ScriptedClockBackend again({1.0, 10.0, 10.0, 25.0, 10.0});
    again.upload(p.grid, field.data(), p.boundary);
    measureKernelTableRow(
        again, p, {KernelTableRow::Kind::Kernel, Kernel::Global, HostMemory::Pageable, "global"},
        sampling, table);
    ASSERT_EQ(table.kernels.size(), 1u);
    EXPECT_DOUBLE_EQ(table.kernels[0].spread, 2.5);
}

}  // namespace
}  // namespace heatlab
