// The auto colour scale in the lecture (CPU backend, Mesa): a run past the
// grid's bound turns it signed-log once the field has exploded, and says so
// once; a new field (R) turns it linear again; a scale the lecturer chose
// (L, or --scale linear) is never changed; a stable run never turns it.

#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "kernels/cpu/cpu_backend.h"
#include "tests/gl/lecture_fixture.h"

namespace heatlab {
namespace {

class AutoScale : public LectureFixture {
protected:
    AutoScale() {
        options.params.grid = GridSize{101, 73};
        options.params.r = 0.26f;
        options.panelVisible = false;
        options.stepsPerFrame = 20;
        options.explosionDecadesPerSecond = 0.0;  // the fixed steps, also past the bound
    }

    // Frames until max |u| has passed twice the initial peak (x1.08 a step
    // from round-off: a few hundred steps), at most `limit`.
    void runUntilExploded(LectureUi& ui, int limit = 60) {
        for (int i = 0; i < limit && ui.readouts().maxAbs <= 4.0f; ++i) {
            frames(ui, 1);
        }
        ASSERT_GT(ui.readouts().maxAbs, 4.0f) << "the run exploded within the frames";
    }

    int saidCount(const LectureUi& ui, const std::string& words) const {
        int count = 0;
        for (const FieldNotice::Line& line : ui.notice().shown(now_)) {
            count += line.text.find(words) != std::string::npos ? 1 : 0;
        }
        return count;
    }
};

TEST_F(AutoScale, AnExplodedRunTurnsItSignedLogAndSaysSo) {
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    clockedBy(ui);
    ASSERT_EQ(ui.settings().picture.scaleChoice(), ScaleChoice::Auto) << "auto is the default";
    frames(ui, 1);
    EXPECT_EQ(ui.settings().picture.scale, ColourScale::Linear) << "not before the explosion";
    runUntilExploded(ui);
    EXPECT_EQ(ui.settings().picture.scale, ColourScale::SignedLog);
    EXPECT_EQ(ui.settings().picture.scaleChoice(), ScaleChoice::Auto) << "still the auto scale";
    EXPECT_NE(ui.lectureReadouts().message.find("signed-log"), std::string::npos)
        << ui.lectureReadouts().message;
    EXPECT_EQ(saidCount(ui, "signed-log"), 1) << "said once, on the field";
}

TEST_F(AutoScale, ANewFieldIsLinearAgain) {
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    clockedBy(ui);
    runUntilExploded(ui);
    ASSERT_EQ(ui.settings().picture.scale, ColourScale::SignedLog);
    ui.onKey(Key::R, false);
    frames(ui, 1);
    EXPECT_EQ(ui.settings().picture.scale, ColourScale::Linear)
        << "the reset's field is the lesson's diffusion again (its max |u| is 1, not the old "
           "field's)";
    runUntilExploded(ui);
    EXPECT_EQ(ui.settings().picture.scale, ColourScale::SignedLog) << "and turns again";
}

TEST_F(AutoScale, AScaleTheLecturerChoseStays) {
    options.picture.chooseScale(ScaleChoice::Linear);
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    clockedBy(ui);
    runUntilExploded(ui);
    EXPECT_EQ(ui.settings().picture.scale, ColourScale::Linear);
    EXPECT_EQ(ui.lectureReadouts().message.find("signed-log"), std::string::npos);
    // L on the auto scale: the lecturer's choice from then on.
    LectureUi chosen(LectureSettings{options}, std::make_unique<CpuBackend>(), imgui,
                     context.description());
    chosen.settings().picture.chooseScale(ScaleChoice::Auto);
    chosen.onKey(Key::L, false);
    chosen.onKey(Key::L, false);
    EXPECT_EQ(chosen.settings().picture.scaleChoice(), ScaleChoice::Linear);
}

TEST_F(AutoScale, AStableRunNeverTurnsIt) {
    options.params.r = 0.25f;  // at the bound: the checkerboard does not grow
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    clockedBy(ui);
    frames(ui, 40);  // 800 steps
    EXPECT_EQ(ui.settings().picture.scale, ColourScale::Linear);
    EXPECT_LE(ui.readouts().maxAbs, 1.0f) << "the maximum principle";
}

}  // namespace
}  // namespace heatlab
