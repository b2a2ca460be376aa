// heatlab: the command line. The one catch that turns every error into a
// message and an exit status lives here: 2 for bad usage, 1 for a runtime
// failure (or a failed check).

#include <cstdio>
#include <exception>

#include <CLI/CLI.hpp>

#include "app/commands/bench_command.h"
#include "app/commands/shot_command.h"
#include "app/commands/window_command.h"
#include "app/ui/lecture_window.h"
#include "app/ui/ui_shot.h"
#include "kernels/base/errors.h"

namespace {

int run(int argc, char** argv) {
    CLI::App app{
        "heatlab: an interactive visualiser and bench of the 2D heat equation "
        "(explicit five-point stencil, r = alpha dt / h^2)",
        "heatlab"};
    app.footer(
        "With no command, heatlab opens the lecture window with the options above. "
        "Run a command with --help for its options, e.g. heatlab bench --help");
    heatlab::BenchOptions benchOptions;
    CLI::App* bench = heatlab::addBenchCommand(app, benchOptions);
    heatlab::ShotOptions shotOptions;
    CLI::App* shot = heatlab::addShotCommand(app, shotOptions);
    heatlab::LectureStart windowStart;
    heatlab::addWindowOptions(app, windowStart);

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::fprintf(stderr, "heatlab: %s\n", e.what());
        return 2;
    }
    heatlab::refuseWindowOptionsWithCommand(app);
    if (bench->parsed()) {
        return heatlab::runBench(benchOptions);
    }
    if (shot->parsed()) {
        return shotOptions.ui ? heatlab::runShotUi(shotOptions) : heatlab::runShot(shotOptions);
    }
    return heatlab::runWindow(windowStart);
}

}  // namespace

int main(int argc, char** argv) {
    try {
        return run(argc, argv);
    } catch (const heatlab::UsageError& e) {
        std::fprintf(stderr, "heatlab: %s\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "heatlab: error: %s\n", e.what());
        return 1;
    }
}
