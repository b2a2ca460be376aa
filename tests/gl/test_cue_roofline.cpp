// The bandwidth cue as a class sees it: the shipped lecture played with the
// clicker to its cue that draws the roofline over the field (cue 10), at
// 1280 x 800 in presenter mode on the CPU backend, in English and Japanese,
// its table measured to the end on the lecture's 64-a-side grids. The plot
// is inside the window and large, every point named. Where the labels go
// depends on the figures measured, so on this machine's speed and load
// (under AddressSanitizer a label crossed a roof line): the rules of
// tests/gl/roofline_rules.h are held on fixed figures at the same size,
// this machine's shape and one with a class kernel's long name
// (tests/gl/test_roofline_labels.cpp), not on a live table.

#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "app/ui/pictures/roofline_on_field.h"
#include "tests/gl/presenter_fixture.h"
#include "tests/gl/roofline_rules.h"
#include "tests/gl/small_lecture.h"

namespace heatlab {
namespace {

// The plot at least this large each way in the window's pixels: the
// field's column under cue 10's caption (about 780 x 530) less the axes'
// text and the legend beside it; the panel's plot is about 330 x 165.
constexpr float kLargePlot = 360.0f;

class CueRoofline : public PresenterFixture {
protected:
    void walk(Language language) {
        setLanguage(language);
        const std::string tongue = language == Language::Japanese ? "Japanese" : "English";
        const std::unique_ptr<LectureUi> ui = lecture();
        const CueList list = smallShippedLecture(::testing::TempDir() + "heatlab-cue-roofline");
        int cue = -1;
        for (std::size_t i = 0; i < list.cues.size() && cue < 0; ++i) {
            cue = list.cues[i].roofline ? static_cast<int>(i) : -1;
        }
        ASSERT_EQ(cue, 9) << "the shipped lecture's roofline is its cue 10";
        ui->setCues(list);
        frames(*ui, 2);
        while (ui->cues().index() < cue) {
            pressNextCue(*ui, [&] { frames(*ui, 1); });
            EXPECT_EQ(ui->rooflineOnField() != nullptr, ui->cues().index() == cue) << tongue;
        }
        // Its table to the end: simulated time times a row a frame.
        for (int i = 0; i < 400 && ui->measuringBandwidth(); ++i) {
            frames(*ui, 1);
        }
        frames(*ui, 2);
        const std::string when = tongue + ", " + ui->lectureReadouts().cue;
        ASSERT_FALSE(ui->measuringBandwidth()) << when;
        const RooflineOnField* shown = ui->rooflineOnField();
        ASSERT_NE(shown, nullptr) << when;
        const RooflineDrawn& drawn = shown->drawn;
        const ImVec4& plot = drawn.plot;
        EXPECT_GE(plot.x, 0.0f) << when;
        EXPECT_GE(plot.y, ui->overlays().leadNotice.bottom()) << when << ": under the caption";
        EXPECT_LE(plot.z, static_cast<float>(kWidth)) << when;
        EXPECT_LE(plot.w, static_cast<float>(kHeight)) << when;
        EXPECT_GE(plot.z - plot.x, kLargePlot) << when << ": the plot " << boxText(plot);
        EXPECT_GE(plot.w - plot.y, kLargePlot) << when << ": the plot " << boxText(plot);
        // Every kernel of the table a point, each named.
        ASSERT_GE(drawn.markers.size(), 4u) << when;
        expectEveryPointNamed(drawn, when);
        // The legend whole in the field's column, left of the panel, clear
        // of the axis's name.
        for (const ImVec4& line : drawn.legend) {
            EXPECT_LE(line.z, shown->area.x + shown->area.width) << when << " " << boxText(line);
            EXPECT_LE(line.w, shown->area.bottom()) << when << " " << boxText(line);
            EXPECT_FALSE(boxesOverlap(line, drawn.axisTitle))
                << when << ": a legend line " << boxText(line) << " over the axis's name";
        }
        // The next cue shows the field again.
        pressNextCue(*ui, [&] { frames(*ui, 1); });
        EXPECT_EQ(ui->rooflineOnField(), nullptr) << when;
    }
};

TEST_F(CueRoofline, IsLargeAndEveryPointNamedInEnglish) { walk(Language::English); }

TEST_F(CueRoofline, IsLargeAndEveryPointNamedInJapanese) { walk(Language::Japanese); }

}  // namespace
}  // namespace heatlab
