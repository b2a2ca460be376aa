// Memory said before it is taken (kernels/memory_plan.h): the plan of a
// command for a grid is what the backend allocates, a grid that does not
// fit is refused in one line before anything is allocated, from a scene, a
// cue list and a file dropped on a served lecture, with the old grid and
// field kept; the initial field is made where the field lives, the same
// bits a strip at a time; a simulation holds no host copy of the field but
// what a copy-back policy or a grid change that cannot keep the old field
// beside the new asks for. The command line's refusals and the whole
// command's peak memory: tests/cpu/test_command_memory.cpp.

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/lecture/files/cue_list.h"
#include "app/lecture/files/scene.h"
#include "app/lecture/run/memory_use.h"
#include "app/lecture/run/simulation_control.h"
#include "app/measure/bench_plan.h"
#include "kernels/base/errors.h"
#include "kernels/cpu/counted_allocator.h"
#include "kernels/cpu/cpu_backend.h"
#include "kernels/cpu/host_memory.h"
#include "kernels/forwarding_backend.h"
#include "kernels/grid_memory.h"
#include "kernels/memory_plan.h"
#include "kernels/numerics/ghost_ring.h"
#include "kernels/numerics/initial_conditions.h"
#include "kernels/simulation.h"
#include "tests/support/scoped_env.h"

