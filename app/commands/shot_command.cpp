#include "app/commands/shot_command.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>

#include "app/commands/option_values.h"
#include "app/commands/picture_options.h"
#include "app/commands/shot_picture.h"
#include "app/i18n/terminal_locale.h"
#include "app/i18n/translation.h"
#include "app/io/output_file.h"
#include "app/io/record_folder.h"
#include "app/lecture/measures/auto_scale.h"
#include "app/lecture/run/shot_video.h"
#include "app/measure/display_stats.h"
#include "kernels/base/errors.h"
#include "kernels/numerics/grid_modes.h"

namespace heatlab {

namespace {

void progress(const std::string& line) {
    std::fprintf(stderr, "heatlab shot: %s\n", terminalLine(line).c_str());
}

// --video-rate: what players take. One message for every wrong value (0
// and "abc" too, not parseCount's generic one).
int parseVideoRate(const std::string& text) {
    const UsageError refused(trf("a video plays %d to %d frames a second, got '%s'", kVideoMinRate,
                                 kVideoMaxRate, text.c_str()));
    int fps = 0;
    try {
        fps = parseCount(text, kVideoMinRate);
    } catch (const UsageError&) {
        throw refused;
    }
    if (fps > kVideoMaxRate) {
        throw refused;
    }
    return fps;
}

// --frame-budget's milliseconds: a frame of a display from 1000 Hz to 1 Hz.
double parseFrameBudget(const std::string& written) {
    const std::string text = trimmed(written);
    char* end = nullptr;
    const double ms = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || !(ms >= 1.0 && ms <= 1000.0)) {
        throw UsageError(
            trf("milliseconds from 1 to 1000 (16.7 for 60 Hz), got '%s'", text.c_str()));
    }
    return ms;
}

FrameSettings frameSettings(const ShotOptions& o, int steps) {
    FrameSettings settings = frameSettingsOf(o.settings, steps, std::nullopt);
    settings.loupe.shown = o.loupe;
    return settings;
}

// Whether the auto scale turns signed-log after this frame
// (app/lecture/measures/auto_scale.h): past the bound only, where measuring
// max |u| on the device is worth it.
bool explodedUnderAutoScale(Simulation& simulation, const PictureSettings& settings) {
    const Params& p = simulation.params();
    const double growth = highestModeFactor(p.grid, p.boundary, p.r);
    return settings.autoScale && settings.scale == ColourScale::Linear && std::fabs(growth) > 1.0 &&
           explodedPastBound(growth, simulation.backend().maxAbs());
}

// Runs the steps in frames of --every steps (one frame without --record or
// --video), each drawn, so the picture's field comes from the frame's last
// step as in the window. Returns the last frame's picture; writes the
// others into `record` and `video` when recording.
Picture runSteps(ShotPipeline& scene, const ShotOptions& o, RecordFolder* record,
                 ShotVideo* video) {
    const int chunk = o.every > 0 ? o.every : std::max(o.steps, 1);
    int done = 0;
    bool turnedLog = false;  // the auto scale, turned signed-log by an explosion
    for (;;) {
        const int steps = std::min(chunk, o.steps - done);
        FrameSettings settings = frameSettings(o, steps);
        settings.scale = turnedLog ? ColourScale::SignedLog : settings.scale;
        Picture picture = takePicture(scene, o, settings);
        if (!turnedLog && explodedUnderAutoScale(scene.simulation, settings)) {
            // Drawn again from the same field, as the window would show it.
            turnedLog = true;
            settings.scale = ColourScale::SignedLog;
            settings.steps = 0;
            const FrameStats ran = picture.frame;  // the steps' times, not the redraw's
            picture = takePicture(scene, o, settings);
            picture.frame = ran;
            std::fprintf(stderr, "heatlab: %s\n",
                         terminalLine(tr("the run exploded past the grid's bound: drawn with the "
                                         "signed-log scale (--scale linear keeps it linear)"))
                             .c_str());
        }
        done += steps;
        const long long step = scene.simulation.stepCount();
        if (record != nullptr) {
            record->write(pictureNameAfterState(o.settings.params, step), picture.image,
                          picture.text, step);
        }
        if (video) {
            const VideoFrameSize& size = video->size();
            video->add(size.scaled ? pictureAtVideoSize(scene, o, settings, size.width, size.height)
                                   : picture.image,
                       step);
        }
        if (done >= o.steps) {
            if (video) {
                video->finish(picture.text);
            }
            return picture;
        }
    }
}

// The picture and, with --field, the final field: one outcome, both
// written or neither, and the video (finished under its temporary name)
// renamed into place only once they are.
void writeShotOutputs(ShotPipeline& scene, const ShotOptions& o, const Picture& picture,
                      ShotVideo* video) {
    const std::string path =
        o.out.empty()
            ? unusedPath(pictureNameAfterState(o.settings.params, scene.simulation.stepCount()))
            : o.out;
    std::vector<OutputContents> files{{path, encodePng(picture.image, picture.text)}};
    if (!o.field.empty()) {
        const std::vector<float>& field = scene.simulation.fieldOnHost();
        files.push_back({o.field, std::string(reinterpret_cast<const char*>(field.data()),
                                              field.size() * sizeof(float))});
    }
    writeOutputFiles(files);
    if (video != nullptr) {
        video->publish();
    }
    for (const OutputContents& file : files) {
        std::printf("%s\n", file.path.c_str());
    }
}

}  // namespace

