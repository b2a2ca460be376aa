#include "app/ui/ui_shot.h"

#include <glad/gl.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>

#include "app/i18n/terminal_locale.h"
#include "app/i18n/translation.h"
#include "app/io/output_file.h"
#include "app/io/record_folder.h"
#include "app/lecture/cue_list.h"
#include "app/lecture/shot_video.h"
#include "app/lecture/simulation_control.h"
#include "app/measure/display_stats.h"
#include "app/platform/headless_context.h"
#include "app/platform/headless_surface.h"
#include "app/render/field_picture.h"
#include "app/render/offscreen_target.h"
#include "app/ui/imgui_layer.h"
#include "app/ui/lecture_input.h"
#include "app/ui/lecture_ui.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

// Frames with no steps after the last step: Dear ImGui sizes a table's
// columns from the frame before, so the picture is taken once they settle.
constexpr int kSettleFrames = 3;
constexpr int kTimedLastFrames = 3;
// Simulated time: the window's frames at 60 a second.
constexpr double kFrameSeconds = 1.0 / 60.0;
// Headless, without --frames: a cue with no end of its own ("until") runs
// this much lecture time, one with an end until it comes, but no longer
// than the second figure (an end that never comes, as "pause" at a stable
// r), which is said.
constexpr double kCueSecondsWithoutEnd = 4.0;
constexpr double kMostCueSeconds = 300.0;

// The lecture on the headless surface, one frame at a time.
struct HeadlessLecture {
    HeadlessSurface& surface;
    ImGuiLayer& imgui;
    LectureUi& ui;
    void frame() const { lectureFrame(surface, imgui, ui); }
};

// Runs `steps` steps in frames of at most `stepsPerFrame` (the lecture's
// pace and explosion pace set aside meanwhile: a picture is of the steps
// asked for, not of the wall time they took), or fewer where the run
// pauses before the floats overflow; then pauses (and measures the
// bandwidth table, a row a frame, when asked).
void runSteps(HeadlessLecture lecture, int steps, int stepsPerFrame, bool bandwidth,
              const OffscreenTarget& target, ShotVideo* video) {
    LectureUi& ui = lecture.ui;
    LectureSettings& settings = ui.settings();
    const Pace pace = settings.pace;
    const double explosion = settings.explosionDecadesPerSecond;
    settings.pace = Pace::FixedSteps;
    settings.explosionDecadesPerSecond = 0.0;
    settings.running = true;
    const long long start = ui.simulation().stepCount();
    for (int done = 0; done < steps && settings.running;) {
        settings.stepsPerFrame = std::min(stepsPerFrame, steps - done);
        // The panel's breakdown shows the last frame that ran steps, timed
        // after a few timed ones (a run this short would otherwise show only
        // its first, cold, frame; the first timed frames after untimed ones
        // also wait for what those left queued).
        const bool lastFew = done + kTimedLastFrames * stepsPerFrame >= steps;
        ui.setFrameTiming(lastFew ? FrameTiming::EveryFrame : FrameTiming::Sampled);
        lecture.frame();
        done = static_cast<int>(ui.simulation().stepCount() - start);
        if (video != nullptr) {
            video->add(target.read(), ui.simulation().stepCount());
        }
    }
    ui.setFrameTiming(FrameTiming::Never);
    settings.running = false;
    settings.stepsPerFrame = stepsPerFrame;
    settings.pace = pace;
    settings.explosionDecadesPerSecond = explosion;
    if (bandwidth) {
        ui.measureBandwidth();
        while (ui.measuringBandwidth()) {
            lecture.frame();
        }
    }
    for (int i = 0; i < kSettleFrames; ++i) {
        lecture.frame();
    }
}

ShotStats measureUi(HeadlessLecture lecture, const OffscreenTarget& target, int frames,
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
        lecture.frame();
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

}  // namespace