namespace heatlab {
namespace {

constexpr std::size_t kMiB = std::size_t{1} << 20;

// The running command's use for the life of the guard, then a bare
// simulation's again.
class ScopedMemoryUse {
public:
    explicit ScopedMemoryUse(const MemoryUse& use) { setMemoryUse(use); }
    ~ScopedMemoryUse() { setMemoryUse(MemoryUse{}); }
    ScopedMemoryUse(const ScopedMemoryUse&) = delete;
    ScopedMemoryUse& operator=(const ScopedMemoryUse&) = delete;
};

LectureSettings smallLecture() {
    LectureSettings settings;
    settings.params.grid = {41, 23};
    settings.params.kernel = Kernel::Optimised;
    return settings;
}

// The window's use: a lecture of 1280 x 800 pixels.
MemoryUse windowUse(const LectureSettings& settings) {
    return lectureMemoryUse(settings, 1280, 800);
}

// A shipped scene on `grid`.
std::string sceneOn(const std::string& grid) {
    std::string text = shippedScenes().at(0).text;
    const std::string was = "\"grid\": \"512\"";
    text.replace(text.find(was), was.size(), "\"grid\": \"" + grid + "\"");
    return text;
}

TEST(MemoryPlan, TheBytesSaidAreGiBWithOneDecimalAndSmallerUnitsBelow) {
    EXPECT_EQ(memoryText(std::size_t{32} << 30), "32.0 GiB");
    EXPECT_EQ(memoryText(static_cast<std::size_t>(27.1 * (1 << 30))), "27.1 GiB");
    EXPECT_EQ(memoryText(std::size_t{1} << 30), "1.0 GiB");
    EXPECT_EQ(memoryText(192 * kMiB + 112 * 1024), "192.1 MiB");
    EXPECT_EQ(memoryText(1536), "1.5 KiB");
    EXPECT_EQ(memoryText(0), "0.0 KiB");
}

// The estimate is what the backend allocates, counted by its allocator:
// on a grid, on a grid changed to, after every reduction (whose per-row
// results it counts too).
TEST(MemoryPlan, TheCpuBackendsEstimateIsWhatItsAllocatorCounts) {
    const std::size_t before = cpu::countedBytes();
    {
        CpuBackend backend;
        for (const GridSize grid : {GridSize{67, 45}, GridSize{1031, 517}, GridSize{2048, 2048}}) {
            backend.uploadInitial(grid, InitialCondition::HotSquare, Boundary::Dirichlet);
            (void)backend.maxAbs();
            (void)backend.range();
            (void)backend.checkerboardSpot();
            EXPECT_EQ(cpu::countedBytes() - before, backend.bytesNeeded(grid)) << gridText(grid);
            const MemoryPlan plan = memoryPlan(backend, grid, MemoryUse{});
            EXPECT_TRUE(plan.deviceIsHost);
            EXPECT_EQ(plan.onHost(), backend.bytesNeeded(grid));
            EXPECT_EQ(plan.onDevice(), 0u);
        }
        // A simulation on it allocates nothing more in the backend.
        Params params;
        params.grid = {515, 259};
        Simulation simulation(std::make_unique<CpuBackend>(), params);
        simulation.advance(3);
        EXPECT_EQ(cpu::countedBytes() - before,
                  backend.bytesNeeded({2048, 2048}) + backend.bytesNeeded(params.grid));
    }
    EXPECT_EQ(cpu::countedBytes(), before) << "every buffer given back";
}

// What each command holds besides the backend, part by part.
TEST(MemoryPlan, EachCommandsPlanNamesItsPartsWhereTheyLive) {
    const CpuBackend backend;
    const GridSize grid{1024, 512};
    const std::size_t field = grid.bytes();
    const std::size_t buffers = backend.bytesNeeded(grid);
    // The display's buffers follow the view (display_layout.h), not the grid.
    const std::size_t display = DisplayLayout{1280, 800}.bytes();
    // The range in 64 floats, a window of (1280 + 4) x (800 + 4) cells (or
    // the image), aligned, and the loupe's 25 x 25 cells.
    EXPECT_EQ(display, (alignedFloats(64 + 1284 * 804) + 625) * sizeof(float));

    // The window asked for interop on a backend whose field is in host
    // memory: via host, the GL buffer and what the view needs of the field
    // copied to the host each frame (its cells or its image: a view's
    // worth), and the copy-back policy's buffer.
    const MemoryPlan window = memoryPlan(backend, grid, windowUse(smallLecture()));
    EXPECT_EQ(window.onHost(), buffers + display + display + field);
    LectureSettings split = smallLecture();
    split.comparison.split = true;
    EXPECT_EQ(memoryPlan(backend, grid, windowUse(split)).onHost(),
              2 * (buffers + display + display + field));
    // Four times the grid: the display's parts are the same.
    const GridSize larger{2048, 1024};
    EXPECT_EQ(memoryPlan(backend, larger, windowUse(smallLecture())).onHost(),
              backend.bytesNeeded(larger) + display + display + larger.bytes());

    // shot: the picture at one pixel a cell (RGB), its tile drawn and read
    // back, the display made for the tile; no copy-back buffer unless
    // --copy-every.
    ShotOptions shot;
    shot.settings.params.grid = grid;
    const MemoryPlan picture = memoryPlan(backend, grid, shotMemoryUse(shot));
    const std::size_t tile = static_cast<std::size_t>(grid.cells());  // under 4096 a side
    const std::size_t tileDisplay = DisplayLayout{grid.nx, grid.ny}.bytes();
    EXPECT_EQ(picture.onHost(), buffers + 2 * tileDisplay + 3 * grid.cells() + 4 * tile + 4 * tile);
    // Past 4096 a side the display is a tile's.
    const GridSize wide{8192, 512};
    const std::size_t wideTile = DisplayLayout{4096, 512}.bytes();
    EXPECT_EQ(
        memoryPlan(backend, wide, shotMemoryUse(shot)).onHost(),
        backend.bytesNeeded(wide) + 2 * wideTile + 3 * wide.cells() + 8 * std::size_t{4096} * 512);
    // --field: the field copied to the host and the file's bytes.
    shot.field = "field.raw";
    EXPECT_EQ(memoryPlan(backend, grid, shotMemoryUse(shot)).onHost(),
              picture.onHost() + 2 * field);
    shot.settings.copyEvery = 10;
    EXPECT_EQ(memoryPlan(backend, grid, shotMemoryUse(shot)).onHost(),
              picture.onHost() + 3 * field);

    // A backend on a device of its own: its buffers and the interop
    // display's there, nothing of the field in host memory but the
    // copy-back policy's buffer.
    class OnADevice final : public ForwardingBackend {
    public:
        OnADevice() : ForwardingBackend(std::make_unique<CpuBackend>()) {
            facts_.fieldInHostMemory = false;
        }
    };
    const OnADevice device;
    const MemoryPlan interop = memoryPlan(device, grid, windowUse(smallLecture()));
    EXPECT_EQ(interop.onDevice(), buffers + kInteropDisplayBuffers * display);
    EXPECT_EQ(interop.onHost(), field);
    for (const MemoryPart& part : interop.parts) {
        EXPECT_FALSE(part.purpose.empty());
        EXPECT_GT(part.bytes, 0u) << part.purpose;
    }
}

// The bench checks its kernels on the bench grid up to 8192 x 8192, and
// past it on the grid halved along its longer side until it is no larger;
// its plan names the phase that holds the most.
std::string sides(const GridSize& grid) {
    return std::to_string(grid.nx) + " x " + std::to_string(grid.ny);
}

TEST(MemoryPlan, TheBenchChecksOnGridsItCanAffordAndSaysItsLargestPhase) {
    EXPECT_EQ(sides(checkedGrid({8192, 8192})), "8192 x 8192");
    EXPECT_EQ(sides(checkedGrid({16384, 16384})), "8192 x 8192");
    EXPECT_EQ(sides(checkedGrid({32768, 32768})), "8192 x 8192");
    EXPECT_EQ(sides(checkedGrid({65536, 2048})), "32768 x 2048");
    EXPECT_EQ(sides(checkedGrid({1000, 65536})), "1000 x 65536");
    EXPECT_EQ(sides(checkedGrid({257, 129})), "257 x 129");

    const CpuBackend backend;
    const GridSize big{32768, 32768};
    const MemoryPlan checked = benchMemoryPlan(backend, big, false);
    ASSERT_EQ(checked.parts.size(), 2u);
    EXPECT_EQ(checked.parts[1].purpose, "the stability runs' host copies");
    EXPECT_EQ(checked.parts[1].bytes, 16 * big.cells());
    const MemoryPlan timing = benchMemoryPlan(backend, big, true);
    ASSERT_EQ(timing.parts.size(), 2u);
    EXPECT_EQ(timing.parts[1].purpose, "table 2's host copies");
    EXPECT_EQ(timing.parts[1].bytes, 12 * big.cells());
    const MemoryPlan small = benchMemoryPlan(backend, {2048, 2048}, false);
    EXPECT_EQ(small.parts[1].purpose, "the checks against the double reference");
    EXPECT_EQ(small.parts[1].bytes, std::size_t{24} * 2048 * 2048);
}

// The refusal's line: the device's need and what is free there, or the
// host's, in GiB with one decimal.
TEST(MemoryPlan, AGridThatDoesNotFitIsRefusedInOneLineNamingNeedAndFree) {
    class SmallDevice final : public ForwardingBackend {
    public:
        SmallDevice() : ForwardingBackend(std::make_unique<CpuBackend>()) {
            facts_.fieldInHostMemory = false;
        }
        std::size_t availableBytes() const override {
            return static_cast<std::size_t>(27.1 * (1 << 30));
        }
    };
    const SmallDevice device;
    try {
        refuseIfTooLarge(device, GridSize{65536, 65536});
        ADD_FAILURE() << "48 GiB passed on a device of 27.1 GiB";
    } catch (const UsageError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "a 65536 x 65536 grid needs 48.0 GiB on the device, 27.1 GiB are free");
    }

