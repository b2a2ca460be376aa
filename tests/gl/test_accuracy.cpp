// The price of accuracy, played as the shipped lecture's cues do it: the
// sine field at r = 0.25 on 129^2 to step 415, then "halve h" (a cue's
// halve_h, the panel's button) runs 257^2 at the same r to the same physical
// time, 1660 steps, and pauses there; the Accuracy section's readout holds
// both runs, the error about four times smaller on the finer grid, each
// equal to the closed form's comparison of the field itself.

#include <memory>

#include <gtest/gtest.h>

#include "app/lecture/files/cue_list.h"
#include "kernels/cpu/cpu_backend.h"
#include "kernels/numerics/exact_solution.h"
#include "tests/gl/lecture_fixture.h"

namespace heatlab {
namespace {

class Accuracy : public LectureFixture {};

TEST_F(Accuracy, HalvingHRunsTheSameTimeAndTheErrorFallsFourTimes) {
    options.params.grid = GridSize{129, 129};
    options.params.initial = InitialCondition::Sine;
    options.params.boundary = Boundary::Dirichlet;
    options.params.r = 0.25f;
    options.stepsPerFrame = 50;
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, "test");
    clockedBy(ui);
    ui.setCues(parseCues(R"({"heatlab_cues": 1, "cues": [{"reset": true, "until": {"step": 415}},
        {"halve_h": true, "until": "pause"}]})",
                         "accuracy.json"));
    for (int i = 0; i < 40 && !ui.cues().waiting(); ++i) {
        frames(ui, 1);
    }
    ASSERT_TRUE(ui.cues().waiting());
    // Paused for a second and more: the field at its step is measured, and
    // frames are timed that run no step.
    frames(ui, 80);
    const AccuracyReadout& coarse = ui.readouts().accuracy;
    ASSERT_TRUE(coarse.now);
    EXPECT_EQ(coarse.now->steps, 415);
    const std::vector<float> field = ui.simulation().fieldOnHost();
    EXPECT_DOUBLE_EQ(coarse.now->error.maxAbs,
                     errorAgainstExactSine(field.data(), GridSize{129, 129}, 0.25, 415).maxAbs);

    ui.onKey(Key::PageDown, false);
    frames(ui, 1);  // the next cue starts
    for (int i = 0; i < 200 && !ui.cues().waiting(); ++i) {
        frames(ui, 1);
    }
    ASSERT_TRUE(ui.cues().waiting());
    EXPECT_EQ(ui.simulation().params().grid.nx, 257);
    EXPECT_EQ(ui.simulation().stepCount(), 1660) << "the same alpha t: four times the steps";
    EXPECT_FALSE(ui.settings().running);
    const AccuracyReadout& both = ui.readouts().accuracy;
    ASSERT_TRUE(both.coarser);
    ASSERT_TRUE(both.now);
    EXPECT_EQ(both.coarser->grid.nx, 129);
    EXPECT_EQ(both.now->steps, 1660);
    EXPECT_NEAR(both.coarser->alphaT, both.now->alphaT, 1e-12);
    // Each run's step time measured while it ran: the coarse run was
    // paused when h was halved, and a paused frame times no step.
    EXPECT_GT(both.coarser->msPerStep, 0.0);
    EXPECT_GT(both.now->msPerStep, 0.0);
    const double ratio = both.coarser->error.maxAbs / both.now->error.maxAbs;
    EXPECT_GE(ratio, 3.6);
    EXPECT_LE(ratio, 4.4);
    // Run goes on past the target: it is no wall.
    ui.settings().running = true;
    frames(ui, 2);
    EXPECT_GT(ui.simulation().stepCount(), 1660);
}

}  // namespace
}  // namespace heatlab
