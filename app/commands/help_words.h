#pragma once
// CLI11's own words in the chosen language: the help's headings ("Usage",
// "Options", "Subcommands"), the help flag's description, and the messages
// CLI11 makes itself for a mistake heatlab's options do not check first
// (a value missing, two options that exclude each other).

#include <string>

#include <CLI/CLI.hpp>

namespace heatlab {

// Translates the help's words of `app` and of every command under it; call
// it once every option is added.
void translateHelpWords(CLI::App& app);

// `error`'s message in the chosen language: CLI11's own messages that a
// user can meet are translated; heatlab's (already translated) are kept.
std::string translatedParseError(const CLI::ParseError& error);

}  // namespace heatlab
