#include "app/commands/shot_ui_runner.h"

#include <glad/gl.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/i18n/terminal_locale.h"
#include "app/io/output_file.h"
#include "app/io/png_file.h"
#include "app/io/record_folder.h"
#include "app/lecture/files/cue_list.h"
#include "app/lecture/run/shot_video.h"
#include "app/lecture/run/simulation_control.h"
#include "app/measure/display_stats.h"
#include "app/platform/headless_context.h"
#include "app/platform/headless_surface.h"
#include "app/render/field_picture.h"
#include "app/render/offscreen_target.h"
#include "app/ui/imgui/imgui_layer.h"
#include "app/ui/lecture/lecture_ui.h"
#include "app/ui/lecture/shot_frames.h"
#include "kernels/base/errors.h"
#include "kernels/base/host_clock.h"

namespace heatlab {

namespace {

// --stats' frames, each one frame of the loop (the measuring's own rounds
// are app/measure/display_stats.h's, shared with `heatlab shot --stats`).
ShotStats measureUi(const LectureOnSurface& lecture, const OffscreenTarget& target, int frames,
                    int stepsPerFrame, DisplayPath path) {
    LectureUi& ui = lecture.ui;
    LectureSettings& settings = ui.settings();
    settings.running = true;
    settings.pace = Pace::FixedSteps;
    settings.stepsPerFrame = stepsPerFrame;
    settings.picture.path = path;
    std::vector<FrameStats> paneB;  // its part of the timed frames, when split
    const FrameRunner frame = [&](bool timed) {
        ui.setFrameTiming(timed ? FrameTiming::EveryFrame : FrameTiming::Never);
        FrameSource always;
        FrameSink bound;
        runShotFrames(lecture, always, bound, FrameClock{}, 1);
        if (timed && ui.paneCount() > 1) {
            paneB.push_back(ui.pane(1).lastFrame());
        }
        return ui.lastFrame();
    };
    // The read back is timed as a picture would be read, its pixels dropped.
    const MeasuredTarget measured{target.width(), target.height(), [] { glFinish(); },
                                  [&target] { target.read(); }};
    ShotStats stats = measureFrames(ui.simulation(), frame, measured, frames, stepsPerFrame);
    if (!paneB.empty()) {
        stats.paneB = paneStatsOf(paneB);
        stats.paneB->kernel = name(ui.pane(1).run().simulation().params().kernel);
    }
    stats.picture = settings.picture.surface ? "the window with its panel, the field as a surface"
                                             : "the window with its panel";
    stats.path = name(ui.lastFrame().path);
    stats.registrations = ui.registrations();
    stats.sharedFallback = ui.readouts().sharedFallbackReason;
    return stats;
}

// --stats (and --frame-budget): printed and written as JSON.
int writeUiStats(const LectureOnSurface& lecture, const OffscreenTarget& target,
                 const ShotOptions& o, const std::string& context) {
    ShotStats stats =
        measureUi(lecture, target, o.frames, o.settings.stepsPerFrame, o.settings.picture.path);
    stats.context = context;
    printShotStats(stats);
    std::vector<BudgetRun> budget;
    if (o.frameBudgetMs) {
        const MeasureFrames measure = [&](int stepsPerFrame, DisplayPath path) {
            return measureUi(lecture, target, o.frames, stepsPerFrame, path);
        };
        budget = measureInBudget(measure, *o.frameBudgetMs,
                                 budgetPaths(lecture.ui.simulation().backend().facts()),
                                 o.settings.stepsPerFrame);
        printBudget(budget, *o.frameBudgetMs);
    }
    writeShotStats(stats, o.stats, budget, o.frameBudgetMs.value_or(0.0));
    return 0;
}

// Where the cues' screenshots go must take them, checked before any work:
// the --record folder (checked with the options) or the working folder.
void refuseUnwritableScreenshots(const CueList& cues, const ShotOptions& o) {
    const bool anyScreenshot = std::any_of(cues.cues.begin(), cues.cues.end(),
                                           [](const Cue& cue) { return cue.screenshot; });
    if (!anyScreenshot || !o.recordDir.empty()) {
        return;
    }
    const std::string problem = outputPathProblem("heatlab_screenshot_probe.png");
    if (!problem.empty()) {
        throw UsageError(
            "--cues: the cues' screenshots go into the working folder (or --record "
            "DIR): " +
            problem);
    }
}

// Read and checked whole before any backend or GL: one line and exit 2.
std::optional<CueList> readShotCues(const ShotOptions& o) {
    std::optional<CueList> cues;
    if (!o.cues.empty()) {
        cues = readCues(o.cues);
        refuseUnwritableScreenshots(*cues, o);
    }
    return cues;
}

// The cues' kernels and grids checked against the backend: before the
// context (`context` null) their memory, once it has said what it can draw
// the grids again against that too.
void checkCuesPlayable(const std::optional<CueList>& cues, const ShotOptions& o,
                       const Backend& backend, const HeadlessContext* context) {
    if (!cues) {
        return;
    }
    LectureSettings start = o.settings;
    start.backend = choiceOf(backend);
    if (context == nullptr) {
        checkKernelsPlayable(*cues, start);
    }
    checkGridsPlayable(*cues, start, backend);
}

// The run's frames: the cues played, or the steps.
void runUiFrames(const LectureOnSurface& lecture, HeadlessSurface& surface,
                 std::optional<CueList> cues, const ShotOptions& o, const OffscreenTarget& target,
                 ShotVideo* video, RecordFolder* record) {
    if (cues) {
        ShotCues played(lecture.ui, surface, std::move(*cues), o, target, video, record);
        runShotFrames(lecture, played, played, FrameClock{&surface, kShotFrameSeconds});
        return;
    }
    // --video --every K: the window's frames are K steps each.
    const int stepsPerFrame = video ? o.every : o.settings.stepsPerFrame;
    ShotSteps steps(lecture.ui, o.steps, stepsPerFrame, o.bandwidth, target, video);
    runShotFrames(lecture, steps, steps);
}

// The picture (or --slide's), then the video beside it: one outcome.
void writeUiPicture(LectureUi& ui, const OffscreenTarget& target, const ShotOptions& o,
                    std::optional<ShotVideo>& video, std::optional<RecordFolder>& record) {
    if (video) {
        video->finish(ui.pictures().describe());
    }
    const Params& ran = ui.simulation().params();
    const std::string path =
        o.out.empty() ? unusedPath(pictureNameAfterState(ran, ui.simulation().stepCount())) : o.out;
    if (o.slide) {
        // --slide --split: the two panes' slide, from the lecture's frames.
        const Picture slide = ui.pictures().slide(o.slide->nx, o.slide->ny, o.loupe);
        writePng(path, slide.image, slide.text);
    } else {
        if (record) {
            record->refuseIfStopped(ui.simulation().stepCount());
        }
        writePng(path, target.read(), ui.pictures().describe());
    }
    if (video) {
        video->publish();  // once the picture is written: one outcome
    }
    std::printf("%s\n", path.c_str());
    if (record && !o.slide) {
        record->keep();
    }
}

}  // namespace

int runShotUi(const ShotOptions& o) {
    refuseShotOptionClashes(o);
    std::optional<CueList> cues = readShotCues(o);
    BackendSelection selection = shotBackend(o);
    checkCuesPlayable(cues, o, *selection.backend, nullptr);
    HeadlessContext context;
    // The context has said what it can draw: a grid it cannot show, the
    // run's or a cue scene's, is refused now, before anything runs.
    Simulation::requireRunnable(*selection.backend, o.settings.params);
    checkCuesPlayable(cues, o, *selection.backend, &context);
    std::fprintf(stderr, "%s\n", terminalLine(selection.reason).c_str());
    std::fprintf(stderr, "heatlab shot: OpenGL: %s\n", terminalLine(context.description()).c_str());
    GridSize size = o.uiSize.value_or(GridSize{kWindowWidth, kWindowHeight});
    // Opened before the frames (missing libraries, an unwritable name: said
    // before any work). A window too large for H.264 is drawn at the size
    // the video takes, its PNG too.
    std::optional<ShotVideo> video;
    if (!o.video.empty()) {
        video.emplace(o, size.nx, size.ny, o.cues.empty() ? o.every : 0);
        size = GridSize{video->size().width, video->size().height};
    }
    // Its clock from the host's time now: the rates began counting there.
    HeadlessSurface surface(SurfaceSize{{size.nx, size.ny}, {size.nx, size.ny}}, 1.0f,
                            secondsNow());
    ImGuiLayer imgui(surface);
    LectureSettings settings = o.settings;
    if (o.loupe) {
        settings.loupe = LoupeMode::On;
    }
    LectureUi ui(settings, std::move(selection.backend), imgui, context.description());
    const LectureOnSurface lecture{surface, imgui, ui};
    OffscreenTarget target(size.nx, size.ny);
    const auto bound = target.bind();
    if (!o.stats.empty()) {
        return writeUiStats(lecture, target, o, context.description());
    }
    // Made once the run is known to go ahead (the backend, the context and
    // the video had): a refused run leaves no folder.
    std::optional<RecordFolder> record;
    if (!o.recordDir.empty()) {
        record.emplace(o.recordDir);
    }
    runUiFrames(lecture, surface, std::move(cues), o, target, video ? &*video : nullptr,
                record ? &*record : nullptr);
    writeUiPicture(ui, target, o, video, record);
    return 0;
}

}  // namespace heatlab
