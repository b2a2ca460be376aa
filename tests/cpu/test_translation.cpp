// The words in Japanese (app/i18n): every string marked for translation
// (the template xgettext collects from the code at build time) has a
// Japanese entry, with the English's printf directives in the same order,
// and none left in English but the few alike in both; the lecture's terms
// are the slides'; --lang and the locale choose the language, and a
// command-line error in Japanese still exits 2.

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "app/i18n/message_text.h"
#include "app/i18n/terminal_locale.h"
#include "app/i18n/translation.h"
#include "app/measure/measure_words.h"
#include "tests/support/run_command.h"
#include "tests/support/scoped_env.h"

namespace heatlab {
namespace {

struct Message {
    std::string english;
    bool format = false;  // xgettext saw printf directives (a "c-format" flag)
};

// The template's messages (msgid), escapes undone; the header's empty one
// left out.
std::vector<Message> templateEntries() {
    std::ifstream in(HEATLAB_POT);
    EXPECT_TRUE(in) << HEATLAB_POT;
    std::vector<Message> messages;
    std::string line;
    std::string current;
    bool inId = false;
    bool format = false;
    const auto unquote = [](const std::string& quoted) {
        std::string text;
        for (std::size_t i = quoted.find('"') + 1; i + 1 < quoted.size(); ++i) {
            if (quoted[i] == '\\' && i + 2 < quoted.size()) {
                const char next = quoted[++i];
                text += next == 'n' ? '\n' : next == 't' ? '\t' : next;
            } else {
                text += quoted[i];
            }
        }
        return text;
    };
    while (std::getline(in, line)) {
        if (line.rfind("#,", 0) == 0) {
            format = line.find(" c-format") != std::string::npos;
        } else if (line.rfind("msgid ", 0) == 0) {
            inId = true;
            current = unquote(line.substr(6));
        } else if (inId && !line.empty() && line[0] == '"') {
            current += unquote(line);
        } else if (inId) {
            inId = false;
            if (!current.empty()) {
                messages.push_back({current, format});
            }
            format = false;
        }
    }
    return messages;
}

std::vector<std::string> templateMessages() {
    std::vector<std::string> english;
    for (const Message& message : templateEntries()) {
        english.push_back(message.english);
    }
    return english;
}

// The printf directives of a format, in order: "%d", "%.4f", "%lld".
std::vector<std::string> directives(const std::string& text) {
    static const std::regex directive(
        R"(%[-+ #0]*[0-9]*(\.[0-9]+)?(hh|h|ll|l|z)?[diouxXfFeEgGcsp%])");
    std::vector<std::string> found;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), directive);
         it != std::sregex_iterator(); ++it) {
        found.push_back(it->str());
    }
    return found;
}

// Alike in both languages: formulas, a symbol.
const std::set<std::string> kSameInBoth = {"%s", "max |u|", "sign(u) log10(1 + |u| / u0)"};

class Japanese : public ::testing::Test {
protected:
    void SetUp() override { setLanguage(Language::Japanese); }
    void TearDown() override { setLanguage(Language::English); }
};

TEST_F(Japanese, EveryMarkedStringHasAJapaneseEntry) {
    const std::vector<std::string> messages = templateMessages();
    ASSERT_GT(messages.size(), 100u) << "the template holds too few messages: " << HEATLAB_POT;
    for (const std::string& english : messages) {
        const std::string japanese = tr(english.c_str());
        if (kSameInBoth.count(english) == 0) {
            EXPECT_NE(japanese, english) << "no Japanese for: " << english;
        }
    }
}

// (A label with a '%' that is no directive, "radius, % of the grid", is
// marked no-c-format in the code and left out.)
TEST_F(Japanese, EachTranslationHasTheEnglishsDirectivesInOrder) {
    int formats = 0;
    for (const Message& message : templateEntries()) {
        if (message.format) {
            ++formats;
            EXPECT_EQ(directives(tr(message.english.c_str())), directives(message.english))
                << message.english;
        }
    }
    EXPECT_GT(formats, 10);
}