    const ScopedEnv small(kHostFreeVariable, std::to_string(100 * kMiB));
    const CpuBackend host;
    try {
        refuseIfTooLarge(host, GridSize{4096, 4096});
        ADD_FAILURE() << "192 MiB passed in 100 MiB";
    } catch (const UsageError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "a 4096 x 4096 grid needs 192.1 MiB of host memory, 100.0 MiB are free");
    }
    EXPECT_NO_THROW(refuseIfTooLarge(host, GridSize{2048, 2048}));
}

// A scene, a cue list and a file dropped on a served lecture whose grid
// the lecture's plan does not fit: refused in one line before anything is
// allocated, the grid and field the lecture had kept.
class RefusedBeforeAllocation : public ::testing::Test {
protected:
    void SetUp() override {
        simulation_.advance(3);
        before_ = simulation_.fieldOnHost();
        counted_ = cpu::countedBytes();
    }

    void expectNothingChanged() {
        EXPECT_EQ(cpu::countedBytes(), counted_) << "allocated before it was refused";
        EXPECT_EQ(simulation_.params().grid.nx, 41);
        EXPECT_EQ(settings_.params.grid.nx, 41);
        EXPECT_EQ(simulation_.fieldOnHost(), before_);
        EXPECT_EQ(simulation_.stepCount(), 3);
    }

    // The lecture's plan fits in 64 MiB at 1024 x 1024 (about 24 MiB),
    // not at 2048 x 2048 (about 72 MiB).
    const ScopedMemoryUse use_{windowUse(smallLecture())};
    const ScopedEnv free_{kHostFreeVariable, std::to_string(64 * kMiB)};
    LectureSettings settings_ = smallLecture();
    Simulation simulation_{std::make_unique<CpuBackend>(), settings_.params};
    SimulationControl control_{simulation_, settings_};
    std::vector<float> before_;
    std::size_t counted_ = 0;
};

