// Under --lang ja no English word where the class reads: every text the
// panel draws (ImGui's own log of it, with every section unfolded, which
// logging does), the notices on the field as drawn, the panes' labels,
// the key help and the bandwidth table's roofline, in the states a lecture
// passes through: the shipped lecture cue by cue in presenter mode (the
// split, halve h, a cue still running), the explosion's pause with Run, N
// and a screenshot there, pane B's pause, the bandwidth table measured,
// and the whole panel out of presenter mode. A word is a run of two or
// more Latin letters (hyphens inside it); one of the few kept on purpose
// below passes, each saying why; a file's name, a path and an option pass
// whole. An English string copied into the catalogue shows English here,
// and fails.

#include <algorithm>
#include <cctype>
#include <map>
#include <memory>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/lecture/files/cue_list.h"
#include "app/lecture/input/key_commands.h"
#include "app/ui/panel/bandwidth_table.h"
#include "tests/gl/presenter_fixture.h"

namespace heatlab {
namespace {

// The words a Japanese screen keeps in Latin letters, and why.
struct Kept {
    const char* word;
    const char* why;
};
const Kept kKept[] = {
    {"ms", "a unit (milliseconds), written so in Japanese"},
    {"GB", "a unit (GB/s), written so in Japanese"},
    {"GiB", "a unit, written so in Japanese"},
    {"MiB", "a unit, written so in Japanese"},
    {"GFLOP", "a unit (GFLOP/s), written so in Japanese"},
    {"fps", "a unit (frames a second), written so in Japanese"},
    {"cpu", "a backend's name, as --backend and the bench call it"},
    {"cuda", "a backend's name, as --backend and the bench call it"},
    {"CPU", "the processor, written so in Japanese"},
    {"GPU", "the processor, written so in Japanese"},
    {"CUDA", "NVIDIA's platform, a name"},
    {"GL", "OpenGL, a name"},
    {"memcpy", "the C library's function: the copy the CPU does"},
    {"global", "a kernel's name, as the bench and --kernel call it"},
    {"tiled", "a kernel's name, as the bench and --kernel call it"},
    {"three-pass", "a kernel's name, as the bench and --kernel call it"},
    {"optimised", "a kernel's name, as the bench and --kernel call it"},
    {"temporal", "a kernel's name, as the bench and --kernel call it"},
    {"max", "max |u|: the slides' formula"},
    {"log", "log10 in the signed-log scale's formula"},
    {"sign", "sign(u) in the signed-log scale's formula"},
    {"alpha", "alpha t, the physical time: the slides' symbol"},
    {"Page", "Page Down / Page Up: a key's name, as keyboards and clickers print it"},
    {"Down", "Page Down, Down: a key's name, as keyboards print it"},
    {"Up", "Page Up, Up: a key's name, as keyboards print it"},
    {"Space", "a key's name, as keyboards print it"},
    {"Ctrl", "a key's name, as keyboards print it"},
    {"Esc", "a key's name, as keyboards print it"},
    {"Enter", "a key's name, as keyboards print it"},
    {"heatlab", "the program's name"},
};

bool kept(const std::string& word) {
    return std::any_of(std::begin(kKept), std::end(kKept),
                       [&word](const Kept& k) { return word == k.word; });
}

// A file's name, a path or an option (heatlab's --lang; a compiler's
// -fPIC, -std=c++17, as the panel shows what built a class kernel):
// passes whole.
bool nameOfAFile(const std::string& token) {
    static const std::regex file(R"(\.[A-Za-z0-9]{2,4}\b)");
    const bool option =
        token.rfind("--", 0) == 0 || (token.size() > 1 && token[0] == '-' &&
                                      std::isalpha(static_cast<unsigned char>(token[1])) != 0);
    return token.find('_') != std::string::npos || token.find('/') == 0 || option ||
           token.find("://") != std::string::npos || std::regex_search(token, file);
}

// The English words of `text` outside the kept ones, each with its line.
std::vector<std::string> englishWords(const std::string& text) {
    static const std::regex word(R"([A-Za-z]+(?:-[A-Za-z]+)*)");
    std::vector<std::string> found;
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
        std::istringstream tokens(line);
        std::string token;
        static const std::regex option(R"(--[A-Za-z][A-Za-z0-9-]*)");
        while (tokens >> token) {
            if (nameOfAFile(token)) {
                continue;
            }
            token = std::regex_replace(token, option, " ");  // an option, within Japanese too
            for (auto it = std::sregex_iterator(token.begin(), token.end(), word);
                 it != std::sregex_iterator(); ++it) {
                const std::string w = it->str();
                if (w.size() >= 2 && !kept(w)) {
                    found.push_back(w + "  in: " + line);
                }
            }
        }
    }
    return found;
}

class LectureWords : public PresenterFixture {
protected:
    ~LectureWords() override { logPanelTextTo(nullptr); }  // a failed test's too

