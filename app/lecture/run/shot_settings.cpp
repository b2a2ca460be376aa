#include "app/lecture/run/shot_settings.h"

#include <iterator>
#include <utility>

#include <sys/stat.h>

#include "app/i18n/translation.h"
#include "app/io/output_file.h"
#include "app/io/record_folder.h"
#include "app/lecture/run/memory_use.h"
#include "app/picture/picture_size.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

// A folder's name without the slashes after it ("rec/" is "rec").
std::string withoutTrailingSlashes(std::string folder) {
    while (folder.size() > 1 && folder.back() == '/') {
        folder.pop_back();
    }
    return folder;
}

// The files a shot writes, by option: two of them naming one file would
// leave one output in place of the other (JSON in a .png), and a file
// named as the --record folder would find the folder there.
void refuseSharedOutputs(const ShotOptions& o) {
    const std::string record = withoutTrailingSlashes(o.recordDir);
    const std::pair<const char*, const std::string*> outputs[] = {{"--out", &o.out},
                                                                  {"--field", &o.field},
                                                                  {"--video", &o.video},
                                                                  {"--stats", &o.stats},
                                                                  {"--record", &record}};
    for (std::size_t i = 0; i < std::size(outputs); ++i) {
        for (std::size_t j = i + 1; j < std::size(outputs); ++j) {
            const std::string& a = *outputs[i].second;
            const std::string& b = *outputs[j].second;
            if (!a.empty() && !b.empty() && sameOutputFile(a, b)) {
                throw UsageError(trf("%s and %s both name %s: one file cannot hold two outputs",
                                     outputs[i].first, outputs[j].first, b.c_str()));
            }
        }
    }
}

// The video's name: a regular file (or a new name) that can be written
// (checked by making and removing a file beside it, as for every output;
// its extension by the option, as every output's), refused before any
// work.
void checkVideoPath(const std::string& path) {
    struct stat existing = {};
    if (::lstat(path.c_str(), &existing) == 0 && !S_ISREG(existing.st_mode) &&
        !S_ISDIR(existing.st_mode)) {
        throw UsageError(
            trf("--video: '%s' is not a regular file (a video is written to one "
                "and renamed into place)",
                path.c_str()));
    }
    const std::string problem = outputPathProblem(path);
    if (!problem.empty()) {
        throw UsageError("--video: " + problem);
    }
}

}  // namespace

void refuseShotOptionClashes(const ShotOptions& o) {
    refuseSharedOutputs(o);
    // The field's own picture, at one pixel a cell: refused before the
    // grid is allocated or stepped.
    if (!o.ui && !o.slide && o.stats.empty() && !o.settings.comparison.split) {
        refuseFieldPictureOver(o.settings.params.grid);
    }
    if (!o.cues.empty() && !o.ui) {
        throw UsageError(tr("--cues is for --ui (the window drawn offscreen, playing the cues)"));
    }
    // With --ui --cues, --record is the window at each cue's end.
    const bool fieldRecord = !o.recordDir.empty() && o.cues.empty();
    if (o.ui && (o.slide || fieldRecord || !o.field.empty())) {
        throw UsageError(
            tr("--ui draws the window; --slide, --record and --field are the field's"));
    }
    if (o.videoRateGiven && o.video.empty()) {
        throw UsageError(tr("--video-rate is for --video FILE.mp4"));
    }
    if (!o.video.empty()) {
        if (!o.stats.empty()) {
            throw UsageError(tr("--stats measures frames; --video records them: one at a time"));
        }
        if (o.cues.empty() && o.every == 0) {
            throw UsageError(
                tr("--video needs --every K (the steps between frames; with --ui --cues a frame "
                   "is taken per displayed frame)"));
        }
        checkVideoPath(o.video);
    }
    if (!o.cues.empty() && o.every > 0) {
        throw UsageError(
            tr("--every is for the field's --record; with --cues a picture is written "
               "at each cue's end"));
    }
    if (!o.ui && (o.settings.presenter || o.uiSize || o.bandwidth)) {
        const char* flag =
            o.settings.presenter ? "--presenter" : (o.uiSize ? "--size" : "--bandwidth");
        throw UsageError(trf("%s is for --ui (the window drawn offscreen)", flag));
    }
    if (o.frameBudgetMs && o.stats.empty()) {
        throw UsageError(tr("--frame-budget is for --stats (it measures frames of that length)"));
    }
    refuseDifferenceWithoutSplit(o.settings.comparison);
    if (o.settings.comparison.split && !o.ui && !o.slide) {
        throw UsageError(tr("--split is for --ui or --slide (two panes drawn offscreen)"));
    }
    if (o.settings.comparison.split && (!o.recordDir.empty() || !o.field.empty())) {
        throw UsageError(
            tr("--record and --field are the field's; with --split use --ui or --slide"));
    }
    if (o.loupe && !o.slide && !o.ui) {
        throw UsageError(
            tr("--loupe is for --slide or --ui (the field's own picture is at grid resolution)"));
    }
    if (!o.recordDir.empty()) {
        if (o.every == 0 && o.cues.empty()) {
            throw UsageError(tr("--record needs --every K (the steps between pictures)"));
        }
        // Made only once the run goes ahead (RecordFolder): a run refused
        // later (the backend, the grid, FFmpeg) leaves no folder.
        const std::string problem = recordFolderProblem(o.recordDir);
        if (!problem.empty()) {
            throw UsageError("--record: " + problem);
        }
    } else if (o.every > 0 && o.video.empty()) {
        throw UsageError(tr("--every is only meaningful with --record DIR or --video FILE.mp4"));
    }
}

BackendSelection shotBackend(const ShotOptions& o) {
    // What the shot holds besides the backend, for every check of a grid.
    setMemoryUse(shotMemoryUse(o));
    BackendSelection selection = makeBackend(o.settings.backend);
    Simulation::requireRunnable(*selection.backend, o.settings.params);
    return selection;
}

}  // namespace heatlab
