// The shipped lecture played on a LectureUi as a presenter would, with
// simulated clicker presses and a simulated clock: its first cue runs to its
// step and waits, Page Up applies the cue before again, and Page Down (or
// Right) walks every cue to the last with the field finite and the last
// cue's screenshot written.

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "app/lecture/cue_list.h"
#include "kernels/cpu/cpu_backend.h"
#include "tests/gl/lecture_fixture.h"

namespace heatlab {
namespace {

class CueListUi : public LectureFixture {
protected:
    // A frame a 60th of a second after the one before, in simulated time.
    void frames(LectureUi& ui, int count) {
        for (int i = 0; i < count; ++i) {
            now_ += 1.0 / 60.0;
            run(ui, 1);
        }
    }
    double now_ = 1.0;
};

TEST_F(CueListUi, TheShippedLectureReachesItsLastCueWithTheFieldFinite) {
    const std::string folder = ::testing::TempDir() + "heatlab-cue-shots";
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, "test");
    ui.setClock([this] { return now_; });
    ui.screenshots().folder = folder;
    ui.setCues(readCues("lecture"));
    const int count = ui.cues().count();
    ASSERT_GE(count, 8);

    // Cue 1: the shipped scene, reset, and exactly its 2000 steps.
    frames(ui, 1);
    EXPECT_EQ(ui.readouts().cue.rfind("cue 1 of ", 0), 0u) << ui.readouts().cue;
    // The caption on the field, where the class looks.
    EXPECT_EQ(ui.notice().text().rfind("cue 1 of ", 0), 0u) << ui.notice().text();
    EXPECT_GT(ui.notice().strength(now_), 0.5);
    EXPECT_EQ(ui.simulation().params().grid.nx, 512);
    for (int i = 0; i < 400 && !ui.cues().waiting(); ++i) {
        frames(ui, 1);
    }
    EXPECT_TRUE(ui.cues().waiting());
    EXPECT_EQ(ui.simulation().stepCount(), 2000);
    EXPECT_FALSE(ui.settings().running);

    // Cue 2 (r = 0.25), then back: cue 1's r and a new field again.
    ui.onKey(Key::PageDown, false);
    frames(ui, 3);
    EXPECT_FLOAT_EQ(ui.settings().params.r, 0.25f);
    ui.onKey(Key::PageUp, false);
    frames(ui, 3);
    EXPECT_EQ(ui.cues().index(), 0);
    EXPECT_FLOAT_EQ(ui.settings().params.r, 0.24f);
    EXPECT_LT(ui.simulation().stepCount(), 2000);

    for (int cue = 1; cue < count; ++cue) {
        ui.onKey(cue % 2 == 0 ? Key::Right : Key::PageDown, false);
        frames(ui, 10);
        EXPECT_EQ(ui.cues().index(), cue);
        EXPECT_TRUE(std::isfinite(ui.readouts().maxAbs)) << ui.readouts().cue;
    }
    // Past the last, it stays there.
    ui.onKey(Key::PageDown, false);
    frames(ui, 2);
    EXPECT_EQ(ui.cues().index(), count - 1);
    EXPECT_EQ(ui.readouts().cue.rfind("cue " + std::to_string(count) + " of ", 0), 0u);
    EXPECT_TRUE(std::isfinite(ui.readouts().maxAbs));
    EXPECT_LT(ui.readouts().maxAbs, 1e30f);
    int pictures = 0;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        pictures += entry.path().extension() == ".png";
    }
    EXPECT_GE(pictures, 1);
    std::filesystem::remove_all(folder);
}

}  // namespace
}  // namespace heatlab
