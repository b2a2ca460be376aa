// Presenter mode on a 1280 x 800 screen (a common projector): the lesson's
// essentials (Run / Pause, the r slider and its numbers, copy back, the
// readouts with steps a second, the frame-time bar with the ms a step, the
// stability meter) are drawn inside the screen, none below the fold, in the
// longest panel a lecture gives: past the bound (the verdict on two lines)
// on the CPU backend (its note under copy back), with the cue list playing
// (the caption and its buttons on top), and on a grid small enough that its
// own factor and the infinite grid's both show. The rectangles are ImGui's
// own, recorded by the panel (PanelLayout). In Japanese too, whose lines
// are wider: the same essentials in view, and no line of the panel wider
// than its column (ImGui's content width against the window's).

#include <memory>
#include <optional>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "app/i18n/translation.h"
#include "app/lecture/files/cue_list.h"
#include "app/render/offscreen_target.h"
#include "kernels/cpu/cpu_backend.h"
#include "tests/gl/presenter_fixture.h"

namespace heatlab {
namespace {

constexpr int kWidth = 1280;
constexpr int kHeight = 800;

// The shared presenter screen, on the lecture's own 512 x 512 grid.
class PresenterLayout : public PresenterFixture {
protected:
    PresenterLayout() { options.params.grid = GridSize{512, 512}; }
};

std::string describe(const PanelRect& r) {
    std::ostringstream text;
    text << "(" << r.left << ", " << r.top << ") - (" << r.right << ", " << r.bottom << ")"
         << (r.drawn ? "" : " not drawn");
    return text.str();
}

// Every essential drawn this frame, on the screen and in the panel's column:
// the lesson's, or at a cue about the copy back (`aboutTheCopy`) the
// frame's parts with their shares in the meter's place.
void expectOnScreen(const LectureUi& ui, const std::string& when, bool aboutTheCopy = false) {
    const float panelLeft = static_cast<float>(kWidth) - kPanelWidth * presenterScale(kHeight);
    const PanelLayout& layout = ui.panelLayout();
    struct Essential {
        const char* name;
        const PanelRect& rect;
    };
    const Essential essentials[] = {{"Run / Pause", layout.runButton},
                                    {"r slider", layout.rSlider},
                                    {"r numbers", layout.rNumbers},
                                    {"copy back", layout.copyBack},
                                    {"readouts (steps/s)", layout.readouts},
                                    {"frame-time bar, ms a step", layout.frameBar},
                                    aboutTheCopy
                                        ? Essential{"frame's shares", layout.frameLegend}
                                        : Essential{"stability meter", layout.stabilityMeter}};
    for (const auto& e : essentials) {
        const PanelRect& r = e.rect;
        EXPECT_TRUE(r.drawn) << when << ": " << e.name;
        EXPECT_LT(r.top, r.bottom) << when << ": " << e.name << " " << describe(r);
        EXPECT_GE(r.top, 0.0f) << when << ": " << e.name << " " << describe(r);
        EXPECT_LE(r.bottom, static_cast<float>(kHeight))
            << when << ": " << e.name << " below the fold " << describe(r);
        EXPECT_GE(r.left, panelLeft) << when << ": " << e.name << " " << describe(r);
        EXPECT_LE(r.right, static_cast<float>(kWidth))
            << when << ": " << e.name << " " << describe(r);
    }
}

// The panel's window: nothing submitted to it wider than its column, so
// no line runs past its right edge (where the window would cut it).
void expectNothingCutOnTheRight(const std::string& when) {
    const ImGuiContext& g = *ImGui::GetCurrentContext();
    const ImGuiWindow* panel = nullptr;
    for (const ImGuiWindow* window : g.Windows) {
        if (std::string(window->Name).rfind("heatlab", 0) == 0) {
            panel = window;
        }
    }
    ASSERT_NE(panel, nullptr) << when << ": no panel window";
    const float column = panel->ContentRegionRect.GetWidth();
    EXPECT_LE(panel->ContentSize.x, column + 0.5f)
        << when << ": an item of the panel is " << panel->ContentSize.x << " wide in a column of "
        << column;
}

// The words in Japanese for the test's life.
class InJapanese {
public:
    InJapanese() { setLanguage(Language::Japanese); }
    ~InJapanese() { setLanguage(Language::English); }
    InJapanese(const InJapanese&) = delete;
    InJapanese& operator=(const InJapanese&) = delete;
};

TEST_F(PresenterLayout, TheEssentialsFitInJapaneseWithNothingCut) {
    const InJapanese japanese;
    {
        options.params.r = 0.26f;
        const std::unique_ptr<LectureUi> ui = lecture();
        frames(*ui, 30);
        expectOnScreen(*ui, "Japanese, r = 0.26 on 512");
        expectNothingCutOnTheRight("Japanese, r = 0.26 on 512");
    }
    options.params.r = 0.24f;
    const std::unique_ptr<LectureUi> ui = lecture();
    ui->setCues(readCues("lecture"));
    frames(*ui, 2);
    for (int cue = 2; cue <= ui->cues().count(); ++cue) {
        pressNextCue(*ui, [&] { frames(*ui, 1); });
        frames(*ui, 20);
        // The essentials where the English test looks for them: the cue
        // with the longest caption on top. (A later cue that asks for a
        // section scrolls the panel to it, past them, in English too.)
        if (cue == 3) {
            expectOnScreen(*ui, ui->lectureReadouts().cue);
        }
        // While split too: the narrow panel's A/B section (its combos as
        // wide as their longest choice, their labels above them there).
        expectNothingCutOnTheRight(ui->lectureReadouts().cue);
    }
}

TEST_F(PresenterLayout, TheEssentialsFitPastTheBound) {
    options.params.r = 0.26f;
    const std::unique_ptr<LectureUi> ui = lecture();
    frames(*ui, 30);
    ASSERT_TRUE(ui->readouts().breakdown.has_value());
    ASSERT_GE(ui->readouts().stability.steps().size(), 2u);
    expectOnScreen(*ui, "r = 0.26 on 512");
}

TEST_F(PresenterLayout, TheEssentialsFitWhileTheShippedLecturePlays) {
    const std::unique_ptr<LectureUi> ui = lecture();
    ui->setCues(readCues("lecture"));
    frames(*ui, 2);
    // Cue 3: the explosion at 0.26, its caption the longest on top.
    ui->onKey(Key::PageDown, false);
    frames(*ui, 1);
    ui->onKey(Key::PageDown, false);
    frames(*ui, 30);
    ASSERT_EQ(ui->lectureReadouts().cue.rfind("cue 3 of ", 0), 0u) << ui->lectureReadouts().cue;
    ASSERT_EQ(ui->simulation().params().r, 0.26f);
    expectOnScreen(*ui, ui->lectureReadouts().cue);
}

// The panel follows the cue: a cue that sets the display path shows the
// Display section, scrolled into view; one that asks for the bandwidth
// table shows that instead.
TEST_F(PresenterLayout, ADisplayPathCueShowsTheDisplaySection) {
    const std::unique_ptr<LectureUi> ui = lecture();
    ui->setCues(parseCues(R"({"heatlab_cues": 1, "cues": [{"caption": "first"},
        {"caption": "via host: every frame's field crosses the bus and back",
         "display_path": "via-host"}]})",
                          "display.json"));
    frames(*ui, 2);
    EXPECT_FALSE(ui->panelLayout().displayPath.drawn) << "folded until a cue names it";
    ui->onKey(Key::PageDown, false);
    frames(*ui, 3);
    const PanelRect& r = ui->panelLayout().displayPath;
    ASSERT_TRUE(r.drawn);
    EXPECT_GE(r.top, 0.0f) << describe(r);
    EXPECT_LE(r.top, static_cast<float>(kHeight) / 2) << "scrolled into view: " << describe(r);
}

