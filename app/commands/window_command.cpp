#include "app/commands/window_command.h"

#include "app/commands/option_values.h"
#include "app/commands/picture_options.h"
#include "app/ui/lecture_window.h"
#include "app/ui/scene.h"
#include "kernels/errors.h"
#include "kernels/grid_memory.h"

namespace heatlab {

void addWindowOptions(CLI::App& app, WindowOptions& o) {
    addSimulationOptions(app, o.params, o.backend, "Stencil kernel the window starts with");
    addCountOption(app, "--frames", o.frames, 1,
                   "Quit after N frames, >= 1 (for tests and scripts) [default: when closed]");
    addCountOption(app, "--steps-per-frame", o.stepsPerFrame, 1,
                   "Steps per displayed frame while running, >= 1");
    addOutputPathOption(app, "--screenshot", o.screenshot,
                        "Write the field at grid resolution as a PNG (as heatlab shot does) "
                        "when the window quits");
    addOutputPathOption(app, "--screenshot-window", o.screenshotWindow,
                        "Write the whole window, panel included, as a PNG after the last frame");
    addPictureOptions(app, o.picture);
    addCopyBackOptions(app, o.copyEvery, o.pinned);
    addChoiceOption(app, "--pace", o.pace, allPaces(),
                    "How the steps of a frame are chosen: --steps-per-frame of them, as many as "
                    "keep 30 frames a second, or --steps-per-second whatever the frame rate");
    addParsedOption(app, "--steps-per-second",
                    "The rate of --pace steps-per-second, a whole number from 1 to 100000 "
                    "(slows an explosion down for a class)",
                    "RATE", "60", [&o](const std::vector<std::string>& values) {
                        const int rate = parseCount(values.back(), 0);
                        if (rate < kMinStepsPerSecond || rate > kMaxStepsPerSecond) {
                            throw CLI::ValidationError(
                                "steps per second must be from 1 to "
                                "100000, got '" +
                                values.back() + "'");
                        }
                        o.stepsPerSecond = rate;
                    });
    app.add_flag("--no-vsync", o.noVsync,
                 "Start with vsync off: frames as fast as they come (the panel's vsync box "
                 "turns it back on)");
    CLI::Option* scene = addParsedOption(
        app, "--scene",
        "Start from a scene file saved from the panel: its grid, kernel, r, boundary, initial "
        "field, window settings and view",
        "FILE", "", [&o](const std::vector<std::string>& values) { o.scene = values.back(); });
    // The scene holds these: one given beside it would leave it unclear which wins.
    for (const char* held :
         {"--grid", "--kernel", "--boundary", "--init", "--r", "--steps-per-frame", "--colormap",
          "--range", "--display-path", "--sampling"}) {
        scene->excludes(held);
    }
    app.add_flag("--presenter", o.presenter,
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

int runWindow(const WindowOptions& o) {
    LectureOptions lecture;
    lecture.params = o.params;
    if (!o.scene.empty()) {
        // Read and checked whole before the backend or a window starts.
        lecture.scene = readScene(o.scene);
        lecture.params = lecture.scene->params;
    }
    BackendSelection selection = makeBackend(o.backend);
    refuseIfTooLarge(*selection.backend, lecture.params.grid);
    selection.backend->requireKernel(lecture.params.kernel);

    lecture.stepsPerFrame = lecture.scene ? lecture.scene->settings.stepsPerFrame : o.stepsPerFrame;
    lecture.presenter = o.presenter;
    lecture.picture = o.picture;
    lecture.copyEvery = o.copyEvery;
    lecture.pinned = o.pinned;
    lecture.pace = o.pace;
    lecture.stepsPerSecond = o.stepsPerSecond;
    lecture.vsync = !o.noVsync;
    lecture.frames = o.frames;
    lecture.screenshot = o.screenshot;
    lecture.screenshotWindow = o.screenshotWindow;
    LectureWindow window(lecture, std::move(selection.backend), selection.reason);
    window.run();
    return 0;
}

}  // namespace heatlab
