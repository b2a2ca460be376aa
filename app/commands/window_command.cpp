#include "app/commands/window_command.h"

#include <cstdint>

#include "app/commands/option_values.h"
#include "app/commands/picture_options.h"
#include "app/i18n/translation.h"
#include "kernels/base/errors.h"

namespace heatlab {

void addWindowOptions(CLI::App& app, LectureStart& o) {
    LectureSettings& s = o.settings;
    addSimulationOptions(app, s.params, s.backend, tr("Stencil kernel the window starts with"));
    app.get_option("--grid")
        ->each([&o](const std::string&) { o.gridChosen = true; })
        ->default_str(tr("2048 on CUDA, 512 on the CPU"));
    addCountOption(app, "--frames", o.frames, 1,
                   tr("Quit after N frames, >= 1 (for tests and scripts) [default: when closed]"));
    addStepsPerFrameOption(app, s.stepsPerFrame, tr("Steps per displayed frame while running"));
    addOutputPathOption(app, "--screenshot", o.screenshot,
                        tr("Write the field at grid resolution as a PNG (as heatlab shot does) "
                           "when the window quits"),
                        kPngFormat);
    addOutputPathOption(app, "--screenshot-window", o.screenshotWindow,
                        tr("Write the whole window, panel included, as a PNG after the last frame"),
                        kPngFormat);
    const std::vector<CLI::Option*> pictureOptions = addPictureOptions(app, s.picture);
    addCopyBackOptions(app, s.copyEvery, s.pinned);
    addComparisonOptions(app, s.comparison);
    addChoiceOption(app, "--pace", s.pace, allPaces(),
                    tr("How the steps of a frame are chosen: --steps-per-frame of them, as many as "
                       "keep 30 frames a second, or --steps-per-second whatever the frame rate"));
    addParsedOption(
        app, "--steps-per-second",
        tr("The rate of --pace steps-per-second, a whole number from 1 to 100000 "
           "(slows an explosion down for a class)"),
        "RATE", "60", [&s](const std::vector<std::string>& values) {
            const int rate = parseCount(values.back(), 0);
            if (rate < kMinStepsPerSecond || rate > kMaxStepsPerSecond) {
                throw UsageError(trf("steps per second must be from 1 to 100000, got '%s'",
                                     values.back().c_str()));
            }
            s.stepsPerSecond = rate;
        });
    addParsedOption(app, "--explosion-pace",
                    tr("Past the grid's own stability bound, whatever --pace says: steps a second "
                       "that grow the checkerboard by this many powers of ten a second, so the "
                       "explosion lasts about 20 s; 0 keeps --pace"),
                    "DECADES", "1.5", [&s](const std::vector<std::string>& values) {
                        const double decades =
                            parseFiniteNumber(values.back(), tr("explosion pace"));
                        if (!explosionPaceAllowed(decades)) {
                            throw UsageError(trf("explosion pace must be %s, got '%s'",
                                                 tr(kExplosionPaceRule), values.back().c_str()));
                        }
                        s.explosionDecadesPerSecond = decades;
                    });
    addFlag(
        app, "--no-vsync", [&s] { s.vsync = false; },
        tr("Start with vsync off: frames as fast as they come (the panel's vsync box "
           "turns it back on)"));
    CLI::Option* scene = addParsedOption(
        app, "--scene",
        tr("Start from a scene file saved from the panel: its grid, kernel, r, boundary, initial "
           "field, window settings and view"),
        "FILE", "", [&o](const std::vector<std::string>& values) {
            o.scenePath = nonEmptyName(values.back(), tr("a scene's file"));
        });
    addParsedOption(app, "--cues",
                    tr("Play a lecture's cue list: 'lecture' (the shipped one) or a file; Page "
                       "Down / Right the next cue, Page Up / Left the one before, applied again"),
                    "NAME|FILE", "", [&o](const std::vector<std::string>& values) {
                        o.cues = nonEmptyName(values.back(), tr("'lecture' or a cue list's file"));
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
            tr("Start in presenter mode: the whole UI scaled x1.75 for a projector (F5 "
               "toggles it)"));
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
            throw UsageError(
                trf("%s before '%s' is an option of the window (heatlab with no "
                    "command); give it after the command: heatlab %s %s ...",
                    option->get_name().c_str(), command.c_str(), command.c_str(),
                    option->get_name().c_str()));
        }
    }
}

}  // namespace heatlab