// The lecture's words as its slides write them: wherever the English says
// the term, the Japanese says the slides' word for it.
TEST_F(Japanese, TheNumericsWordsAreTheSlides) {
    const std::vector<std::pair<std::string, std::string>> glossary = {
        {"finite difference", "差分法"},
        {"central difference", "中心差分"},
        {"forward difference", "前進差分"},
        {"diffusion equation", "拡散方程式"},
        {"partial differential equation", "偏微分方程式"},
        {"diffusion coefficient", "拡散係数"},
        {"grid spacing", "格子間隔"},
        {"time step", "計算時間間隔"},
        {"boundary", "境界条件"},
        {"initial", "初期条件"},
        {"stability condition", "安定条件"},
        {"stability", "安定性"},
        {"shared memory", "共有メモリ"},
        {"thread", "スレッド"},
        {"block", "ブロック"},
        {"heat conduction", "熱伝導"},
        {"checkerboard", "市松模様"},
    };
    int checked = 0;
    for (const std::string& english : templateMessages()) {
        std::string lower = english;
        for (char& c : lower) {
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        }
        for (const auto& [term, word] : glossary) {
            const std::regex whole("\\b" + term + "s?\\b");
            if (std::regex_search(lower, whole)) {
                ++checked;
                EXPECT_NE(std::string(tr(english.c_str())).find(word), std::string::npos)
                    << "\"" << english << "\" says " << term << ": its Japanese should say "
                    << word;
            }
        }
    }
    EXPECT_GT(checked, 5);
}

TEST(Translation, LangAndTheLocaleChooseTheLanguage) {
    const ScopedEnv noLanguage("LANGUAGE", "");
    const ScopedEnv noAll("LC_ALL", "");
    const ScopedEnv noMessages("LC_MESSAGES", "");
    const std::string japaneseHelp = "表示の言語";
    {
        const ScopedEnv english("LANG", "C.UTF-8");
        EXPECT_EQ(runHeatlab("shot --help").out.find(japaneseHelp), std::string::npos);
        EXPECT_NE(runHeatlab("shot --lang ja --help").out.find(japaneseHelp), std::string::npos);
        EXPECT_NE(runHeatlab("shot --lang=ja --help").out.find(japaneseHelp), std::string::npos);
    }
    {
        const ScopedEnv japanese("LANG", "ja_JP.UTF-8");
        EXPECT_NE(runHeatlab("shot --help").out.find(japaneseHelp), std::string::npos);
        EXPECT_EQ(runHeatlab("shot --lang en --help").out.find(japaneseHelp), std::string::npos);
    }
}

TEST(Translation, ACommandLineErrorInJapaneseStillExitsTwo) {
    const ScopedEnv japanese("LANGUAGE", "ja");
    const CommandResult refused = runHeatlab("shot --lang=xx");
    EXPECT_EQ(refused.status, 2);
    EXPECT_NE(refused.err.find("'xx' は使える言語ではありません"), std::string::npos)
        << refused.err;
    EXPECT_EQ(refused.err.find('\n'), refused.err.size() - 1) << "one line: " << refused.err;
}

// The command line in Japanese: the help's headings and options, and the
// mistakes a user makes first, each one translated line and exit status 2.
TEST(Translation, TheCommandLinesHelpAndErrorsAreJapanese) {
    const CommandResult help = runHeatlab("bench --lang ja --help");
    EXPECT_EQ(help.status, 0);
    for (const char* japanese :
         {"使い方", "オプション", "境界条件", "初期条件", "表 3 の r の値"}) {
        EXPECT_NE(help.out.find(japanese), std::string::npos) << japanese << "\n" << help.out;
    }
    const std::pair<const char*, const char*> mistakes[] = {
        {"shot --lang ja --grid 2", "格子 2 は範囲外"},
        {"shot --lang ja --r 0.3x", "r は"},
        {"shot --lang ja --steps 5 --steps 6", "が 2 回指定された"},
        {"shoot --lang ja", "不明なコマンド 'shoot'"},
        {"shot --lang ja --kernel fast", "は次のどれでもない"},
        {"--lang ja --scene a.json --grid 64", "と一緒に指定できない"},
        {"shot --lang ja --every 3", "--every は --record DIR か --video FILE.mp4"},
    };
    for (const auto& [line, japanese] : mistakes) {
        const CommandResult refused = runHeatlab(line);
        EXPECT_EQ(refused.status, 2) << line << ": " << refused.err;
        EXPECT_NE(refused.err.find(japanese), std::string::npos) << line << ": " << refused.err;
        EXPECT_EQ(refused.err.find('\n'), refused.err.size() - 1) << "one line: " << refused.err;
    }
}

