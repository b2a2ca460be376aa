#include "app/lecture/shot_settings.h"

#include <cctype>
#include <filesystem>

#include <sys/stat.h>

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

// The video's name: an MP4 file that can be written (checked by making
// and removing a file beside it, as for every output), refused before any
// work.
void checkVideoPath(const std::string& path) {
    const std::size_t dot = path.rfind('.');
    std::string extension = dot == std::string::npos ? "" : path.substr(dot);
    for (char& c : extension) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    if (extension != ".mp4") {
        throw UsageError("--video writes an MP4 file: name it FILE.mp4, got '" + path + "'");
    }
    struct stat existing = {};
    if (::lstat(path.c_str(), &existing) == 0 && !S_ISREG(existing.st_mode) &&
        !S_ISDIR(existing.st_mode)) {
        throw UsageError("--video: '" + path +
                         "' is not a regular file (a video is written to one and renamed into "
                         "place)");
    }
    const std::string problem = outputPathProblem(path);
    if (!problem.empty()) {
        throw UsageError("--video: " + problem);
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
    if (o.videoRateGiven && o.video.empty()) {
        throw UsageError("--video-rate is for --video FILE.mp4");
    }
    if (!o.video.empty()) {
        if (!o.stats.empty()) {
            throw UsageError("--stats measures frames; --video records them: one at a time");
        }
        if (o.cues.empty() && o.every == 0) {
            throw UsageError(
                "--video needs --every K (the steps between frames; with --ui --cues a frame "
                "is taken per displayed frame)");
        }
        checkVideoPath(o.video);
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
    } else if (o.every > 0 && o.video.empty()) {
        throw UsageError("--every is only meaningful with --record DIR or --video FILE.mp4");
    }
}

BackendSelection shotBackend(const ShotOptions& o) {
    BackendSelection selection = makeBackend(o.settings.backend);
    Simulation::requireRunnable(*selection.backend, o.settings.params);
    return selection;
}

}  // namespace heatlab
