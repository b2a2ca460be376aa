#include "app/commands/window_command.h"

#include <cstdint>

#include "app/commands/option_values.h"
#include "app/commands/picture_options.h"
#include "kernels/base/errors.h"

namespace heatlab {

void addWindowOptions(CLI::App& app, LectureStart& o) {
    LectureSettings& s = o.settings;
    addSimulationOptions(app, s.params, s.backend, "Stencil kernel the window starts with");
    app.get_option("--grid")
        ->each([&o](const std::string&) { o.gridChosen = true; })
        ->default_str("2048 on CUDA, 512 on the CPU");
    addCountOption(app, "--frames", o.frames, 1,
                   "Quit after N frames, >= 1 (for tests and scripts) [default: when closed]");
    addStepsPerFrameOption(app, s.stepsPerFrame, "Steps per displayed frame while running");
    addOutputPathOption(app, "--screenshot", o.screenshot,
                        "Write the field at grid resolution as a PNG (as heatlab shot does) "
                        "when the window quits");
    addOutputPathOption(app, "--screenshot-window", o.screenshotWindow,
                        "Write the whole window, panel included, as a PNG after the last frame");
    const std::vector<CLI::Option*> pictureOptions = addPictureOptions(app, s.picture);
    addCopyBackOptions(app, s.copyEvery, s.pinned);
    addComparisonOptions(app, s.comparison);
    addChoiceOption(app, "--pace", s.pace, allPaces(),
                    "How the steps of a frame are chosen: --steps-per-frame of them, as many as "
                    "keep 30 frames a second, or --steps-per-second whatever the frame rate");
    addParsedOption(app, "--steps-per-second",
                    "The rate of --pace steps-per-second, a whole number from 1 to 100000 "
                    "(slows an explosion down for a class)",
                    "RATE", "60", [&s](const std::vector<std::string>& values) {
                        const int rate = parseCount(values.back(), 0);
                        if (rate < kMinStepsPerSecond || rate > kMaxStepsPerSecond) {
                            throw UsageError(
                                "steps per second must be from 1 to "
                                "100000, got '" +
                                values.back() + "'");
                        }
                        s.stepsPerSecond = rate;
                    });
    addParsedOption(app, "--explosion-pace",
                    "Past the grid's own stability bound, whatever --pace says: steps a second "
                    "that grow the checkerboard by this many powers of ten a second, so the "
                    "explosion lasts about 20 s; 0 keeps --pace",
                    "DECADES", "1.5", [&s](const std::vector<std::string>& values) {
                        const double decades = parseFiniteNumber(values.back(), "explosion pace");
                        if (!explosionPaceAllowed(decades)) {
                            throw UsageError(std::string("explosion pace must be ") +
                                             kExplosionPaceRule + ", got '" + values.back() + "'");
                        }
                        s.explosionDecadesPerSecond = decades;
                    });
    addFlag(
        app, "--no-vsync", [&s] { s.vsync = false; },
        "Start with vsync off: frames as fast as they come (the panel's vsync box "
        "turns it back on)");
    CLI::Option* scene = addParsedOption(
        app, "--scene",
        "Start from a scene file saved from the panel: its grid, kernel, r, boundary, initial "
        "field, window settings and view",
        "FILE", "", [&o](const std::vector<std::string>& values) {
            o.scenePath = nonEmptyName(values.back(), "a scene's file");
        });
    addParsedOption(app, "--cues",
                    "Play a lecture's cue list: 'lecture' (the shipped one) or a file; Page "
                    "Down / Right the next cue, Page Up / Left the one before, applied again",
                    "NAME|FILE", "", [&o](const std::vector<std::string>& values) {
                        o.cues = nonEmptyName(values.back(), "'lecture' or a cue list's file");
                    });
    // The scene holds these: one given beside it would leave it unclear which wins.
    for (const char* held :
         {"--grid", "--kernel", "--boundary", "--init", "--r", "--steps-per-frame"}) {
        scene->excludes(held);
    }
    for (CLI::Option* held : pictureOptions) {
        scene->excludes(held);
    }
    addFlag(app, "--presenter", s.presenter,
            "Start in presenter mode: the whole UI scaled x1.75 for a projector (F5 "
            "toggles it)");
}

void refuseWindowOptionsWithCommand(const CLI::App& app) {
    const std::vector<CLI::App*> commands = app.get_subcommands();
    if (commands.empty()) {
        return;
    }
    for (const CLI::Option* option : app.get_options()) {
        if (option->count() > 0 && option != app.get_help_ptr() &&
            option != app.get_help_all_ptr()) {
            const std::string command = commands.front()->get_name();
            throw UsageError(option->get_name() + " before '" + command +
                             "' is an option of the window (heatlab with no command); give it "
                             "after the command: heatlab " +
                             command + " " + option->get_name() + " ...");
        }
    }
}

}  // namespace heatlab