// A terminal whose locale names a codeset other than UTF-8 would show
// Japanese as unreadable bytes: it gets English and one line saying why,
// with or without --lang ja; a UTF-8 locale, or none (C), keeps Japanese.
TEST(Translation, ANonUtf8LocaleGetsEnglishOnTheTerminalAndOneLineSayingWhy) {
    const ScopedEnv noLanguage("LANGUAGE", "");
    const ScopedEnv noAll("LC_ALL", "");
    const ScopedEnv noCharacters("LC_CTYPE", "");
    const ScopedEnv noMessages("LC_MESSAGES", "");
    for (const char* locale : {"ja_JP", "ja_JP.eucJP", "ja_JP.SJIS", "ja_JP.EUC-JP@x"}) {
        const ScopedEnv legacy("LANG", locale);
        for (const char* args : {"shot --grid 2", "shot --lang ja --grid 2"}) {
            const CommandResult refused = runHeatlab(args);
            EXPECT_EQ(refused.status, 2) << locale << " " << args;
            EXPECT_EQ(refused.err,
                      "heatlab: this terminal's locale (LANG=" + std::string(locale) +
                          ") is not UTF-8, so heatlab writes English here; the window, the "
                          "pictures and the page stay Japanese (LANG=ja_JP.UTF-8 for Japanese "
                          "here too)\n"
                          "heatlab: --grid: grid 2 is out of range: expected N or NXxNY with 3 "
                          "<= side <= 65536 (e.g. 2048 or 4096x1024)\n")
                << locale << " " << args;
        }
        const CommandResult help = runHeatlab("bench --help");
        EXPECT_NE(help.out.find("Usage: heatlab bench"), std::string::npos) << help.out;
        // English asked for: nothing to say.
        EXPECT_EQ(runHeatlab("shot --lang en --grid 2").err.find("not UTF-8"), std::string::npos);
    }
    {
        // LC_ALL rules the characters over LANG.
        const ScopedEnv utf8("LANG", "ja_JP.UTF-8");
        const ScopedEnv legacy("LC_ALL", "ja_JP.eucJP");
        EXPECT_NE(runHeatlab("shot --grid 2").err.find("(LC_ALL=ja_JP.eucJP) is not UTF-8"),
                  std::string::npos);
    }
    for (const char* locale : {"ja_JP.UTF-8", "ja_JP.utf8", "C"}) {
        const ScopedEnv utf8("LANG", locale);
        const CommandResult refused = runHeatlab("shot --lang ja --grid 2");
        EXPECT_EQ(refused.err.find("not UTF-8"), std::string::npos) << locale << refused.err;
        EXPECT_NE(refused.err.find("格子 2 は範囲外"), std::string::npos) << locale << refused.err;
    }
}

// Under --lang ja every line heatlab writes to the terminal is Japanese:
// the refusals of a file that cannot be read or a scene or cue list that
// is wrong, the memory a grid needs, a folder that cannot be made, the
// backend line and a command's progress (the OpenGL line names the driver
// in its own words).
TEST(Translation, EveryLineATerminalShowsIsJapanese) {
    const std::string folder = ::testing::TempDir() + "heatlab-japanese-lines";
    std::filesystem::create_directories(folder);
    std::ofstream(folder + "/cues.json") << R"({"heatlab_cues": 1, "cues": [{"then": "later"}]})";
    std::ofstream(folder + "/scene.json") << R"({"heatlab_scene": 1, "params": {}})";
    const std::string lines[] = {
        "--lang ja --scene " + folder + "/none.json",
        "--lang ja --scene " + folder + "/scene.json",
        "shot --lang ja --ui --cues " + folder + "/cues.json",
        "bench --lang ja --backend cpu --grid 65536",
        "shot --lang ja --backend cpu --grid 16 --every 2 --steps 4 --record " + folder +
            "/none/rec",
        // A shot that draws is the gl tier's (Shot.EveryLineItSaysIsJapaneseUnderLangJa):
        // its GL driver's allocations would be the leak check's reports here.
    };
    for (const std::string& args : lines) {
        const CommandResult result = runHeatlab(args);
        std::istringstream said(result.err);
        std::string line;
        int linesSaid = 0;
        while (std::getline(said, line)) {
            ++linesSaid;
            if (line.rfind("heatlab shot: OpenGL: ", 0) == 0) {
                continue;
            }
            const bool japanese = std::any_of(line.begin(), line.end(), [](char c) {
                return static_cast<unsigned char>(c) >= 0x80;
            });
            EXPECT_TRUE(japanese) << args << ": English: " << line;
        }
        EXPECT_GT(linesSaid, 0) << args;
    }
    std::filesystem::remove_all(folder);
}

