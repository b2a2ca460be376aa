#pragma once
// How an option holding one of the values every command takes (grid size,
// r, counts, named choices, output paths) is added to a command; the text is
// parsed by app/io/value_parsers.h, as the scene reader parses it. An option
// shows the typed default its target holds when it is added, so --help and
// the program cannot disagree.
//
// Every parse error is a CLI::ValidationError of one line that names the
// option and what is allowed; main() prints it and exits 2.

#include <functional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/io/output_format.h"
#include "app/io/value_parsers.h"
#include "app/lecture/panel/lecture_settings.h"
#include "kernels/backend_factory.h"
#include "kernels/numerics/params.h"

namespace heatlab {

// A flag that sets `target` (or calls `set`); given twice it is refused in
// one line ("--pinned given twice (give it once)"), as every option is.
CLI::Option* addFlag(CLI::App& app, const std::string& flag, bool& target, const std::string& help);
CLI::Option* addFlag(CLI::App& app, const std::string& flag, std::function<void()> set,
                     const std::string& help);

// Every option added here is given at most once: a second value is
// refused as "--grid given twice" (never the last one silently winning).
//
// The add*Option functions keep a reference to their target, which must
// outlive the parse.
//
// The one way an option is added: every value given is handed to `take`,
// which parses it into the target and throws UsageError or
// CLI::ValidationError (its message is prefixed with the option's name). `shown` is the default
// --help prints; empty shows none.
CLI::Option* addParsedOption(CLI::App& app, const std::string& flag, const std::string& help,
                             const std::string& typeName, const std::string& shown,
                             std::function<void(const std::vector<std::string>&)> take);

// A picture's size, "WxH" (e.g. 1920x1080), 64 to 8192 pixels a side:
// enough for any projector and small enough for every GL's framebuffer.
// Throws UsageError naming what was wrong.
GridSize parsePictureSize(const std::string& text);

CLI::Option* addGridOption(CLI::App& app, const std::string& flag, GridSize& target,
                           const std::string& help);
CLI::Option* addROption(CLI::App& app, const std::string& flag, float& target,
                        const std::string& help);
// One or more r values; given, they replace the default list.
CLI::Option* addRListOption(CLI::App& app, const std::string& flag, std::vector<float>& target,
                            const std::string& help);
// A whole number >= min. The default is shown when the target holds one
// that is allowed (a target of 0 meaning "resolved later" shows none).
CLI::Option* addCountOption(CLI::App& app, const std::string& flag, int& target, int min,
                            const std::string& help);
// A whole number from min to max.
CLI::Option* addCountOption(CLI::App& app, const std::string& flag, int& target, int min, int max,
                            const std::string& help);
// --steps-per-frame: kMinStepsPerFrame to kMaxStepsPerFrame, as a scene's
// and a cue's steps per frame.
CLI::Option* addStepsPerFrameOption(CLI::App& app, int& target, const std::string& help);
// A name given to an option that names a file or folder: the empty name
// is refused (it names nothing, and would read as "not given"). `what`
// says what the name should be, for the message.
std::string nonEmptyName(const std::string& name, const std::string& what);
// A path writeOutputFile() can write, checked up front (see
// outputPathProblem()), named as its format's files are
// (outputFormatProblem(): every output option keeps the one rule).
CLI::Option* addOutputPathOption(CLI::App& app, const std::string& flag, std::string& target,
                                 const std::string& help, const OutputFormat& format = kAnyFormat);

template <typename Enum>
CLI::Option* addChoiceOption(CLI::App& app, const std::string& flag, Enum& target,
                             const std::vector<Enum>& choices, const std::string& help);

// --copy-every N (0: never) and --pinned: the copy-back policy of the
// window and of `shot`, as a first version would copy the field back.
void addCopyBackOptions(CLI::App& app, int& every, bool& pinned);

// --split SPEC and --difference: the A/B split of the window and of `shot
// --ui`. SPEC is pane B's settings where they differ from pane A's, as
// comma-separated key=value pairs (kernel, r, backend, copy-every, pinned,
// path, mapped: "r=0.26", "path=via-host,copy-every=1"), or "a" for a pane
// B that follows pane A in everything.
void addComparisonOptions(CLI::App& app, ABComparison& comparison);

// --lang ja|en: the words' language, which main() has already chosen from
// the command line (so --help is in it); here it is checked, and refused
// in one line where it is neither.
void addLanguageOption(CLI::App& app);

// --kernel-file FILE|FOLDER, as often as wanted: the class kernels, which
// main() has already read and added (app/kernel_files/class_kernels.h),
// since --kernel's choices include them; here the option is only
// accepted, and an empty name refused.
CLI::Option* addKernelFileOption(CLI::App& app);

// The options every command that runs a simulation takes, with the same
// names everywhere: --backend, --grid, --kernel (stencil kernels, class
// kernels included), --kernel-file, --boundary, --init, --r.
void addSimulationOptions(CLI::App& app, Params& params, BackendChoice& backend,
                          const std::string& kernelHelp);

template <typename Enum>
CLI::Option* addChoiceOption(CLI::App& app, const std::string& flag, Enum& target,
                             const std::vector<Enum>& choices, const std::string& help) {
    const std::vector<std::string> names = namesOf(choices);
    std::string typeName;
    for (const std::string& n : names) {
        typeName += (typeName.empty() ? "{" : ",") + n;
    }
    return addParsedOption(app, flag, help, typeName + "}", name(target),
                           [&target, choices](const std::vector<std::string>& values) {
                               for (const std::string& text : values) {
                                   target = parseChoice(text, choices);
                               }
                           });
}

}  // namespace heatlab