    // `count` frames' texts: the notices as drawn and the panes' labels of
    // each, the panel's of the last (ImGui sizes a table's columns from the
    // frame before: a table's first frame cuts its words anywhere).
    void look(LectureUi& ui, int count = 1) {
        for (int i = 0; i < count; ++i) {
            logPanelTextTo(i + 1 == count ? &log_ : nullptr);
            frames(ui, 1);
            for (const DrawnNotice& notice : ui.overlays().texts) {
                seen_ += notice.lines + "\n";
            }
            for (std::size_t p = 0; p < ui.paneCount(); ++p) {
                for (const std::string& line : ui.pane(p).labelLines(1)) {
                    seen_ += line + "\n";
                }
            }
        }
    }
    // Every word the screens showed, the machine's own names taken out
    // (the GL driver's words, the processor's name).
    std::vector<std::string> english(LectureUi& ui) {
        // The keys' help as the field shows it, folded and unfolded.
        std::string text = seen_ + log_ + tr(kKeyHelp) + "\n" + tr(kKeyHelpHint) + "\n";
        for (const std::string& own :
             {ui.lectureReadouts().gl, ui.simulation().backend().facts().device}) {
            // Word by word, wherever the panel broke its lines.
            std::string pattern;
            std::istringstream words(own);
            for (std::string w; words >> w;) {
                pattern += (pattern.empty() ? "" : "\\s+") +
                           std::regex_replace(w, std::regex(R"([.^$|()\[\]{}*+?\\])"), "\\$&");
            }
            if (!pattern.empty()) {
                text = std::regex_replace(text, std::regex(pattern), " ");
            }
        }
        return englishWords(text);
    }

    void expectNoEnglish(LectureUi& ui, const std::string& when) {
        // The panel's log was read: its Run / Pause button is in it.
        EXPECT_NE(log_.find(tr("Reset")), std::string::npos) << when << ": no panel logged";
        const std::vector<std::string> words = english(ui);
        std::set<std::string> shown;
        for (const std::string& w : words) {
            if (shown.insert(w.substr(0, w.find(' '))).second) {
                ADD_FAILURE() << when << ": English: " << w;
            }
        }
        seen_.clear();
        log_.clear();
    }

    std::string seen_;
    std::string log_;
};

TEST(LectureWordsCheck, FindsEnglishAndPassesWhatIsKept) {
    EXPECT_EQ(englishWords("ステップ/秒 0.5 ms, max |u| 1e30, x1.08, r = 0.26").size(), 0u);
    EXPECT_EQ(englishWords("保存: heatlab_optimised_r0.26.png, --lang=ja, /tmp/a").size(), 0u);
    EXPECT_EQ(englishWords("次のキュー（--cues）").size(), 0u);
    EXPECT_EQ(englishWords("c++ -std=c++17 -O3 -fPIC -fmax-errors=20").size(), 0u);
    EXPECT_EQ(englishWords("ピン留め pinned を計時中").size(), 1u);
    EXPECT_EQ(englishWords("steps/s").size(), 1u);
    EXPECT_EQ(englishWords("via-host").size(), 1u);
}

TEST_F(LectureWords, TheShippedLectureShowsNoEnglishWordInJapanese) {
    setLanguage(Language::Japanese);
    const std::unique_ptr<LectureUi> ui = lecture();
    ui->setCues(readCues("lecture"));
    look(*ui, 2);
    for (int cue = 1; cue < ui->cues().count(); ++cue) {
        if (cue == 3) {
            // The explosion still on its way: the first press says so.
            ui->onKey(Key::PageDown, false);
            look(*ui);
            ASSERT_TRUE(ui->cues().toldStillRunning()) << ui->lectureReadouts().cue;
        }
        pressNextCue(*ui, [&] { look(*ui); });
        look(*ui, 3);
    }
    ui->onKey(Key::F1, false);  // every key's line
    look(*ui);
    ui->onKey(Key::PageDown, false);  // past the last: the end said
    look(*ui);
    expectNoEnglish(*ui, "the shipped lecture");
}

TEST_F(LectureWords, ThePausesTheTableAndThePanelShowNoEnglishWordInJapanese) {
    setLanguage(Language::Japanese);
    // The explosion to its pause; Run, N and a screenshot there.
    options.params.r = 0.26f;
    options.stepsPerFrame = 200;
    options.explosionDecadesPerSecond = 0.0;
    options.pace = Pace::FixedSteps;
    {
        const std::unique_ptr<LectureUi> ui = lecture();
        for (int i = 0; i < 60 && ui->settings().running; ++i) {
            look(*ui);
        }
        ASSERT_FALSE(ui->settings().running);
        ui->settings().running = true;
        look(*ui);
        ui->onKey(Key::N, false);
        look(*ui);
        ui->onKey(Key::P, false);  // a screenshot
        look(*ui, 2);
        expectNoEnglish(*ui, "the explosion's pause");
    }
    // Pane B's pause, then the bandwidth table measured to its end with
    // its roofline, and the whole panel out of presenter mode.
    options.params.r = 0.24f;
    options.comparison.split = true;
    options.comparison.b.r = 0.26f;
    const std::unique_ptr<LectureUi> ui = lecture();
    for (int i = 0; i < 60 && ui->settings().running; ++i) {
        look(*ui);
    }
    ASSERT_FALSE(ui->settings().running);
    ui->onKey(Key::B, false);  // one pane again
    look(*ui);
    ui->measureBandwidth();
    look(*ui, 3);  // measuring: its progress and the row it times
    for (int i = 0; i < 40 && ui->measuringBandwidth(); ++i) {
        frames(*ui, 1);
    }
    ASSERT_FALSE(ui->measuringBandwidth());
    look(*ui, 2);
    const BandwidthSurvey& survey = *ui->lectureReadouts().bandwidth;
    const Roofline roofline = liveRoofline(survey, ui->readouts().roofline);
    seen_ += roofline.title + "\n";
    for (const Roof& roof : roofline.roofs) {
        seen_ += roof.name + "\n";
    }
    for (const RooflinePoint& point : roofline.points) {
        seen_ += point.label + "\n";
    }
    ui->settings().presenter = false;
    look(*ui, 3);
    expectNoEnglish(*ui, "pane B's pause, the table, the whole panel");
}

}  // namespace
}  // namespace heatlab
