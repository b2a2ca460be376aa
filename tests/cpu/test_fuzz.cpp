// Fuzzing every parser of outside input with a seeded random-mutation
// driver (clang's libFuzzer is not among this machine's packages): scene
// files, cue lists, the command lines of the window, bench and shot (every numeric
// option, grid size and name), and PNG files read back (their text
// chunks), and files dropped on a served lecture's page (scenes and cue
// lists with captions of every kind and grids past what the display or
// memory holds, loaded into a running simulation under a memory limit).
// Each starts from a corpus of valid inputs (tests/fuzz/ and the
// scenes the program ships), mutates them for a bounded time
// (HEATLAB_FUZZ_SECONDS a target, 6 by default, and at least
// kMinimumInputs inputs however slow the machine is today) and requires every input to
// end in a result or one of the program's errors: never another exception,
// a crash, a hang, or (under `make test-sanitize`) a sanitizer report.
// HEATLAB_FUZZ_SEED picks another sequence.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <sys/stat.h>

#include <gtest/gtest.h>
#include <CLI/CLI.hpp>

#include "app/commands/bench_command.h"
#include "app/commands/shot_command.h"
#include "app/commands/window_command.h"
#include "app/i18n/text_wrap.h"
#include "app/io/png_file.h"
#include "app/lecture/files/cue_list.h"
#include "app/lecture/files/scene.h"
#include "app/lecture/run/simulation_control.h"
#include "app/serve/wire.h"
#include "kernels/base/errors.h"
#include "kernels/cpu/cpu_backend.h"
#include "kernels/grid_memory.h"
#include "tests/support/generated_json.h"
#include "tests/support/same_scene.h"
#include "tests/support/scoped_memory_limit.h"

namespace heatlab {
namespace {

double secondsPerTarget() {
    const char* text = std::getenv("HEATLAB_FUZZ_SECONDS");
    return text != nullptr ? std::atof(text) : 6.0;
}

unsigned seed() {
    const char* text = std::getenv("HEATLAB_FUZZ_SEED");
    return text != nullptr ? static_cast<unsigned>(std::strtoul(text, nullptr, 10)) : 20261129u;
}

// Tokens a mutation may splice in: what parsers trip on.
const std::vector<std::string> kDictionary{
    "{", "}", "[", "]", "\"", ":", ",", "null", "true", "false", "-", "0", "-0", "1e309", "-1e309",
    "nan", "inf", "2147483648", "-2147483649", "9223372036854775808", "0x10", "1e-45", "65536",
    "65537", "x", "8192x8192", "3x3", "2x70000", "\\u0000", "\\", "\xff", "\xc3\x28", "0.25",
    "0.2500000001", "1.17549435e-38", " ", "\n",
    // grids past what a display or the memory holds
    "16384", "16384x8193", "46341x46341",
    // captions: line breaks, scripts, controls
    "\\n\\n\\n\\n", "\\u0007\\u001b[2J\\r", "\u71b1\u4f1d\u5c0e\u3002",
    "\u0645\u0639\u0627\u062f\u0644\u0629", "\U0001F525\u0301"};

class Mutator {
public:
    explicit Mutator(unsigned s) : random_(s) {}

    std::string mutate(std::string text) {
        const int edits = 1 + pick(4);
        for (int i = 0; i < edits; ++i) {
            const std::size_t at = text.empty() ? 0 : pick(static_cast<int>(text.size()) + 1);
            switch (pick(6)) {
            case 0:  // flip a byte
                if (!text.empty()) {
                    text[at % text.size()] = static_cast<char>(pick(256));
                }
                break;
            case 1:  // insert a random byte
                text.insert(at, 1, static_cast<char>(pick(256)));
                break;
            case 2:  // delete a range
                text.erase(at, static_cast<std::size_t>(pick(16)));
                break;
            case 3:  // duplicate a range
                text.insert(at, text.substr(at, static_cast<std::size_t>(pick(32))));
                break;
            case 4:  // splice in a token
                text.insert(at, kDictionary[pick(static_cast<int>(kDictionary.size()))]);
                break;
            default:  // cut short
                text.resize(at);
                break;
            }
        }
        return text;
    }

