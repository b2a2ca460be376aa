#include "app/commands/help_words.h"

#include <memory>
#include <regex>

#include "app/i18n/translation.h"

namespace heatlab {

namespace {

void translateGroups(CLI::App& command) {
    for (CLI::Option* option : command.get_options()) {
        if (option->get_group() == "Options") {
            option->group(tr("Options"));
        }
    }
    if (CLI::Option* help = command.get_help_ptr()) {
        help->description(tr("Print this help message and exit"));
    }
    for (CLI::App* sub : command.get_subcommands([](const CLI::App*) { return true; })) {
        if (sub->get_group() == "Subcommands") {
            sub->group(tr("Subcommands"));
        }
        translateGroups(*sub);
    }
}

}  // namespace

void translateHelpWords(CLI::App& app) {
    // One formatter, shared with the commands made from `app` (CLI11 hands
    // its formatter down), so its labels reach every command's help.
    const std::shared_ptr<CLI::FormatterBase> formatter = app.get_formatter();
    formatter->label("Usage", tr("Usage"));
    formatter->label("OPTIONS", tr("OPTIONS"));
    formatter->label("SUBCOMMAND", tr("SUBCOMMAND"));
    formatter->label("SUBCOMMANDS", tr("SUBCOMMANDS"));
    formatter->label("Positionals", tr("Positionals"));
    formatter->label("REQUIRED", tr("REQUIRED"));
    formatter->label("Excludes", tr("Excludes"));
    formatter->label("Needs", tr("Needs"));
    translateGroups(app);
}

std::string translatedParseError(const CLI::ParseError& error) {
    const std::string message = error.what();
    std::smatch parts;
    // CLI11: "--scene excludes --grid".
    static const std::regex excludes("^(\\S+) excludes (\\S+)$");
    if (std::regex_match(message, parts, excludes)) {
        return trf("%s excludes %s", parts.str(1).c_str(), parts.str(2).c_str());
    }
    // CLI11: "--grid: 1 required N|NXxNY missing" (an option given no value).
    static const std::regex missing("^(\\S+): (\\d+) required (\\S+) missing$");
    if (std::regex_match(message, parts, missing)) {
        return trf("%s: %s required %s missing", parts.str(1).c_str(), parts.str(2).c_str(),
                   parts.str(3).c_str());
    }
    return message;
}

}  // namespace heatlab