bool overlaps(const OverlayBand& a, const OverlayBand& b) {
    return !a.empty() && !b.empty() && a.x < b.x + b.width && b.x < a.x + a.width &&
           a.y < b.bottom() && b.y < a.bottom();
}

// No notice of the last frame over the centre of any pane's grid.
void expectCentresClear(LectureUi& ui, const std::string& when) {
    for (std::size_t i = 0; i < ui.paneCount(); ++i) {
        const Pane& pane = ui.pane(i);
        const ColourBar::Place grid = pane.barPlace(std::nullopt);
        const float x = 0.5f * static_cast<float>(grid.gridLeft + grid.gridRight);
        const float y =
            static_cast<float>(pane.rect().top) + 0.5f * static_cast<float>(pane.rect().height);
        for (const OverlayBand& n : ui.overlays().notices) {
            EXPECT_FALSE(!n.empty() && n.x <= x && x <= n.x + n.width && n.y <= y &&
                         y <= n.bottom())
                << when << ": a notice over pane " << i << "'s centre";
        }
    }
}

// Inside the screen, in the panel's column, its top in the upper half: in
// view without a scroll.
void expectInView(const PanelRect& r, const std::string& what, bool whole) {
    EXPECT_TRUE(r.drawn) << what << " not drawn";
    EXPECT_GE(r.top, 0.0f) << what << " " << describe(r);
    EXPECT_LE(r.top, static_cast<float>(kHeight) / 2) << what << " scrolled to " << describe(r);
    if (whole) {
        EXPECT_LE(r.bottom, static_cast<float>(kHeight)) << what << " " << describe(r);
    }
}