    int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(random_); }

private:
    std::mt19937 random_;
};

// However busy the machine, a target sees at least this many inputs: the
// time bounds the run, never what it covers.
constexpr long kMinimumInputs = 100;

// Runs `target` on mutations of the corpus until the time is up and at
// least kMinimumInputs have run. A target returns normally or throws what it may.
void fuzz(const char* name, const std::vector<std::string>& corpus,
          const std::function<void(const std::string&)>& target,
          double forSeconds = secondsPerTarget()) {
    Mutator mutator(seed());
    const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(forSeconds);
    long runs = 0;
    const auto start = std::chrono::steady_clock::now();
    while (runs < kMinimumInputs || std::chrono::steady_clock::now() < end) {
        std::string input =
            corpus[static_cast<std::size_t>(mutator.pick(static_cast<int>(corpus.size())))];
        // Mutations of mutations reach further from the valid inputs.
        const int rounds = 1 + mutator.pick(3);
        for (int i = 0; i < rounds; ++i) {
            input = mutator.mutate(input);
        }
        try {
            target(input);
        } catch (...) {
            ADD_FAILURE() << name << ": an unexpected exception for input of " << input.size()
                          << " bytes: " << input;
            throw;
        }
        ++runs;
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("fuzz %s: %ld inputs in %.1f s (%.0f a second), seed %u\n", name, runs, seconds,
                static_cast<double>(runs) / seconds, seed());
}

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::vector<std::string> sceneCorpus() {
    std::vector<std::string> corpus;
    for (const ShippedScene& shipped : shippedScenes()) {
        corpus.push_back(shipped.text);
    }
    for (const auto& entry : std::filesystem::directory_iterator(HEATLAB_FUZZ_CORPUS)) {
        if (entry.path().extension() == ".json") {
            corpus.push_back(readFile(entry.path().string()));
        }
    }
    return corpus;
}

// Half a target's time: the dropped files' target below parses mutated
// scenes too, so the two together take one target's time.
TEST(Fuzz, SceneFilesEndInASceneOrOneClearError) {
    fuzz(
        "scene", sceneCorpus(),
        [](const std::string& text) {
            try {
                const Scene scene = parseScene(text, "fuzz.json");
                // What parses must write back and parse to the same scene.
                EXPECT_TRUE(sameScene(parseScene(sceneText(scene), "again.json"), scene)) << text;
            } catch (const UsageError& e) {
                const std::string message = e.what();
                EXPECT_EQ(message.rfind("scene fuzz.json: ", 0), 0u) << message;
                EXPECT_EQ(message.find('\n'), std::string::npos) << message;
            }
        },
        secondsPerTarget() / 2);
}

std::vector<std::string> cueCorpus() {
    std::vector<std::string> corpus;
    for (const ShippedCues& shipped : shippedCues()) {
        corpus.push_back(shipped.text);
    }
    for (const auto& entry :
         std::filesystem::directory_iterator(std::string(HEATLAB_FUZZ_CORPUS) + "/cues")) {
        corpus.push_back(readFile(entry.path().string()));
    }
    return corpus;
}

// A browser's messages to `heatlab serve` (app/serve/wire.h): each one a
// message or dropped with its reason; what parses is in range.
TEST(Fuzz, ServedMessagesParseOrAreDroppedWithAReason) {
    const std::vector<std::string> corpus{R"({"t":"ack","f":12})",
                                          R"({"t":"key","a":"down","k":"PageDown","i":1})",
                                          R"({"t":"key","a":"repeat","k":"KeyR","i":2})",
                                          R"({"t":"text","c":12354,"i":3})",
                                          R"({"t":"move","x":412.5,"y":300,"i":4})",
                                          R"({"t":"button","b":0,"d":true,"i":5})",
                                          R"({"t":"wheel","x":0,"y":-1.5,"i":6})",
                                          R"({"t":"resize","w":1280,"h":800,"s":2,"i":7})",
                                          R"({"t":"focus","f":false,"i":8})"};
    fuzz("served messages", corpus, [](const std::string& text) {
        std::string why;
        const std::optional<ClientMessage> message = parseClientMessage(text, &why);
        if (!message) {
            EXPECT_FALSE(why.empty()) << text;
            return;
        }
        if (message->event.kind == InputEvent::Kind::Resize) {
            EXPECT_GE(message->event.size.pixels.width, 1) << text;
            EXPECT_LE(message->event.size.pixels.width, kMostServedSide) << text;
            EXPECT_LE(message->event.size.pixels.height, kMostServedSide) << text;
        }
        if (message->event.isKey()) {
            EXPECT_LT(static_cast<int>(message->event.key), kKeyCodeLimit) << text;
        }
    });
}

TEST(Fuzz, CueListsEndInAListOrOneClearError) {
    fuzz("cues", cueCorpus(), [](const std::string& text) {
        try {
            const CueList list = parseCues(text, "fuzz.json");
            EXPECT_FALSE(list.cues.empty());
        } catch (const UsageError& e) {
            const std::string message = e.what();
            EXPECT_EQ(message.rfind("cues fuzz.json: ", 0), 0u) << message;
            EXPECT_EQ(message.find('\n'), std::string::npos) << message;
        }
    });
}

// Runs `target` on generated inputs until the time is up and at least
// kMinimumInputs have run; as fuzz().
long generate(const char* name, const std::function<std::string(JsonGenerator&)>& make,
              const std::function<void(const std::string&)>& target,
              double forSeconds = secondsPerTarget()) {
    JsonGenerator generator(seed());
    const auto start = std::chrono::steady_clock::now();
    const auto end = start + std::chrono::duration<double>(forSeconds);
    long runs = 0;
    while (runs < kMinimumInputs || std::chrono::steady_clock::now() < end) {
        const std::string input = make(generator);
        try {
            target(input);
        } catch (...) {
            ADD_FAILURE() << name << ": an unexpected exception for input of " << input.size()
                          << " bytes: " << input.substr(0, 2000);
            throw;
        }
        ++runs;
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("generated %s: %ld inputs in %.1f s (%.0f a second), seed %u\n", name, runs,
                seconds, static_cast<double>(runs) / seconds, seed());
    return runs;
}

// A refusal: one line starting with `prefix`, short whatever the file held.
void expectOneShortLine(const std::string& message, const std::string& prefix) {
    EXPECT_EQ(message.rfind(prefix, 0), 0u) << message.substr(0, 500);
    EXPECT_EQ(message.find('\n'), std::string::npos) << message.substr(0, 500);
    EXPECT_LT(message.size(), 1200u) << message.substr(0, 500);
}

// A cue list's folder as a stranger's might be: a good scene beside a FIFO,
// a device and a file outside behind links, a folder and a JSON that is no
// scene; its cues name those and worse.
class HostileFolder {
public:
    HostileFolder() {
        std::filesystem::remove_all(folder);
        std::filesystem::create_directories(folder + "/sub");
        std::ofstream(folder + "/good.json") << shippedScenes().at(0).text;
        std::ofstream(folder + "/bad.json") << "{\"heatlab_scene\": 1}";
        ::mkfifo((folder + "/fifo.json").c_str(), 0600);
        std::filesystem::create_symlink("/dev/zero", folder + "/zero.json");
        std::filesystem::create_symlink("/etc/hostname", folder + "/out.json");
    }
    ~HostileFolder() { std::filesystem::remove_all(folder); }
    HostileFolder(const HostileFolder&) = delete;
    HostileFolder& operator=(const HostileFolder&) = delete;

    const std::string folder = ::testing::TempDir() + "heatlab-fuzz-folder";
    const std::vector<std::string> scenes{"good.json",
                                          "stable_diffusion",
                                          "bad.json",
                                          "fifo.json",
                                          "zero.json",
                                          "out.json",
                                          "sub",
                                          "missing.json",
                                          "../c.json",
                                          "/dev/zero",
                                          "",
                                          "sub/../good.json",
                                          "/etc/hostname",
                                          "cuda"};
};

TEST(Fuzz, GeneratedCueListsEndInAListOrOneShortLine) {
    const HostileFolder hostile;
    const std::string file = hostile.folder + "/c.json";
    long accepted = 0;
    const long runs = generate(
        "cue list",
        [&hostile](JsonGenerator& g) {
            return g.edited(g.validList(hostile.scenes, 4), hostile.scenes);
        },
        [&file, &accepted](const std::string& text) {
            try {
                const CueList list = parseCues(text, file);
                ++accepted;
                for (const Cue& cue : list.cues) {
                    if (cue.scene) {
                        // Read and checked with the list: it plays.
                        EXPECT_NO_THROW(cueScene(*cue.scene, LectureSettings{})) << text;
                    }
                }
            } catch (const UsageError& e) {
                expectOneShortLine(e.what(), "cues " + file + ": ");
            }
        });
    std::printf("generated cue lists accepted: %ld of %ld\n", accepted, runs);
    EXPECT_GT(runs, 100);
}

TEST(Fuzz, GeneratedScenesEndInASceneOrOneShortLine) {
    const std::vector<std::string> strings{"",     "1",         "0.26", "2",
                                           "cuda", "4096x1024", "0x0",  "via-host"};
    const long runs = generate(
        "scene",
        [&strings](JsonGenerator& g) {
            const ShippedScene& shipped =
                shippedScenes().at(static_cast<std::size_t>(g.pick(3) % shippedScenes().size()));
            return g.edited(nlohmann::json::parse(shipped.text), strings);
        },
        [](const std::string& text) {
            try {
                const Scene scene = parseScene(text, "fuzz.json");
                EXPECT_TRUE(sameScene(parseScene(sceneText(scene), "again.json"), scene)) << text;
            } catch (const UsageError& e) {
                expectOneShortLine(e.what(), "scene fuzz.json: ");
            }
        });
    EXPECT_GT(runs, 100);
}

// A caption as strangers write them: a long word, words with spaces, line
// breaks, every script (Japanese, Arabic, Hebrew, Cyrillic, emoji,
// combining marks) and control characters, some past the 500 allowed.
std::string strangeCaption(JsonGenerator& g) {
    const std::vector<std::string> pieces{"w",
                                          "word ",
                                          "\n",
                                          "\u71b1\u4f1d\u5c0e",
                                          "\u3002",
                                          "\u05e9\u05dc\u05d5\u05dd ",
                                          "\u0645\u0639\u0627\u062f\u0644\u0629",
                                          "\u0442\u0435\u043f\u043b\u043e ",
                                          "\U0001F525",
                                          "e\u0301",
                                          "\x01",
                                          "\x1b[2J",
                                          "\r",
                                          "\t",
                                          "\x7f",
                                          "/path/to_",
                                          "0.2400 "};
    const std::size_t length = static_cast<std::size_t>(g.chance(20) ? g.pick(700) : g.pick(80));
    std::string caption;
    const std::string& repeated = pieces[static_cast<std::size_t>(g.pick(3))];
    while (caption.size() < length) {
        caption += g.chance(50)
                       ? repeated
                       : pieces[static_cast<std::size_t>(g.pick(static_cast<int>(pieces.size())))];
    }
    return caption;
}

// A file as the page sends one: a shipped scene with another grid and
// strange words, or a cue list naming shipped scenes with strange captions.
std::string droppedFile(JsonGenerator& g) {
    const std::vector<std::string> grids{"64",        "256",    "2048",       "4096x1024",
                                         "8192x8192", "16384",  "16384x8193", "46341x46341",
                                         "65536",     "65536x3"};
    const auto any = [&g](const auto& items) {
        return items[static_cast<std::size_t>(g.pick(static_cast<int>(items.size())))];
    };
    if (g.chance(50)) {
        nlohmann::json scene = nlohmann::json::parse(any(shippedScenes()).text);
        scene["params"]["grid"] = any(grids);
        scene["title"] = strangeCaption(g);
        scene["description"] = strangeCaption(g);
        return scene.dump();
    }
    nlohmann::json list = g.validList({}, 3);
    for (nlohmann::json& cue : list["cues"]) {
        if (g.chance(70)) {
            cue["caption"] = strangeCaption(g);
        }
        if (g.chance(30)) {
            cue["scene"] = std::filesystem::path(any(shippedScenes()).file).stem().string();
        }
    }
    return list.dump();
}

// Wrapping `text` measures at most twice each of its characters (and one
// space), fitting it as a notice once more: never a caption that hangs a
// frame.
void expectWrappedLinearly(const std::string& text) {
    std::size_t measured = 0;
    const TextWidth width = [&measured](std::string_view t) {
        measured += t.size();
        return 7.0f * static_cast<float>(t.size());
    };
    wrapText(text, 300.0f, width);
    fitText(text, 300.0f, 3, 32.0f, 19.2f, width);
    EXPECT_LE(measured, 3 * text.size() + 8) << text.substr(0, 200);
}

// A running lecture in `kMemoryBudget` of address space over what this
// process holds: a file dropped on its page is loaded as the lecture loads
// it (LectureUi::loadDropped): a cue list checked whole, kernels and grids,
// then its scenes applied as its cues would; a scene applied. Every grid
// the generator gives past the memory takes more than the budget to make,
// so a refusal that comes after the allocation fails the test instead of
// taking the machine's memory. (The display draws any grid: none is
// refused for its sake.)
constexpr std::size_t kMemoryBudget = std::size_t{768} << 20;

struct DropTarget {
    DropTarget() : simulation(std::make_unique<CpuBackend>(), settings.params) {}

    void drop(const std::string& text) {
        try {
            if (namesCueList(text)) {
                const CueList list = parseFolderlessCues(text, "dropped.json");
                LectureSettings start = settings;
                start.backend = choiceOf(simulation.backend());
                checkKernelsPlayable(list, start);
                checkGridsPlayable(list, start, simulation.backend());
                for (const Cue& cue : list.cues) {
                    expectWrappedLinearly(cue.caption.cpu);
                    expectWrappedLinearly(cue.caption.cuda);
                    if (cue.scene) {
                        apply(cueScene(*cue.scene, settings));
                    }
                }
            } else {
                const Scene scene = parseScene(text, "dropped.json", settings);
                expectWrappedLinearly(scene.title);
                expectWrappedLinearly(scene.description);
                apply(scene);
            }
        } catch (const UsageError& e) {
            expectOneShortLine(e.what(), namesCueList(text) ? "cues dropped.json: " : "");
        } catch (const RuntimeError& e) {
            ADD_FAILURE() << "refused only once made: " << e.what();
        }
    }

    void apply(const Scene& scene) {
        SimulationControl control(simulation, settings);
        try {
            control.applyScene(scene);
        } catch (const UsageError& e) {
            expectOneShortLine(e.what(), "");
            return;
        }
        ++applied;
    }

    LectureSettings settings = small();
    Simulation simulation;
    long applied = 0;

    static LectureSettings small() {
        LectureSettings s;
        s.params.grid = {41, 23};
        return s;
    }
};

TEST(Fuzz, FilesDroppedOnAServedLectureAreRefusedBeforeTheyAllocate) {
    DropTarget lecture;
    const ScopedMemoryLimit memory(kMemoryBudget);
    Mutator mutator(seed());
    const long runs = generate(
        "dropped file",
        [&mutator](JsonGenerator& g) {
            const std::string file = droppedFile(g);
            return g.chance(50) ? file : mutator.mutate(file);
        },
        [&lecture](const std::string& text) { lecture.drop(text); }, secondsPerTarget() / 2);
    std::printf("dropped files whose scene was applied: %ld of %ld\n", lecture.applied, runs);
    // The generator reaches past the refusals: some of what it makes is shown.
    EXPECT_GT(lecture.applied, 10) << "of " << runs;
}

// The command line as shell words, one per line in the corpus file.
std::vector<std::string> splitWords(const std::string& line) {
    std::vector<std::string> words;
    std::istringstream in(line);
    std::string word;
    while (in >> word) {
        words.push_back(word);
    }
    return words;
}

TEST(Fuzz, CommandLinesEndInOptionsOrOneClearError) {
    std::vector<std::string> corpus;
    std::istringstream lines(readFile(std::string(HEATLAB_FUZZ_CORPUS) + "/command_lines.txt"));
    for (std::string line; std::getline(lines, line);) {
        if (!line.empty()) {
            corpus.push_back(line);
        }
    }
    ASSERT_FALSE(corpus.empty());
    fuzz("command line", corpus, [](const std::string& line) {
        CLI::App app{"heatlab", "heatlab"};
        BenchOptions bench;
        ShotOptions shot;
        LectureStart window;
        addBenchCommand(app, bench);
        addShotCommand(app, shot);
        addWindowOptions(app, window);
        std::vector<std::string> words = splitWords(line);
        std::reverse(words.begin(), words.end());  // CLI11 takes them last first
        try {
            app.parse(words);
            refuseWindowOptionsWithCommand(app);
        } catch (const CLI::ParseError&) {
            // one line, printed by main(), exit 2
        } catch (const UsageError&) {
            // one line, exit 2
        }
    });
}

TEST(Fuzz, PngFilesReadBackOrFailWithOneError) {
    RgbImage image;
    image.width = 7;
    image.height = 5;
    image.pixels.assign(7 * 5 * 3, 0);
    for (std::size_t i = 0; i < image.pixels.size(); ++i) {
        image.pixels[i] = static_cast<std::uint8_t>(i * 37);
    }
    const std::vector<std::string> corpus{
        encodePng(image, {{"Software", "heatlab"}, {"heatlab.r", "0.26"}}), encodePng(image, {})};
    const std::string path = ::testing::TempDir() + "heatlab-fuzz.png";
    fuzz("png", corpus, [&path](const std::string& bytes) {
        {
            std::ofstream out(path, std::ios::binary | std::ios::trunc);
            out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        }
        try {
            const DecodedPng png = readPng(path);
            EXPECT_EQ(png.image.pixels.size(),
                      static_cast<std::size_t>(png.image.width) * png.image.height * 3);
        } catch (const RuntimeError&) {
            // a damaged file: one error naming it
        }
    });
    std::filesystem::remove(path);
}

}  // namespace
}  // namespace heatlab
