#include "app/lecture/shot_settings.h"

#include <filesystem>

#include "app/io/output_file.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

// Makes the --record folder where it does not exist yet (one level, as
// mkdir does: a missing parent is refused), and refuses one that cannot
// take files, before any work.
void prepareRecordFolder(const std::string& folder) {
    namespace fs = std::filesystem;
    std::error_code error;
    if (!fs::exists(folder, error)) {
        const fs::path parent = fs::path(folder).parent_path();
        if (!parent.empty() && !fs::is_directory(parent, error)) {
            throw UsageError("--record: the folder '" + parent.string() + "' of '" + folder +
                             "' does not exist");
        }
        if (!fs::create_directory(folder, error) && error) {
            throw UsageError("--record: cannot make the folder '" + folder +
                             "': " + error.message());
        }
    } else if (!fs::is_directory(folder, error)) {
        throw UsageError("--record: '" + folder + "' is not a folder");
    }
    const std::string problem = outputPathProblem(folder + "/heatlab_record_probe.png");
    if (!problem.empty()) {
        throw UsageError("--record: " + problem);
    }
}

}  // namespace

void refuseShotOptionClashes(const ShotOptions& o) {
    if (!o.cues.empty() && !o.ui) {
        throw UsageError("--cues is for --ui (the window drawn offscreen, playing the cues)");
    }
    // With --ui --cues, --record is the window at each cue's end.
    const bool fieldRecord = !o.recordDir.empty() && o.cues.empty();
    if (o.ui && (o.slide || fieldRecord || !o.field.empty())) {
        throw UsageError("--ui draws the window; --slide, --record and --field are the field's");
    }
    if (!o.cues.empty() && o.every > 0) {
        throw UsageError(
            "--every is for the field's --record; with --cues a picture is written "
            "at each cue's end");
    }
    if (!o.ui && (o.settings.presenter || o.uiSize || o.bandwidth)) {
        const char* flag =
            o.settings.presenter ? "--presenter" : (o.uiSize ? "--size" : "--bandwidth");
        throw UsageError(std::string(flag) + " is for --ui (the window drawn offscreen)");
    }
    if (o.frameBudgetMs && o.stats.empty()) {
        throw UsageError("--frame-budget is for --stats (it measures frames of that length)");
    }
    refuseDifferenceWithoutSplit(o.settings.comparison);
    if (o.settings.comparison.split && !o.ui && !o.slide) {
        throw UsageError("--split is for --ui or --slide (two panes drawn offscreen)");
    }
    if (o.settings.comparison.split && (!o.recordDir.empty() || !o.field.empty())) {
        throw UsageError("--record and --field are the field's; with --split use --ui or --slide");
    }
    if (o.loupe && !o.slide && !o.ui) {
        throw UsageError(
            "--loupe is for --slide or --ui (the field's own picture is at grid resolution)");
    }
    if (!o.recordDir.empty()) {
        if (o.every == 0 && o.cues.empty()) {
            throw UsageError("--record needs --every K (the steps between pictures)");
        }
        prepareRecordFolder(o.recordDir);
    } else if (o.every > 0) {
        throw UsageError("--every is only meaningful with --record DIR");
    }
}

BackendSelection shotBackend(const ShotOptions& o) {
    BackendSelection selection = makeBackend(o.settings.backend);
    Simulation::requireRunnable(*selection.backend, o.settings.params);
    return selection;
}

}  // namespace heatlab