CLI::App* addShotCommand(CLI::App& app, ShotOptions& o) {
    CLI::App* shot = app.add_subcommand(
        "shot",
        tr("Run the steps with no window and no display (EGL), then write the field as a PNG "
           "(or measure the display path with --stats)"));
    LectureSettings& s = o.settings;
    addSimulationOptions(*shot, s.params, s.backend, tr("Stencil kernel"));
    addCountOption(*shot, "--steps", o.steps, 0, tr("Steps before the picture, >= 0"));
    addPictureOptions(*shot, s.picture);
    addCopyBackOptions(*shot, s.copyEvery, s.pinned);
    addComparisonOptions(*shot, s.comparison);
    addParsedOption(
        *shot, "--slide",
        tr("A composed picture of WxH pixels (64 to 8192 a side): the field and its colour bar"),
        "WxH", "",
        [&o](const std::vector<std::string>& v) { o.slide = parsePictureSize(v.back()); });
    addOutputPathOption(*shot, "--out", o.out,
                        tr("The PNG to write [default: named after kernel, r and step]"),
                        kPngFormat);
    addOutputPathOption(
        *shot, "--field", o.field,
        tr("Also write the final field, ring included, as raw little-endian float32 "
           "(nx * ny values, row by row): for comparing with other programs"));
    addParsedOption(*shot, "--record",
                    tr("Also write a numbered PNG into this folder every --every steps"), "DIR", "",
                    [&o](const std::vector<std::string>& v) {
                        o.recordDir = nonEmptyName(v.back(), "a folder");
                    });
    addCountOption(*shot, "--every", o.every, 1,
                   tr("Steps between --record pictures and --video frames, >= 1"));
    addOutputPathOption(*shot, "--video", o.video,
                        tr("Also record the run as an H.264 MP4 (FFmpeg's libraries, loaded now): "
                           "a frame every --every steps of what the PNG shows (the field, --slide, "
                           "or --ui; with --ui --cues a frame per displayed frame)"),
                        kMp4Format);
    addParsedOption(*shot, "--video-rate",
                    tr("The --video's frames a second when played (1 to 120)"), "FPS", "30",
                    [&o](const std::vector<std::string>& v) {
                        o.videoRate = parseVideoRate(v.back());
                        o.videoRateGiven = true;
                    });
    addOutputPathOption(
        *shot, "--stats", o.stats,
        tr("Measure the per-frame cost (steps, display update, draw, readback) over "
           "--frames frames of --steps-per-frame steps, print it and write it as JSON"));
    addCountOption(*shot, "--frames", o.frames, 1,
                   tr("Frames measured by --stats (with --ui --cues: the most a cue runs), >= 1"))
        ->each([&o](const std::string&) { o.framesGiven = true; });
    addStepsPerFrameOption(*shot, s.stepsPerFrame,
                           tr("Steps per frame measured by --stats (and run by --ui)"));
    addFlag(*shot, "--ui", o.ui,
            tr("Draw the whole lecture window, panel included, instead of the field (with "
               "--stats: measure the window's frames)"));
    addParsedOption(
        *shot, "--size", tr("The --ui picture's size, 64 to 8192 pixels a side"), "WxH", "1280x800",
        [&o](const std::vector<std::string>& v) { o.uiSize = parsePictureSize(v.back()); });
    addFlag(*shot, "--bandwidth", o.bandwidth,
            tr("With --ui: measure the panel's bandwidth table (the bench's kernels on this "
               "grid) after the steps, and show it"));
    addParsedOption(
        *shot, "--cues",
        tr("With --ui: play a cue list ('lecture' or a file) in simulated time, each cue "
           "to its end (one with no end of its own: 4 s of lecture time, and on to the pause "
           "of an explosion it shows or the end of a table it measures), or at most "
           "--frames frames when given; --record DIR gets the window at each cue's end"),
        "NAME|FILE", "", [&o](const std::vector<std::string>& v) {
            o.cues = nonEmptyName(v.back(), tr("'lecture' or a cue list's file"));
        });
    addParsedOption(*shot, "--frame-budget",
                    tr("With --stats: also frames of MS milliseconds (16.7 for 60 Hz), each filled "
                       "with the steps that fit beside the display, on interop and via host: the "
                       "per-frame overhead and the share of the undrawn step rate"),
                    "MS", "", [&o](const std::vector<std::string>& v) {
                        o.frameBudgetMs = parseFrameBudget(v.back());
                    });
    addFlag(*shot, "--loupe", o.loupe,
            tr("With --slide or --ui: the loupe, a magnified inset of the cells where the "
               "checkerboard is strongest (--ui shows it past the grid's bound without it)"));
    addFlag(*shot, "--presenter", s.presenter,
            tr("With --ui: the panel in presenter mode (x1.75, for a projector)"));
    return shot;
}

