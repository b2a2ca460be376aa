#pragma once
// What `heatlab shot` is asked to do, the field's picture and the window's
// (--ui) alike, and the checks made on it before any GL: read by the command
// line (app/commands/shot_command.h), run by the shot itself and by
// `shot --ui` (app/commands/shot_ui_runner.h).

#include <optional>
#include <string>

#include "app/lecture/panel/lecture_settings.h"
#include "kernels/backend_factory.h"
#include "kernels/numerics/params.h"
#include "kernels/simulation.h"

namespace heatlab {

// Steps a frame of `shot --stats` and `shot --ui` runs unless told.
constexpr int kShotStepsPerFrame = 100;

struct ShotOptions {
    ShotOptions() { settings.stepsPerFrame = kShotStepsPerFrame; }

    // What the lecture's settings are here: the simulation (params, backend),
    // the copy-back policy, how each picture is drawn (its steps and view
    // are the command's to set), the steps a frame of --stats and --ui, and
    // the presenter layout of --ui.
    LectureSettings settings;
    int steps = 100;                // before the picture
    std::optional<GridSize> slide;  // --slide WxH: a composed picture of that size
    std::string out;                // empty: named after the state
    std::string recordDir;          // --record: a numbered PNG every `every` steps
    std::string field;              // --field: the final field as raw float32 too
    int every = 0;
    // --video FILE.mp4: an H.264 clip, a frame every `every` steps (with
    // --cues, a frame per displayed frame), played at videoRate frames a
    // second (app/lecture/run/shot_video.h).
    std::string video;
    int videoRate = 30;
    bool videoRateGiven = false;
    std::string stats;  // --stats FILE: measure instead of a picture
    int frames = 50;
    bool framesGiven = false;
    // --ui: the whole window, panel included, drawn offscreen at uiSize
    // (runShotUi; default 1280 x 800, the window's own).
    bool ui = false;
    std::optional<GridSize> uiSize;
    bool bandwidth = false;  // --ui: the bandwidth table measured and shown
    // --ui --cues NAME|FILE: the cue list played in simulated time, each cue
    // to its end (its "until"; one without runs kCueSecondsWithoutEnd of
    // lecture time), at most `frames` frames when they were given, the
    // window's picture at each cue's end into --record DIR (cue_01.png, ...).
    std::string cues;
    // --loupe: the magnified inset on a slide, or shown in the --ui window
    // whatever r (there it shows by default past the grid's bound).
    bool loupe = false;
    // --stats --frame-budget MS: frames of MS filled with steps, per path.
    std::optional<double> frameBudgetMs;
};

// Throws UsageError for options that do not go together (--ui with a
// slide, or a recording without --cues; --cues without --ui; --size or
// --presenter without --ui; two outputs naming one file), and for a --record
// folder that cannot be had. Makes nothing: the --record folder is made once
// the run goes ahead (app/io/record_folder.h).
void refuseShotOptionClashes(const ShotOptions& options);

// What both shots check and make before any GL: the backend the options
// choose, with the grid and the kernel checked against it. The caller prints
// its reason once the OpenGL context exists, so that a machine without a
// usable one is told so in a single line.
BackendSelection shotBackend(const ShotOptions& options);

}  // namespace heatlab