namespace {

// A cue's screenshot, when the frame just drawn took one: its name said
// on stdout (one line), counted with the record's pictures; one that was
// not saved fails the run, as any output asked for does.
void sayScreenshot(LectureUi& ui, int cue, RecordFolder* record) {
    const std::optional<ScreenshotOutcome> shot = ui.pictures().takeOutcome();
    if (!shot) {
        return;
    }
    if (!shot->failure.empty()) {
        throw RuntimeError(
            trf("cue %d's screenshot not saved: %s", cue + 1, shot->failure.c_str()));
    }
    if (record != nullptr) {
        record->adopt(shot->path);
    }
    std::printf("%s\n", shot->path.c_str());
}

// The cue list played as a presenter would, in simulated time (60 frames a
// second, so ramps and paces are the lecture's own, on the surface's clock):
// each cue until it waits, goes on by itself or has run --frames frames,
// then the window's picture into --record DIR and the clicker's Page Down,
// pressed and released on the surface (held a frame, as every tap is).
void playCues(HeadlessLecture lecture, const OffscreenTarget& target, const ShotOptions& o,
              CueList cues, RecordFolder* record, ShotVideo* video) {
    LectureUi& ui = lecture.ui;
    HeadlessSurface& surface = lecture.surface;
    ui.setClock([&surface] { return surface.seconds(); });
    if (record != nullptr) {
        // The cues' own screenshots go beside the record's pictures.
        ui.pictures().panel().folder = record->folder();
    }
    ui.setCues(std::move(cues));
    for (int cue = 0; cue < ui.cues().count(); ++cue) {
        if (ui.cues().index() < cue) {
            surface.input().push(InputEvent::keyDown(KeyCode::PageDown));
            surface.input().push(InputEvent::keyUp(KeyCode::PageDown));
        }
        const bool hasEnd =
            ui.cues().list().cues.at(static_cast<std::size_t>(cue)).until.has_value();
        const int cap =
            o.framesGiven
                ? o.frames
                : static_cast<int>(std::lround((hasEnd ? kMostCueSeconds : kCueSecondsWithoutEnd) /
                                               kFrameSeconds));
        int frames = 0;
        do {
            surface.advance(kFrameSeconds);
            lecture.frame();
            ++frames;
            sayScreenshot(ui, ui.cues().index(), record);
            if (record != nullptr) {
                record->refuseIfStopped(ui.simulation().stepCount());
            }
            if (video != nullptr) {
                video->add(target.read(), ui.simulation().stepCount());
            }
        } while (frames < cap && !ui.cues().waiting() && ui.cues().index() == cue);
        if (!o.framesGiven && hasEnd && frames >= cap && !ui.cues().waiting()) {
            std::fprintf(stderr, "heatlab shot: %s\n",
                         terminalLine(trf("cue %d: its end did not come in %.0f s of lecture "
                                          "time; the next cue plays",
                                          cue + 1, kMostCueSeconds))
                             .c_str());
        }
        if (record != nullptr) {
            char name[32];
            std::snprintf(name, sizeof name, "cue_%02d.png", cue + 1);
            const std::string path = record->write(name, target.read(), ui.pictures().describe(),
                                                   ui.simulation().stepCount());
            std::printf("%s\n", path.c_str());
        }
    }
    ui.setClock(secondsNow);
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

}  // namespace

int runShotUi(const ShotOptions& o) {
    refuseShotOptionClashes(o);
    // Read and checked whole before any backend or GL: one line and exit 2.
    std::optional<CueList> cues;
    if (!o.cues.empty()) {
        cues = readCues(o.cues);
        refuseUnwritableScreenshots(*cues, o);
    }
    BackendSelection selection = shotBackend(o);
    if (cues) {
        LectureSettings start = o.settings;
        start.backend = choiceOf(*selection.backend);
        checkKernelsPlayable(*cues, start);
    }
    HeadlessContext context;
    // The context has said what it can draw: a grid it cannot show, the
    // run's or a cue scene's, is refused now, before anything runs.
    Simulation::requireRunnable(*selection.backend, o.settings.params);
    if (cues) {
        LectureSettings start = o.settings;
        start.backend = choiceOf(*selection.backend);
        checkGridsPlayable(*cues, start, *selection.backend);
    }
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
    const HeadlessLecture lecture{surface, imgui, ui};

    OffscreenTarget target(size.nx, size.ny);
    const auto bound = target.bind();

    if (!o.stats.empty()) {
        ShotStats stats =
            measureUi(lecture, target, o.frames, o.settings.stepsPerFrame, o.settings.picture.path);
        stats.context = context.description();
        printShotStats(stats);
        std::vector<BudgetRun> budget;
        if (o.frameBudgetMs) {
            const MeasureFrames measure = [&](int stepsPerFrame, DisplayPath path) {
                return measureUi(lecture, target, o.frames, stepsPerFrame, path);
            };
            budget = measureInBudget(measure, *o.frameBudgetMs,
                                     budgetPaths(ui.simulation().backend().facts()),
                                     o.settings.stepsPerFrame);
            printBudget(budget, *o.frameBudgetMs);
        }
        writeShotStats(stats, o.stats, budget, o.frameBudgetMs.value_or(0.0));
        return 0;
    }
    ShotVideo* recording = video ? &*video : nullptr;
    // Made once the run is known to go ahead (the backend, the context and
    // the video had): a refused run leaves no folder.
    std::optional<RecordFolder> record;
    if (!o.recordDir.empty()) {
        record.emplace(o.recordDir);
    }
    if (cues) {
        playCues(lecture, target, o, std::move(*cues), record ? &*record : nullptr, recording);
    } else {
        // --video --every K: the window's frames are K steps each.
        const int stepsPerFrame = video ? o.every : o.settings.stepsPerFrame;
        runSteps(lecture, o.steps, stepsPerFrame, o.bandwidth, target, recording);
    }
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
        if (video) {
            video->publish();  // once the picture is written: one outcome
        }
        std::printf("%s\n", path.c_str());
        return 0;
    }
    if (record) {
        record->refuseIfStopped(ui.simulation().stepCount());
    }
    writePng(path, target.read(), ui.pictures().describe());
    if (video) {
        video->publish();  // once the picture is written: one outcome
    }
    std::printf("%s\n", path.c_str());
    if (record) {
        record->keep();
    }
    return 0;
}

}  // namespace heatlab