TEST_F(RefusedBeforeAllocation, AScene) {
    try {
        control_.applyScene(parseScene(sceneOn("2048"), "big.json", settings_));
        ADD_FAILURE() << "a 2048 x 2048 scene was applied in 64 MiB";
    } catch (const UsageError& e) {
        const std::string line = e.what();
        EXPECT_EQ(line.rfind("a 2048 x 2048 grid needs ", 0), 0u) << line;
        EXPECT_NE(line.find(" of host memory, 64.0 MiB are free"), std::string::npos) << line;
        EXPECT_EQ(line.find('\n'), std::string::npos);
    }
    expectNothingChanged();
    // One that fits is applied.
    EXPECT_TRUE(control_.applyScene(parseScene(sceneOn("1024"), "fits.json", settings_)).newGrid);
    EXPECT_EQ(simulation_.params().grid.nx, 1024);
}

TEST_F(RefusedBeforeAllocation, AResetOnTheGridEdited) {
    settings_.params.grid = {2048, 2048};
    const ControlOutcome outcome = control_.reset();
    ASSERT_TRUE(outcome.notice.has_value());
    EXPECT_EQ(outcome.notice->text.rfind("not reset: a 2048 x 2048 grid needs ", 0), 0u)
        << outcome.notice->text;
    expectNothingChanged();
}

TEST_F(RefusedBeforeAllocation, ACueList) {
    const CueList list = parseFolderlessCues(
        R"({"heatlab_cues": 1, "cues": [{"r": 0.2}, {"scene": "stable_diffusion"}]})",
        "lecture.json");
    // The shipped scene's own grid fits; the list is refused where the
    // plan of its grid does not.
    LectureSettings start = settings_;
    start.backend = BackendChoice::Cpu;
    EXPECT_NO_THROW(checkGridsPlayable(list, start, simulation_.backend()));
    const ScopedEnv tiny(kHostFreeVariable, std::to_string(kMiB));
    try {
        checkGridsPlayable(list, start, simulation_.backend());
        ADD_FAILURE() << "a cue's scene passed in 1 MiB";
    } catch (const UsageError& e) {
        const std::string line = e.what();
        EXPECT_EQ(line.rfind("cues lecture.json: cue 2: scene stable_diffusion: a ", 0), 0u)
            << line;
        EXPECT_NE(line.find(" of host memory, 1.0 MiB are free"), std::string::npos) << line;
    }
    expectNothingChanged();
}

// What the served lecture does with a dropped scene (LectureUi::loadDropped:
// parsed whole, then applied through SimulationControl::applyScene).
TEST_F(RefusedBeforeAllocation, AFileDroppedOnAServedLecture) {
    const std::string dropped = sceneOn("4096x2048");
    ASSERT_FALSE(namesCueList(dropped));
    try {
        control_.applyScene(parseScene(dropped, "dropped.json", settings_));
        ADD_FAILURE() << "a dropped 4096 x 2048 scene was applied in 64 MiB";
    } catch (const UsageError& e) {
        EXPECT_EQ(std::string(e.what()).rfind("a 4096 x 2048 grid needs ", 0), 0u) << e.what();
    }
    expectNothingChanged();
}

// The initial field a strip at a time is the whole field's bits, whatever
// the strips; its ring is the boundary's (fillGhostRing() changes nothing).
TEST(InitialRows, AnyStripIsTheWholeFieldsBitsAndItsRingTheBoundarys) {
    for (const GridSize grid :
         {GridSize{3, 3}, GridSize{4, 7}, GridSize{67, 45}, GridSize{130, 257}}) {
        for (InitialCondition initial : allInitialConditions()) {
            for (Boundary boundary : allBoundaries()) {
                const std::vector<float> whole = makeInitialField(grid, initial, boundary);
                std::vector<float> ringed = whole;
                fillGhostRing(ringed.data(), grid, boundary);
                EXPECT_EQ(std::memcmp(ringed.data(), whole.data(), grid.bytes()), 0)
                    << gridText(grid) << " " << name(initial) << " " << name(boundary);
                for (int strip : {1, 2, 7, grid.ny}) {
                    std::vector<float> rows(grid.cells());
                    for (int first = 0; first < grid.ny; first += strip) {
                        const int count = std::min(strip, grid.ny - first);
                        makeInitialRows(grid, initial, boundary, first, count,
                                        rows.data() + static_cast<std::size_t>(first) * grid.nx);
                    }
                    EXPECT_EQ(std::memcmp(rows.data(), whole.data(), grid.bytes()), 0)
                        << gridText(grid) << " " << name(initial) << " " << name(boundary)
                        << ", strips of " << strip;
                }
            }
        }
    }
}