// The shipped lecture played cue by cue with the clicker, as a class sees
// it at 1280 x 800: each cue names what of the panel its caption speaks of
// ("panel"), and that is what the panel shows, in view, with the other
// sections folded (the bandwidth table left open by cue 10 no longer fills
// the panel at the A/B cues).
TEST_F(PresenterLayout, EachShippedCueShowsWhatItsCaptionNames) {
    const std::unique_ptr<LectureUi> ui = lecture();
    const CueList list = readCues("lecture");
    ui->setCues(list);
    frames(*ui, 2);
    for (int cue = 0; cue < static_cast<int>(list.cues.size()); ++cue) {
        if (cue > 0) {
            pressNextCue(*ui, [&] { frames(*ui, 1); });
        }
        frames(*ui, 4);
        const std::string when = ui->lectureReadouts().cue;
        ASSERT_EQ(ui->cues().index(), cue) << when;
        const std::optional<PanelFocus>& focus = list.cues[static_cast<std::size_t>(cue)].panel;
        ASSERT_TRUE(focus) << when << ": a shipped cue names what of the panel it is about";
        const PanelLayout& l = ui->panelLayout();
        switch (*focus) {
        case PanelFocus::Lesson: expectOnScreen(*ui, when); break;
        case PanelFocus::CopyBack: expectOnScreen(*ui, when, true); break;
        case PanelFocus::Display:
            expectInView(l.displayPath, when + ": display path", true);
            expectInView(l.displayFrame, when + ": the frame's display share", true);
            break;
        case PanelFocus::Bandwidth:
            expectInView(l.bandwidthTable, when + ": bandwidth table", false);
            break;
        case PanelFocus::Accuracy: expectInView(l.accuracy, when + ": accuracy", false); break;
        case PanelFocus::Comparison: expectInView(l.comparison, when + ": A/B", false); break;
        case PanelFocus::Kernel: expectInView(l.kernelFiles, when + ": your kernel", false); break;
        }
        EXPECT_EQ(l.bandwidthTable.drawn, *focus == PanelFocus::Bandwidth) << when << ": folded";
        EXPECT_EQ(l.displayPath.drawn, *focus == PanelFocus::Display) << when << ": folded";
        EXPECT_EQ(l.accuracy.drawn, *focus == PanelFocus::Accuracy) << when << ": folded";
        EXPECT_EQ(l.comparison.drawn, *focus == PanelFocus::Comparison) << when << ": folded";
        expectCentresClear(*ui, when);
    }
}

