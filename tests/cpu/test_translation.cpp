// The words in Japanese (app/i18n): every string marked for translation
// (the template xgettext collects from the code at build time) has a
// Japanese entry, with the English's printf directives in the same order,
// and none left in English but the few alike in both; the lecture's terms
// are the slides'; --lang and the locale choose the language, and a
// command-line error in Japanese still exits 2.

#include <cctype>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "app/i18n/translation.h"
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