// The CPU makes it in its own buffers, a band of rows a thread: the bits
// an upload of the host's field gives.
TEST(InitialRows, TheCpuBackendMakesTheFieldInItsBuffersBitForBit) {
    const GridSize grid{1031, 517};  // threaded
    CpuBackend made;
    CpuBackend uploaded;
    std::vector<float> a(grid.cells());
    std::vector<float> b(grid.cells());
    for (InitialCondition initial : allInitialConditions()) {
        for (Boundary boundary : allBoundaries()) {
            made.uploadInitial(grid, initial, boundary);
            uploaded.upload(grid, makeInitialField(grid, initial, boundary).data(), boundary);
            for (int steps : {0, 3}) {
                made.step(Kernel::ThreePass, steps, 0.24f);
                uploaded.step(Kernel::ThreePass, steps, 0.24f);
                made.copyToHost(a.data(), HostMemory::Pageable);
                uploaded.copyToHost(b.data(), HostMemory::Pageable);
                EXPECT_EQ(std::memcmp(a.data(), b.data(), grid.bytes()), 0)
                    << name(initial) << " " << name(boundary) << " after " << steps;
            }
        }
    }
}

// A backend on the CPU that says where its calls went: the host copies a
// simulation takes of the field, and its host buffers.
class Watched final : public ForwardingBackend {
public:
    explicit Watched(bool keepsField)
        : ForwardingBackend(std::make_unique<CpuBackend>()), keepsField_(keepsField) {}
    bool keepsFieldIfUploadFails(const GridSize& /*grid*/) const override { return keepsField_; }
    void uploadInitial(const GridSize& grid, InitialCondition initial, Boundary boundary) override {
        inner().uploadInitial(grid, initial, boundary);
    }
    void copyToHost(float* dst, HostMemory memory) override {
        ++copies;
        ForwardingBackend::copyToHost(dst, memory);
    }
    HostBuffer allocateHost(std::size_t count, HostMemory memory) override {
        ++hostBuffers;
        return ForwardingBackend::allocateHost(count, memory);
    }
    int copies = 0;
    int hostBuffers = 0;

private:
    bool keepsField_;
};

TEST(HostCopies, ASimulationHoldsNoneUnlessTheCopyBackPolicyAsks) {
    auto backend = std::make_unique<Watched>(true);
    Watched* watched = backend.get();
    Params params;
    params.grid = {67, 45};
    Simulation simulation(std::move(backend), params);
    simulation.advance(5);
    EXPECT_EQ(watched->copies, 0);
    EXPECT_EQ(watched->hostBuffers, 0) << "no copy-back buffer while nothing copies";
    simulation.setCopyPolicy({2, HostMemory::Pageable});
    simulation.advance(4);
    EXPECT_EQ(watched->hostBuffers, 1);
    EXPECT_EQ(watched->copies, 2);
    simulation.setCopyPolicy({});
    simulation.reset();
    EXPECT_EQ(watched->hostBuffers, 1) << "no new one for a policy that copies nothing";
}

// A grid change keeps the old field where the backend holds it beside the
// new (no host copy); where it cannot, one host copy of the whole field,
// to put back.
TEST(HostCopies, AGridChangeCopiesTheFieldToTheHostOnlyWhereTheBackendCannotKeepIt) {
    for (bool keeps : {true, false}) {
        auto backend = std::make_unique<Watched>(keeps);
        Watched* watched = backend.get();
        Params params;
        params.grid = {67, 45};
        Simulation simulation(std::move(backend), params);
        params.grid = {99, 45};
        simulation.setParams(params);
        simulation.reset();
        EXPECT_EQ(watched->copies, keeps ? 0 : 1) << (keeps ? "kept" : "not kept");
        EXPECT_EQ(simulation.fieldOnHost().size(), std::size_t{99 * 45});
    }
}

// A/B's pane B from pane A on one kind of backend: no host copy between.
TEST(HostCopies, PaneBIsCopiedFromPaneAWithoutTheHost) {
    Params params;
    params.grid = {67, 45};
    Simulation a(std::make_unique<CpuBackend>(), params);
    a.advance(9);
    Simulation b(std::make_unique<CpuBackend>(), params);
    const std::size_t counted = cpu::countedBytes();
    b.copyFieldOf(a);
    EXPECT_EQ(cpu::countedBytes(), counted);
    EXPECT_EQ(b.fieldOnHost(), a.fieldOnHost());
    EXPECT_EQ(b.stepCount(), 9);
}

}  // namespace
}  // namespace heatlab
