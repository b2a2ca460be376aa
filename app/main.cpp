// heatlab: the command line. The one catch that turns every error into a
// message and an exit status lives here: 2 for bad usage, 1 for a runtime
// failure (or a failed check).

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <exception>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/commands/bench_command.h"
#include "app/commands/help_words.h"
#include "app/commands/option_values.h"
#include "app/commands/serve_command.h"
#include "app/commands/serve_runner.h"
#include "app/commands/shot_command.h"
#include "app/commands/shot_ui_runner.h"
#include "app/commands/window_command.h"
#include "app/commands/window_runner.h"
#include "app/i18n/terminal_locale.h"
#include "app/i18n/translation.h"
#include "app/io/stop_signal.h"
#include "app/kernel_files/class_kernels.h"
#include "app/kernel_files/kernel_process_main.h"
#include "app/ui/pictures/roofline_picture.h"
#include "kernels/base/errors.h"

namespace {

// "a and b", "a, b and c".
std::string joinedAsList(const std::vector<std::string>& words) {
    std::string text;
    for (std::size_t i = 0; i < words.size(); ++i) {
        if (i > 0) {
            text += i + 1 == words.size() ? heatlab::tr(" and ") : heatlab::tr(", ");
        }
        text += words[i];
    }
    return text;
}

// The one line for the words CLI11 could not place (its ExtrasError). A
// first word that is neither an option nor a command is taken for a
// mistyped command; any other extras are named in the order they were
// typed (the ExtrasError's own message lists them reversed) with the help
// of the command they were given to.
std::string extrasMessage(const CLI::App& app, int argc, char** argv,
                          const CLI::ExtrasError& error) {
    std::vector<std::string> commands;
    for (const CLI::App* command : app.get_subcommands([](const CLI::App*) { return true; })) {
        commands.push_back(command->get_name());
    }
    // The top level's words first, then the command's: typed order, since a
    // command keeps every word after its name.
    const std::vector<std::string> extras = app.remaining(true);
    if (extras.empty()) {
        return error.what();
    }
    const std::string first = argc > 1 ? argv[1] : "";
    if (!first.empty() && first.front() != '-' && extras.front() == first &&
        std::find(commands.begin(), commands.end(), first) == commands.end()) {
        return heatlab::trf(
            "unknown command '%s' (the commands are %s; with no command heatlab opens the window; "
            "see heatlab --help)",
            first.c_str(), joinedAsList(commands).c_str());
    }
    std::string words;
    for (const std::string& word : extras) {
        words += (words.empty() ? "" : " ") + word;
    }
    const std::vector<CLI::App*> given = app.get_subcommands();
    const std::string command = given.empty() ? "heatlab" : "heatlab " + given.front()->get_name();
    return extras.size() > 1 ? heatlab::trf("unexpected arguments for %s: %s (see %s --help)",
                                            command.c_str(), words.c_str(), command.c_str())
                             : heatlab::trf("unexpected argument for %s: %s (see %s --help)",
                                            command.c_str(), words.c_str(), command.c_str());
}

// The language --lang asks for anywhere on the line (heatlab shot --lang
// ja), else the environment's: chosen before the commands are made, so
// their help is in it too. A value that is no language is left for the
// option's own check to refuse.
heatlab::Language languageAsked(int argc, char** argv) {
    heatlab::Language language = heatlab::environmentLanguage();
    for (int i = 1; i < argc; ++i) {
        const std::string word = argv[i];
        if (word == "--lang" && i + 1 < argc) {
            (void)heatlab::parseLanguage(argv[i + 1], &language);
        } else if (word.rfind("--lang=", 0) == 0) {
            (void)heatlab::parseLanguage(word.substr(7), &language);
        }
    }
    return language;
}

// One line on stderr: every message, whatever a user's value put in it,
// one line with no control character (terminalLine()).
void say(const std::string& line) {
    std::fprintf(stderr, "heatlab: %s\n", heatlab::terminalLine(line).c_str());
}

// Each class kernel compiled and checked before the command runs (a bad
// one is a usage error, exit 2), on the command's grid too where it has
// one: bench's and shot's, or the window's or serve's --grid.
void startClassKernelsFor(const std::optional<heatlab::Params>& command,
                          const heatlab::LectureStart& lecture) {
    const heatlab::Params& params = command ? *command : lecture.settings.params;
    std::optional<heatlab::GridSize> grid;
    if (command || lecture.gridChosen) {
        heatlab::refuseClassKernelGrid(params.kernel, params.grid);
        grid = params.grid;
    }
    for (const std::string& line : heatlab::startClassKernels(grid)) {
        say(line);
    }
}

int run(int argc, char** argv) {
    // The command line's words (its help, its refusals, the bench's tables)
    // in a language the terminal shows; the words a command draws (the
    // window, the pictures, the page) in the language asked for, and a line
    // it writes here after that in the terminal's codeset (terminalLine()).
    const heatlab::Language asked = languageAsked(argc, argv);
    heatlab::setLanguage(heatlab::terminalLanguage(asked));
    if (const std::string note = heatlab::terminalLanguageNote(asked); !note.empty()) {
        say(note);
    }
    // The class kernels are read before the commands are made, whose
    // kernel options list them; their processes and objects end with the
    // run, whatever ends it.
    const heatlab::ClassKernelSession classKernels;
    heatlab::addClassKernels(heatlab::kernelFilesAsked(argc, argv));
    CLI::App app{heatlab::tr("heatlab: an interactive visualiser and bench of the 2D heat equation "
                             "(explicit five-point stencil, r = alpha dt / h^2)"),
                 "heatlab"};
    heatlab::BenchOptions benchOptions;
    CLI::App* bench = heatlab::addBenchCommand(app, benchOptions);
    heatlab::ShotOptions shotOptions;
    CLI::App* shot = heatlab::addShotCommand(app, shotOptions);
    heatlab::ServeStart serveStart;
    CLI::App* serve = heatlab::addServeCommand(app, serveStart);
    // Set after the commands are made: CLI11 copies a parent's footer into
    // each command it makes, and "the options above" are the window's only.
    app.footer(
        heatlab::tr("With no command, heatlab opens the lecture window with the options above. "
                    "Run a command with --help for its options, e.g. heatlab bench --help"));
    heatlab::LectureStart windowStart;
    heatlab::addWindowOptions(app, windowStart);
    for (CLI::App* command : {&app, bench, shot, serve}) {
        heatlab::addLanguageOption(*command);
    }
    heatlab::translateHelpWords(app);

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::ExtrasError& e) {
        say(extrasMessage(app, argc, argv, e));
        return 2;
    } catch (const CLI::ParseError& e) {
        say(heatlab::translatedParseError(e));
        return 2;
    }
    heatlab::refuseWindowOptionsWithCommand(app);
    startClassKernelsFor(bench->parsed()  ? std::optional(benchOptions.params)
                         : shot->parsed() ? std::optional(shotOptions.settings.params)
                                          : std::nullopt,
                         serve->parsed() ? serveStart.lecture : windowStart);
    if (bench->parsed()) {
        return heatlab::runBench(benchOptions, heatlab::rooflinePicturePng);
    }
    if (shot->parsed()) {
        // A split runs the lecture's two panes, so its pictures come from the
        // lecture's frames (--ui, or --slide of both panes).
        const bool lecture = shotOptions.ui || shotOptions.settings.comparison.split;
        heatlab::setLanguage(asked);  // the words a command draws: see above
        return lecture ? heatlab::runShotUi(shotOptions) : heatlab::runShot(shotOptions);
    }
    // A lecture, served or in the window: each kernel file saved while it
    // runs is compiled, checked and put in the field.
    if (serve->parsed()) {
        heatlab::refuseDifferenceWithoutSplit(serveStart.lecture.settings.comparison);
        heatlab::refuseServeOptionClashes(serveStart);
        heatlab::setLanguage(asked);
        heatlab::watchClassKernels();
        return heatlab::runServe(serveStart);
    }
    heatlab::refuseDifferenceWithoutSplit(windowStart.settings.comparison);
    heatlab::setLanguage(asked);
    heatlab::watchClassKernels();
    return heatlab::runWindow(windowStart);
}

}  // namespace

int main(int argc, char** argv) {
    // A class kernel's checking process: heatlab started by itself
    // (app/kernel_files/kernel_process.h), with nothing of the lecture's.
    if (argc > 1 && std::strcmp(argv[1], heatlab::kKernelProcessCommand) == 0) {
        return heatlab::runKernelProcess(argc, argv);
    }
    // Before anything is made: a signal at any moment removes what the
    // program made so far (app/io/stop_signal.h).
    heatlab::removeLeftoversOnSignals();
    try {
        return run(argc, argv);
    } catch (const heatlab::UsageError& e) {
        say(e.what());
        return 2;
    } catch (const std::exception& e) {
        say(heatlab::trf("error: %s", e.what()));
        return 1;
    }
}