// A line made in Japanese once a command draws in it (the window's words
// stay Japanese) reaches a legacy terminal in its own codeset, not as
// UTF-8 bytes: EUC-JP here, "?" where the codeset lacks a character.
TEST(Translation, AJapaneseLineReachesALegacyTerminalInItsCodeset) {
    const ScopedEnv noAll("LC_ALL", "");
    const ScopedEnv noCharacters("LC_CTYPE", "");
    {
        const ScopedEnv legacy("LANG", "ja_JP.eucJP");
        // 格子 in EUC-JP.
        EXPECT_EQ(terminalLine("格子 \x1b"), "\xB3\xCA\xBB\xD2 \\x1b");
        // A byte that is no UTF-8 is the terminal's own (an EUC-JP name).
        EXPECT_EQ(terminalLine("\xB3\xCA.json"), "\xB3\xCA.json");
    }
    {
        const ScopedEnv latin("LANG", "en_US.ISO-8859-1");
        EXPECT_EQ(terminalLine("caf\u00e9 格"), "caf\xE9 ?");
    }
    {
        const ScopedEnv utf8("LANG", "ja_JP.UTF-8");
        EXPECT_EQ(terminalLine("格子 \x1b"), "格子 \\x1b");
    }
}

// What a message quotes of a user's value: control characters as escapes
// (text in any script as it is), a long value cut where a character
// starts, with its length.
TEST(Translation, AMessageEscapesControlCharactersAndCutsALongValue) {
    EXPECT_EQ(escapedControls("a\nb\r\tc\x1b[2J\x07\x7f"), "a\\nb\\r\\tc\\x1b[2J\\x07\\x7f");
    EXPECT_EQ(escapedControls("安定条件 é ✓"), "安定条件 é ✓");
    // C1's CSI, a right-to-left override, a line separator, a byte that is
    // no UTF-8, an overlong '[' (C1 9B).
    EXPECT_EQ(escapedControls("\u009b2J \u202e \u2028 \xff \xc1\x9b"),
              "\\u009b2J \\u202e \\u2028 \\xff \\xc1\\x9b");
    EXPECT_EQ(excerpt("short"), "short");
    const std::string cut = excerpt(std::string(59, 'a') + "安定条件");
    EXPECT_EQ(cut, std::string(59, 'a') + "... (63 characters)");
}

// The bench's names, composed in English of phrases (and kept English for
// its JSON), shown phrase by phrase in Japanese: numbers put back where
// the translation puts them, a cache's or a kernel's name as it is; in
// English, as they were. Every phrase they are made of has its Japanese.
TEST_F(Japanese, TheBenchsNamesAreShownPhraseByPhrase) {
    EXPECT_EQ(measureNameInWords("temporal, 8 steps a pass, CUDA graph of 4 steps"),
              "temporal, 1 パスで 8 ステップ, 4 ステップの CUDA グラフ");
    EXPECT_EQ(measureNameInWords("L2: copy floor on 1024 x 512"), "L2: 1024 x 512 でのコピー下限");
    EXPECT_EQ(measureNameInWords("now: optimised, copy back every 100 (pinned)"),
              "現在: optimised, 100 ステップごとに書き戻し (ピン留め)");
    EXPECT_EQ(measureNameInWords("cpu, grid 512"), "cpu, 格子 512");
    EXPECT_EQ(measureNameInWords("the stencil's arithmetic (timed while busy)"),
              "ステンシルの演算 (ほかの処理中に計時)");
    EXPECT_EQ(measureNameInWords("my_step.cpp"), "my_step.cpp");
    for (const char* phrase : measurePhrases()) {
        EXPECT_STRNE(tr(phrase), phrase) << "no Japanese for the bench's phrase: " << phrase;
    }
    setLanguage(Language::English);
    EXPECT_EQ(measureNameInWords("temporal, 8 steps a pass, CUDA graph of 4 steps"),
              "temporal, 8 steps a pass, CUDA graph of 4 steps");
}

// The backend line each command starts with names the backend as
// --backend does and says the rest in Japanese ("auto" once stayed).
TEST_F(Japanese, TheBackendLineIsJapaneseButTheBackendsName) {
    for (const std::string& line :
         {std::string(tr("backend: cuda (auto: a CUDA device is present)")),
          trf("backend: cpu (auto: %s)", "x")}) {
        EXPECT_EQ(line.find("auto"), std::string::npos) << line;
    }
    EXPECT_STRNE(tr("heatlab: the 2D heat equation"), "heatlab: the 2D heat equation")
        << "the window's title";
}

TEST(Translation, EnglishIsTheEnglishAndAnUnknownStringIsItself) {
    setLanguage(Language::English);
    EXPECT_STREQ(tr("Pause"), "Pause");
    setLanguage(Language::Japanese);
    EXPECT_STREQ(tr("Pause"), "一時停止");
    EXPECT_STREQ(tr("no such message"), "no such message");
    EXPECT_EQ(trf("cue %d of %d", 3, 12), "キュー 3 / 12");
    setLanguage(Language::English);
    EXPECT_EQ(trf("cue %d of %d", 3, 12), "cue 3 of 12");
}

}  // namespace
}  // namespace heatlab