int runShot(const ShotOptions& o) {
    refuseShotOptionClashes(o);
    BackendSelection selection = shotBackend(o);
    ShotPipeline scene(std::move(selection.backend), o.settings.params);
    std::fprintf(stderr, "%s\n", terminalLine(selection.reason).c_str());
    scene.simulation.setCopyPolicy(copyPolicyOf(o.settings));
    progress("OpenGL: " + scene.context.description());

    if (!o.stats.empty()) {
        const ShotStats stats = measureShot(scene, o);
        printShotStats(stats);
        std::vector<BudgetRun> budget;
        if (o.frameBudgetMs) {
            const MeasureFrames measure = [&](int stepsPerFrame, DisplayPath path) {
                ShotOptions at = o;
                at.settings.stepsPerFrame = stepsPerFrame;
                at.settings.picture.path = path;
                return measureShot(scene, at);
            };
            budget = measureInBudget(measure, *o.frameBudgetMs,
                                     budgetPaths(scene.simulation.backend().facts()),
                                     o.settings.stepsPerFrame);
            printBudget(budget, *o.frameBudgetMs);
        }
        writeShotStats(stats, o.stats, budget, o.frameBudgetMs.value_or(0.0));
        return 0;
    }
    // Opened before the first frame (missing libraries, an unwritable name:
    // said before any work), and the --record folder made only then, so a
    // run refused up to here leaves nothing.
    std::optional<ShotVideo> video;
    if (!o.video.empty()) {
        const GridSize asked = o.slide.value_or(o.settings.params.grid);
        video.emplace(o, asked.nx, asked.ny, o.every);
    }
    std::optional<RecordFolder> record;
    if (!o.recordDir.empty()) {
        record.emplace(o.recordDir);
    }
    const Picture picture =
        runSteps(scene, o, record ? &*record : nullptr, video ? &*video : nullptr);
    if (!scene.view.fallbackReason().empty()) {
        progress(trf("display via host: %s", scene.view.fallbackReason().c_str()));
    }
    if (record) {
        record->refuseIfStopped(scene.simulation.stepCount());
    }
    writeShotOutputs(scene, o, picture, video ? &*video : nullptr);
    if (record) {
        record->keep();
    }
    return 0;
}

}  // namespace heatlab
