#pragma once
// The values every command takes (grid size, r, counts, named choices,
// output paths): how their text is parsed, once, into the typed value, and
// how an option holding one is added to a command. Defaults and ranges come
// from kernels/numerics/params.h; an option shows the typed default its
// target holds when it is added, so --help and the program cannot disagree.
//
// Every parse error is a CLI::ValidationError of one line that names the
// option and what is allowed; main() prints it and exits 2.

#include <functional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "kernels/backend_factory.h"
#include "kernels/numerics/params.h"

namespace heatlab {

// "2048" (square) or "4096x1024" (nx x ny), kMinGridSide <= side <=
// kMaxGridSide.
GridSize parseGridSize(const std::string& text);
// A finite decimal number within the range of rInRange(): 0 < r <= 1, and
// not below the smallest normal float.
float parseR(const std::string& text);
// A whole decimal number from `min` to the largest int.
int parseCount(const std::string& text, int min);

template <typename Enum>
std::vector<std::string> namesOf(const std::vector<Enum>& values) {
    std::vector<std::string> names;
    for (Enum v : values) {
        names.emplace_back(name(v));
    }
    return names;
}

// "a, b, c": the list a message or a help line shows.
std::string joinedNames(const std::vector<std::string>& names);

// One of `choices`, by the name name() gives it.
template <typename Enum>
Enum parseChoice(const std::string& text, const std::vector<Enum>& choices) {
    for (Enum value : choices) {
        if (text == name(value)) {
            return value;
        }
    }
    throw CLI::ValidationError("'" + text + "' is not one of: " + joinedNames(namesOf(choices)));
}

// The add*Option functions keep a reference to their target, which must
// outlive the parse.
//
// The one way an option is added: every value given is handed to `take`,
// which parses it into the target and throws CLI::ValidationError (its
// message is prefixed with the option's name). `shown` is the default
// --help prints; empty shows none.
CLI::Option* addParsedOption(CLI::App& app, const std::string& flag, const std::string& help,
                             const std::string& typeName, const std::string& shown,
                             std::function<void(const std::vector<std::string>&)> take);

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
// A path writeOutputFile() can write, checked up front (see
// outputPathProblem()).
CLI::Option* addOutputPathOption(CLI::App& app, const std::string& flag, std::string& target,
                                 const std::string& help);

template <typename Enum>
CLI::Option* addChoiceOption(CLI::App& app, const std::string& flag, Enum& target,
                             const std::vector<Enum>& choices, const std::string& help);

// --copy-every N (0: never) and --pinned: the copy-back policy of the
// window and of `shot`, as a first version would copy the field back.
void addCopyBackOptions(CLI::App& app, int& every, bool& pinned);

// The options every command that runs a simulation takes, with the same
// names everywhere: --backend, --grid, --kernel (stencil kernels),
// --boundary, --init, --r.
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
