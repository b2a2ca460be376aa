// The lecture's edits of what the simulation runs, with their recovery,
// without GL: a reset to a grid too large or one whose allocation fails
// keeps the grid and its field; a switch to a backend that is not there
// stays and says why; a scene keeps the presenter's own choices; a device
// lost moves the lecture to the CPU, with its field where it can still be
// read, else with the scene's field made anew.

#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/lecture/run/frame_fault.h"
#include "app/lecture/run/simulation_control.h"
#include "kernels/backend_factory.h"
#include "kernels/base/errors.h"
#include "kernels/cpu/cpu_backend.h"
#include "kernels/forwarding_backend.h"
#include "tests/support/out_of_memory_backend.h"

namespace heatlab {
namespace {

LectureSettings smallLecture() {
    LectureSettings settings;
    settings.params.grid = {41, 23};
    settings.params.kernel = Kernel::Optimised;
    return settings;
}

TEST(SimulationControl, AResetToAGridThatDoesNotFitKeepsTheGridItsFieldAndSaysWhy) {
    LectureSettings settings = smallLecture();
    Simulation simulation(std::make_unique<CpuBackend>(), settings.params);
    SimulationControl control(simulation, settings);
    simulation.advance(5);
    const std::vector<float> before = simulation.fieldOnHost();

    settings.params.grid = {1 << 20, 1 << 20};  // 4 TiB a buffer
    const ControlOutcome outcome = control.reset();
    ASSERT_TRUE(outcome.notice.has_value());
    EXPECT_EQ(outcome.notice->text.rfind("not reset: ", 0), 0u) << outcome.notice->text;
    EXPECT_FALSE(outcome.newGrid);
    EXPECT_EQ(settings.params.grid.nx, 41);
    EXPECT_EQ(simulation.params().grid.nx, 41);
    EXPECT_EQ(simulation.fieldOnHost(), before);
    EXPECT_EQ(simulation.stepCount(), 5);
}

TEST(SimulationControl, AResetWhoseAllocationFailsKeepsTheGridAndNamesIt) {
    LectureSettings settings = smallLecture();
    Simulation simulation(
        std::make_unique<OutOfMemoryBackend>(std::make_unique<CpuBackend>(), 60 * 60),
        settings.params);
    SimulationControl control(simulation, settings);
    const std::vector<float> before = simulation.fieldOnHost();

    settings.params.grid = {101, 101};
    const ControlOutcome outcome = control.reset();
    ASSERT_TRUE(outcome.notice.has_value());
    EXPECT_NE(outcome.notice->text.find("the 41 x 23 grid and its field are kept"),
              std::string::npos)
        << outcome.notice->text;
    EXPECT_EQ(settings.params.grid.nx, 41);
    EXPECT_EQ(simulation.fieldOnHost(), before);
}

TEST(SimulationControl, AResetToANewGridSaysSoForTheViewAndTheTable) {
    LectureSettings settings = smallLecture();
    Simulation simulation(std::make_unique<CpuBackend>(), settings.params);
    SimulationControl control(simulation, settings);
    settings.params.grid = {65, 33};
    const ControlOutcome outcome = control.reset();
    EXPECT_TRUE(outcome.newGrid);
    EXPECT_FALSE(outcome.notice) << "a reset that worked says nothing";
    EXPECT_EQ(simulation.params().grid.nx, 65);
    EXPECT_FALSE(control.reset().newGrid);  // the same grid again: a new field only
}

TEST(SimulationControl, ASwitchToABackendThatIsNotThereStaysAndSaysWhy) {
    if (makeBackend(BackendChoice::Auto).backend->facts().name == "cuda") {
        GTEST_SKIP() << "a CUDA device is present: the switch would succeed";
    }
    LectureSettings settings = smallLecture();
    Simulation simulation(std::make_unique<CpuBackend>(), settings.params);
    SimulationControl control(simulation, settings);
    EXPECT_FALSE(control.switchBackend().notice.has_value());  // already there
    settings.backend = BackendChoice::Cuda;
    const ControlOutcome outcome = control.switchBackend();
    ASSERT_TRUE(outcome.notice.has_value());
    EXPECT_EQ(outcome.notice->text.rfind("backend not switched: ", 0), 0u) << outcome.notice->text;
    EXPECT_EQ(settings.backend, BackendChoice::Cpu);
    EXPECT_EQ(simulation.backend().facts().name, "cpu");
}

TEST(SimulationControl, ASceneSetsTheLectureButKeepsThePresentersChoices) {
    LectureSettings settings = smallLecture();
    settings.presenter = true;
    settings.panelVisible = false;
    settings.measureMaxAbs = false;
    Simulation simulation(std::make_unique<CpuBackend>(), settings.params);
    SimulationControl control(simulation, settings);
    Scene scene;
    scene.settings = smallLecture();
    scene.settings.params.grid = {51, 51};
    scene.settings.params.r = 0.26f;
    scene.settings.stepsPerFrame = 3;
    const ControlOutcome outcome = control.applyScene(scene);
    EXPECT_TRUE(outcome.newGrid);
    EXPECT_EQ(simulation.params().grid.nx, 51);
    EXPECT_EQ(simulation.params().r, 0.26f);
    EXPECT_EQ(settings.stepsPerFrame, 3);
    EXPECT_TRUE(settings.presenter);
    EXPECT_FALSE(settings.panelVisible);
    EXPECT_FALSE(settings.measureMaxAbs);
}

TEST(SimulationControl, ASceneWhoseKernelTheBackendLacksChangesNothing) {
    LectureSettings settings = smallLecture();
    Simulation simulation(std::make_unique<CpuBackend>(), settings.params);
    SimulationControl control(simulation, settings);
    Scene scene;
    scene.settings = smallLecture();
    scene.settings.params.kernel = Kernel::Tiled;  // a GPU kernel only
    scene.settings.params.r = 0.2f;
    EXPECT_THROW(control.applyScene(scene), UsageError);
    EXPECT_EQ(settings.params.r, smallLecture().params.r);
    EXPECT_EQ(simulation.params().kernel, Kernel::Optimised);
}

// The shipped copy-every-step scene shows the PCIe link's cost on a GPU; on
// the CPU backend the field is in host memory already, and the loaded
// line says so in one line. Without copy back nothing is added.
TEST(SimulationControl, ACopyBackSceneOnHostMemorySaysTheCopyIsAMemcpy) {
    LectureSettings settings = smallLecture();
    Simulation simulation(std::make_unique<CpuBackend>(), settings.params);
    SimulationControl control(simulation, settings);
    ASSERT_TRUE(simulation.backend().facts().fieldInHostMemory);
    Scene scene;
    scene.settings = smallLecture();
    scene.settings.copyEvery = 1;
    control.applyScene(scene);
    const std::string copying = control.sceneLoaded("copy every step at 2048").text;
    EXPECT_EQ(copying.rfind("loaded scene copy every step at 2048; ", 0), 0u) << copying;
    EXPECT_NE(copying.find("the field already lives in host memory"), std::string::npos) << copying;
    EXPECT_NE(copying.find("memcpy with no PCIe link to cross"), std::string::npos) << copying;
    EXPECT_EQ(copying.find('\n'), std::string::npos) << copying;

    scene.settings.copyEvery = 0;
    control.applyScene(scene);
    EXPECT_EQ(control.sceneLoaded("stable diffusion").text, "loaded scene stable diffusion");
    EXPECT_EQ(control.sceneLoaded("copy").onField(), "loaded scene copy");
}

// A scene with a grid per backend runs the grid of the backend it lands on
// (the CPU's here), and keeps the other for a save; a grid edited away
// from it is the lecturer's own, and the pair is dropped at the reset.
TEST(SimulationControl, ASceneWithAGridPerBackendRunsThisBackendsGrid) {
    LectureSettings settings = smallLecture();
    Simulation simulation(std::make_unique<CpuBackend>(), settings.params);
    SimulationControl control(simulation, settings);
    Scene scene;
    scene.settings.grids = GridsByBackend{GridSize{61, 47}, GridSize{4096, 4096}};
    scene.settings.params.grid = GridSize{4096, 4096};  // whatever the file left there
    const ControlOutcome outcome = control.applyScene(scene);
    EXPECT_TRUE(outcome.newGrid);
    EXPECT_EQ(simulation.params().grid.nx, 61);
    EXPECT_EQ(settings.params.grid.nx, 61);
    ASSERT_TRUE(settings.grids);
    EXPECT_EQ(settings.grids->cuda.nx, 4096);
    control.reset();
    EXPECT_TRUE(settings.grids) << "a reset on the scene's own grid keeps the pair";
    settings.params.grid = GridSize{33, 33};
    control.reset();
    EXPECT_FALSE(settings.grids) << "an edited grid is the lecturer's";
    EXPECT_EQ(simulation.params().grid.nx, 33);
}

// The CPU backend posing as CUDA: its name and its kernels (the tiled one
// too, which the CPU has not), so the lecture on it is a GPU's lecture.
class PosingAsCuda final : public ForwardingBackend {
public:
    PosingAsCuda() : ForwardingBackend(std::make_unique<CpuBackend>()) { facts_.name = "cuda"; }
    std::vector<Kernel> kernels() const override {
        return {Kernel::Copy,      Kernel::Global,    Kernel::Tiled,
                Kernel::ThreePass, Kernel::Optimised, Kernel::Temporal};
    }
};

TEST(SimulationControl, ALostDeviceMovesTheLectureToTheCpuWithItsFieldWhereItCanBeRead) {
    LectureSettings settings = smallLecture();
    Simulation simulation(std::make_unique<PosingAsCuda>(), settings.params);
    SimulationControl control(simulation, settings);
    ASSERT_EQ(settings.backend, BackendChoice::Cuda);
    simulation.advance(5);
    const std::vector<float> before = simulation.fieldOnHost();
    const long long fields = simulation.fieldCount();

    const SimulationControl::MovedToCpu moved =
        control.moveToCpu(simulation.params(), true, "an illegal memory access");

    EXPECT_TRUE(moved.fieldKept);
    EXPECT_EQ(simulation.backend().facts().name, "cpu");
    EXPECT_EQ(settings.backend, BackendChoice::Cpu) << "the panel shows what runs";
    EXPECT_EQ(simulation.stepCount(), 5);
    EXPECT_EQ(simulation.fieldCount(), fields);
    EXPECT_EQ(simulation.fieldOnHost(), before);
    EXPECT_EQ(moved.notice.text,
              "the CUDA device failed and cannot be used again in this run (an illegal memory "
              "access): the lecture goes on on the CPU at step 5");
    EXPECT_EQ(moved.notice.onField(), "the GPU failed: the lecture goes on on the CPU");
}

TEST(SimulationControl, ALostDeviceWhoseFieldCannotBeReadStartsTheSceneAgainOnTheCpu) {
    LectureSettings settings = smallLecture();
    settings.params.kernel = Kernel::Tiled;
    settings.params.initial = InitialCondition::Sine;
    // Lost at its first step, before it ran: the CPU never steps the tiled kernel.
    Simulation simulation(std::make_unique<FaultingBackend>(std::make_unique<PosingAsCuda>(),
                                                            parseFrameFault("lost@1")),
                          settings.params);
    SimulationControl control(simulation, settings);
    std::string why;
    try {
        simulation.advance(2);
    } catch (const DeviceLostError& e) {
        why = e.what();
    }
    ASSERT_EQ(why, "the device is lost: a test's fault (HEATLAB_TEST_FRAME_FAULT=lost@1)");
    const long long fields = simulation.fieldCount();

    const SimulationControl::MovedToCpu moved = control.moveToCpu(simulation.params(), true, why);

    EXPECT_FALSE(moved.fieldKept);
    EXPECT_EQ(simulation.backend().facts().name, "cpu");
    EXPECT_EQ(settings.backend, BackendChoice::Cpu);
    EXPECT_EQ(simulation.stepCount(), 0);
    EXPECT_EQ(simulation.fieldCount(), fields + 1);
    EXPECT_EQ(simulation.params().kernel, Kernel::Global);
    EXPECT_EQ(settings.params.kernel, Kernel::Global);
    Simulation fresh(std::make_unique<CpuBackend>(), simulation.params());
    EXPECT_EQ(simulation.fieldOnHost(), fresh.fieldOnHost()) << "not the scene's initial field";
    EXPECT_EQ(moved.notice.text,
              "the CUDA device failed and cannot be used again in this run (" + why +
                  "): the lecture goes on on the CPU, its field made anew from the scene at step "
                  "0; the tiled kernel is not on the CPU, so global runs");
    simulation.advance(3);
    EXPECT_EQ(simulation.stepCount(), 3);
}

TEST(SimulationControl, ALostDeviceAfterTheFieldWasReplacedStartsTheFramesSceneAgain) {
    LectureSettings settings = smallLecture();
    Simulation simulation(std::make_unique<PosingAsCuda>(), settings.params);
    SimulationControl control(simulation, settings);
    const Params before = simulation.params();
    simulation.advance(4);
    Params other = before;
    other.grid = {65, 33};
    simulation.setParams(other);
    simulation.reset();  // a scene loaded in the frame that then failed

    const SimulationControl::MovedToCpu moved = control.moveToCpu(before, false, "lost");

    EXPECT_FALSE(moved.fieldKept);
    EXPECT_EQ(simulation.params().grid.nx, 41) << "the frame's own scene, not the one it loaded";
    EXPECT_EQ(simulation.stepCount(), 0);
    Simulation fresh(std::make_unique<CpuBackend>(), before);
    EXPECT_EQ(simulation.fieldOnHost(), fresh.fieldOnHost());
}

}  // namespace
}  // namespace heatlab
