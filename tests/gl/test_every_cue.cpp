// Every shipped cue as a class sees it: the shipped lecture played with
// the clicker's Page Down (and once more where a cue says it still runs)
// at 1280 x 800 in presenter mode, in English and in Japanese, a few
// frames a cue on a small grid (the shipped scenes' grids made 64 a side,
// their cues as shipped). At each cue: its caption drawn whole (the lines
// drawn join back to the caption's text: no character dropped, no "..."
// added), every notice on the field whole and inside the window, a pause's
// and a refusal's notice too (raised through LectureUi::sayNotice(), pane
// B's over pane B while split), and the part of the panel the cue names in
// the window.

#include <algorithm>
#include <cctype>
#include <memory>
#include <optional>
#include <string>

#include <gtest/gtest.h>

#include "app/lecture/files/cue_list.h"
#include "app/lecture/run/explosion_pace.h"
#include "tests/gl/presenter_fixture.h"
#include "tests/gl/small_lecture.h"

namespace heatlab {
namespace {

// `text` without its spaces and line breaks: what wrapping may change.
std::string withoutSpaces(const std::string& text) {
    std::string out;
    for (const char c : text) {
        if (c != ' ' && c != '\n') {
            out += c;
        }
    }
    return out;
}

std::string describe(const PanelRect& r) {
    return "(" + std::to_string(r.left) + ", " + std::to_string(r.top) + ") - (" +
           std::to_string(r.right) + ", " + std::to_string(r.bottom) + ")" +
           (r.drawn ? "" : " not drawn");
}

class EveryCue : public PresenterFixture {
protected:
    CueList smallLecture() {
        return smallShippedLecture(::testing::TempDir() + "heatlab-every-cue");
    }

    // Every notice the last frame drew: whole, inside the window.
    void expectNoticesWhole(const LectureUi& ui, const std::string& when) {
        for (const DrawnNotice& notice : ui.overlays().texts) {
            EXPECT_EQ(withoutSpaces(notice.lines), withoutSpaces(notice.text))
                << when << ": a notice drawn cut:\n"
                << notice.lines;
            const OverlayBand& b = notice.band;
            EXPECT_GE(b.x, 0.0f) << when << ": " << notice.text;
            EXPECT_GE(b.y, 0.0f) << when << ": " << notice.text;
            EXPECT_LE(b.x + b.width, static_cast<float>(kWidth)) << when << ": " << notice.text;
            EXPECT_LE(b.bottom(), static_cast<float>(kHeight)) << when << ": " << notice.text;
        }
    }

    // The cue's caption among them.
    void expectCaptionDrawn(const LectureUi& ui, const std::string& when) {
        const std::string& caption = ui.lectureReadouts().cue;
        const auto& texts = ui.overlays().texts;
        EXPECT_TRUE(std::any_of(texts.begin(), texts.end(),
                                [&](const DrawnNotice& n) { return n.text == caption; }))
            << when << ": the caption not on the field";
    }

    // Inside the window.
    static void expectInWindow(const PanelRect& r, const std::string& what) {
        EXPECT_TRUE(r.drawn) << what << " not drawn";
        EXPECT_GE(r.top, 0.0f) << what << " " << describe(r);
        EXPECT_LE(r.bottom, static_cast<float>(kHeight)) << what << " " << describe(r);
        EXPECT_LE(r.right, static_cast<float>(kWidth)) << what << " " << describe(r);
    }

    static void expectTopInView(const PanelRect& r, const std::string& what) {
        EXPECT_TRUE(r.drawn) << what << " not drawn";
        EXPECT_GE(r.top, 0.0f) << what << " " << describe(r);
        EXPECT_LE(r.top, static_cast<float>(kHeight) / 2) << what << " " << describe(r);
    }

    // The part of the panel the cue's "panel" names.
    void expectItsPartInView(const LectureUi& ui, PanelFocus focus, const std::string& when) {
        const PanelLayout& l = ui.panelLayout();
        switch (focus) {
        case PanelFocus::Lesson:
            for (const PanelRect* r : {&l.runButton, &l.rSlider, &l.rNumbers, &l.frameBar}) {
                expectInWindow(*r, when + ": the lesson");
            }
            break;
        case PanelFocus::CopyBack:
            expectInWindow(l.copyBack, when + ": copy back");
            expectInWindow(l.readouts, when + ": steps/s and GB/s");
            expectInWindow(l.frameLegend, when + ": the frame's copy share");
            break;
        case PanelFocus::Display:
            expectInWindow(l.displayPath, when + ": the display path");
            expectInWindow(l.displayFrame, when + ": the frame's display share");
            break;
        // A section that grows as it measures or as the panes run: its top
        // in the upper half, in view without a scroll.
        case PanelFocus::Comparison: expectTopInView(l.comparison, when + ": A/B"); break;
        case PanelFocus::Accuracy: expectTopInView(l.accuracy, when + ": accuracy"); break;
        case PanelFocus::Bandwidth: expectTopInView(l.bandwidthTable, when + ": the table"); break;
        case PanelFocus::Kernel: expectTopInView(l.kernelFiles, when + ": your kernel"); break;
        }
    }

    void walk(Language language) {
        setLanguage(language);
        const std::string tongue = language == Language::Japanese ? "Japanese" : "English";
        const std::unique_ptr<LectureUi> ui = lecture();
        const CueList list = smallLecture();
        ui->setCues(list);
        frames(*ui, 2);
        for (int cue = 0; cue < static_cast<int>(list.cues.size()); ++cue) {
            if (cue > 0) {
                // Each frame Page Down draws: a "still running" is whole too.
                pressNextCue(*ui, [&] {
                    frames(*ui, 1);
                    expectNoticesWhole(*ui, tongue + ", Page Down");
                });
            }
            frames(*ui, 3);
            const std::string when = tongue + ", " + ui->lectureReadouts().cue;
            ASSERT_EQ(ui->cues().index(), cue) << when;
            expectCaptionDrawn(*ui, when);
            expectNoticesWhole(*ui, when);
            expectItsPartInView(*ui, list.cues[static_cast<std::size_t>(cue)].panel.value(), when);
            // The pause before overflow and Run's refusal there, of pane B
            // while split, at this cue.
            ui->settings().running = false;
            const Notice pause = explosionPause(1019, -1.08, 0.26, 9.3e29);
            const Notice refusal = cannotGoOnPastPause(-1.08);
            ui->sayNotice(ui->paneCount() > 1 ? pause.ofPane("B") : pause);
            ui->sayNotice(ui->paneCount() > 1 ? refusal.ofPane("B") : refusal);
            frames(*ui, 1);
            EXPECT_GE(ui->overlays().texts.size(), 2u) << when;
            expectNoticesWhole(*ui, when + ", paused");
            expectItsPartInView(*ui, list.cues[static_cast<std::size_t>(cue)].panel.value(),
                                when + ", paused");
        }
    }
};

TEST_F(EveryCue, EachShippedCueIsWholeAndInViewInEnglish) { walk(Language::English); }

TEST_F(EveryCue, EachShippedCueIsWholeAndInViewInJapanese) { walk(Language::Japanese); }

}  // namespace
}  // namespace heatlab
