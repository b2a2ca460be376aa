// The window's bandwidth table is timed on the survey's thread, so measuring
// never holds the lecture's input: while a row is timed the frames go on
// (with no steps, which would be timed with the row) and a key pressed
// between two frames acts in the next one. Held by counting, not by a
// clock: after every frame while the table measures, a row is still being
// timed (the frame did not wait for it), and the key's effect is there.

#include <memory>

#include <gtest/gtest.h>

#include "app/lecture/input/key.h"
#include "kernels/cpu/cpu_backend.h"
#include "tests/gl/lecture_fixture.h"

namespace heatlab {
namespace {

using MeasuringKeys = LectureFixture;

TEST_F(MeasuringKeys, AKeyActsInTheNextFrameWhileARowIsTimed) {
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    clockedBy(ui);
    ui.setWindowed(true);  // the rows on the survey's thread, as in a window
    frames(ui, 3);
    ASSERT_GT(ui.simulation().stepCount(), 0);
    ui.measureBandwidth();
    frames(ui, 1);  // the first row goes to the survey's thread at its end
    int framesWhileTimed = 0;
    while (ui.measuringBandwidth()) {
        ASSERT_TRUE(ui.measuringRow()) << "the frame waited for its row";
        // R between two frames: the next frame resets the field, whatever
        // the row on the other thread is doing, and runs no steps beside it.
        ui.onKey(Key::R, false);
        frames(ui, 1);
        EXPECT_EQ(ui.simulation().stepCount(), 0) << "the reset waited for the row";
        EXPECT_EQ(ui.lectureReadouts().stepsThisFrame, 0) << "steps beside a row being timed";
        ++framesWhileTimed;
        ASSERT_LT(framesWhileTimed, 100000);
    }
    EXPECT_GT(framesWhileTimed, 0);
    // The table done, the lecture steps again.
    frames(ui, 2);
    EXPECT_GT(ui.simulation().stepCount(), 0);
}

}  // namespace
}  // namespace heatlab