// The shipped lecture's A/B cues at 1280 x 800: the panel narrows to the
// split's own controls, each pane's grid is 480 pixels across or more, its
// label sits in the band above its grid, and no notice covers a label or
// a grid's centre.
TEST_F(PresenterLayout, TheSplitGivesEachGridRoomAndItsLabelABandOfItsOwn) {
    const std::unique_ptr<LectureUi> ui = lecture();
    const CueList list = readCues("lecture");
    ui->setCues(list);
    frames(*ui, 2);
    int splitCues = 0;
    for (int cue = 1; cue < static_cast<int>(list.cues.size()); ++cue) {
        pressNextCue(*ui, [&] { frames(*ui, 1); });
        frames(*ui, 4);
        if (ui->paneCount() < 2) {
            continue;
        }
        ++splitCues;
        const std::string when = ui->lectureReadouts().cue;
        const float panelLeft =
            static_cast<float>(kWidth) - kSplitPresenterPanelWidth * presenterScale(kHeight);
        EXPECT_LE(kSplitPresenterPanelWidth * presenterScale(kHeight), 300.0f);
        EXPECT_GE(ui->panelLayout().comparison.left, panelLeft) << when;
        const OverlaysDrawn& drawn = ui->overlays();
        ASSERT_EQ(drawn.labels.size(), 2u) << when;
        expectCentresClear(*ui, when);
        for (std::size_t i = 0; i < 2; ++i) {
            const Pane& pane = ui->pane(i);
            const ColourBar::Place grid = pane.barPlace(std::nullopt);
            EXPECT_GE(grid.gridRight - grid.gridLeft, 480) << when << ": pane " << i;
            EXPECT_LE(static_cast<float>(grid.gridRight), panelLeft) << when << ": pane " << i;
            const OverlayBand& label = drawn.labels[i];
            EXPECT_LE(label.bottom(), static_cast<float>(pane.rect().top))
                << when << ": pane " << i << "'s label over its grid";
            for (const OverlayBand& notice : drawn.notices) {
                EXPECT_FALSE(overlaps(notice, label)) << when << ": a notice over a label";
            }
        }
    }
    EXPECT_EQ(splitCues, 2) << "the shipped lecture's two A/B cues";
}

TEST_F(PresenterLayout, TheEssentialsFitOnASmallGridWithBothFactorsShown) {
    options.params.grid = GridSize{16, 16};
    options.params.r = 0.26f;
    const std::unique_ptr<LectureUi> ui = lecture();
    ui->setCues(parseCues(R"({"heatlab_cues": 1, "cues": [
        {"caption": "r = 0.26 on 16 x 16: this grid's own factor and bound beside the infinite grid's",
         "r": 0.26}]})",
                          "small.json"));
    frames(*ui, 30);
    expectOnScreen(*ui, "r = 0.26 on 16 x 16, a cue playing");
}

// Every section of the panel unfolded (the ones a lecture never opens by
// itself too: Grid, Brush, Scene), in English and in Japanese, presenter
// mode on and off: no line of it runs past the column. (The Japanese
// brush radius's label once did.)
TEST_F(PresenterLayout, EverySectionUnfoldedFitsItsColumnInEitherLanguage) {
    const char* const sections[] = {"Pace, backend, kernel, exact r",
                                    "Simulation",
                                    "Copy back to the host (C)",
                                    "Measured",
                                    "Bandwidth: the bench's table on this grid",
                                    "Accuracy: the exact solution",
                                    "Grid",
                                    "Display",
                                    "Brush (left hot, right cold)",
                                    "Scene"};
    for (const Language language : {Language::English, Language::Japanese}) {
        setLanguage(language);
        for (const bool presenter : {true, false}) {
            options.presenter = presenter;
            const std::unique_ptr<LectureUi> ui = lecture();
            frames(*ui, 2);
            ImGuiWindow* panel = nullptr;
            for (ImGuiWindow* window : ImGui::GetCurrentContext()->Windows) {
                if (std::string(window->Name).rfind("heatlab", 0) == 0) {
                    panel = window;
                }
            }
            ASSERT_NE(panel, nullptr);
            // A section's ID is its English title after ###
            // (app/ui/panel/panel.cpp).
            for (const char* title : sections) {
                panel->StateStorage.SetInt(panel->GetID((std::string("###") + title).c_str()), 1);
            }
            frames(*ui, 3);
            expectNothingCutOnTheRight(
                std::string(language == Language::Japanese ? "Japanese" : "English") +
                (presenter ? ", presenter" : ", not presenter"));
        }
    }
    setLanguage(Language::English);
}

}  // namespace
}  // namespace heatlab
