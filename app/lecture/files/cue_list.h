#pragma once
// A cue list: a whole lecture as one file of cues, played with the keys a
// presentation clicker sends (Page Down or Right: the next cue; Page Up or
// Left: the one before, its settings, scene and reset applied again). Each
// cue sets what the lecture shows next, can ramp r, run until something
// happens, take a screenshot and say a caption on the field. The model
// only: parsing, and a player that edits LectureSettings and says what the
// lecture must do (CueRequests); app/ui/lecture/lecture_ui.h does it. No GL, no
// ImGui: the cpu tests play a list directly.
//
// The format, version 2 (names as the command line and scene files spell
// them; every field of a cue optional):
//   {"heatlab_cues": 2, "title": "...",                          (optional)
//    "cues": [{"caption": "shown on the field and in the panel" (at most
//                          kMaxCaptionCharacters characters)
//                         | {"cpu": "...", "cuda": "..."},  (one a backend,
//                           where what is true differs: version 2; the
//                           backend the cue runs on says it),
//              "scene": "stable_diffusion" (a shipped scene) | "file.json"
//                       (a regular file inside the cue file's own folder),
//              "reset": true,                (a new field, after the scene)
//              "r": 0.25 (a number, or a string as a scene writes it), "kernel": "optimised",
//              "backend": "auto" | "cpu" | "cuda", "running": true,
//              "steps_per_frame": 10, "pace": "fixed" | "fit-30fps" |
//              "steps-per-second", "steps_per_second": 60,
//              "explosion_pace": 1.5, "copy_every": 1, "pinned": false,
//              "display_path": "interop" | "via-host",
//              "colormap": "heat", "scale": "auto" | "linear" | "signed-log",
//              "loupe": "auto" | "on" | "off",
//              "comparison": {"split": true, "b": {"r": "0.26"}},  (the
//                 A/B split as a scene writes it: scene.h)
//              "surface": true,  (the field as a 3D surface, the camera
//                                 as the lecturer left it)
//              "ramp_r": {"to": 0.26, "seconds": 5},  (from r at the cue's
//                                                 start, in the clock's time)
//              "until": {"step": 2000} | {"max_abs_above": 10} | "pause",
//              "then": "wait" | "next",
//              "bandwidth": true,  (the panel's bandwidth table measured
//                                  on the running grid and shown)
//              "roofline": true,  (the roofline drawn large over the field
//                                 while the cue plays; each cue without it
//                                 shows the field)
//              "halve_h": true,  (the accuracy lesson's "halve h": the sine
//                                 field on a grid of twice the intervals,
//                                 the same r, to the same physical time)
//              "panel": "lesson" | "copy_back" | "display" | "comparison"
//                       | "bandwidth" | "accuracy",  (what of the panel the cue's caption
//                       names: unfolded and scrolled to, the other
//                       sections folded; without it a cue that sets the
//                       display path shows the Display section)
//              "screenshot": true,
//              "kernel_file": "my_step.cpp" | "halo_bug"
//                             | {"cpu": "whole_grid", "cuda": "one_thread"}}, ...]}
//                (the class's own kernel the cue runs: a file in the cue
//                list's own folder, no absolute path, no "..", or a shipped
//                example's name, a backend each where they differ; the
//                cue's kernel is its kernel. The list's kernel files are
//                added and compiled as the list is opened, each said, and a
//                cue's kernel runs once it is checked:
//                app/kernel_files/named_kernel_file.h)
// A cue applies, in order: its scene, its settings, its reset. One that
// resets, loads a scene or changes the split starts running unless it says
// "running": false (it starts from its own state, not the last cue's
// pause). With
// "until" it runs (running is set) until the step counter (from the last
// reset) reaches "step" (the last frame runs just the steps left), max |u|
// passes "max_abs_above", or the run pauses (Space, or the pause before
// overflow); then it pauses the run and waits for the clicker, or with
// "then": "next" goes on to the next cue by itself. Its screenshot is
// taken when its "until" is met, or as it starts when it has none; going
// back does not take it again.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "app/lecture/files/scene.h"
#include "app/lecture/files/settings_patch.h"
#include "app/lecture/panel/lecture_settings.h"
#include "app/lecture/panel/notice.h"
#include "app/lecture/panel/panel_edits.h"
#include "app/lecture/panel/panel_readouts.h"
#include "kernels/simulation.h"

namespace heatlab {

// Version 1 had a caption for every backend alone; its files still read.
constexpr int kCueVersion = 2;

struct RampR {
    float to = 0.0f;
    double seconds = 0.0;  // kMinRampSeconds to kMaxRampSeconds
};
constexpr double kMinRampSeconds = 1e-6;
constexpr double kMaxRampSeconds = 365.0 * 24 * 3600;

struct CueUntil {
    enum class Kind { Step, MaxAbsAbove, Pause };
    Kind kind = Kind::Pause;
    long long step = 0;
    double maxAbs = 0.0;
};

// A cue's scene, read, parsed and checked with its list (a shared lecture
// is checked whole before it starts), and played from what was parsed: the
// file is never opened, nor its text parsed, again.
struct CueScene {
    std::string name;  // as the cue gave it
    std::string file;  // the shipped file or the path read, named in a parse error
    ParsedScene parsed;
};

// A cue's caption on each backend (the same text on both but where the
// file gives one a backend).
struct CueCaption {
    std::string cpu;
    std::string cuda;
    const std::string& on(BackendChoice backend) const {
        return backend == BackendChoice::Cuda ? cuda : cpu;
    }
};

// A cue's kernel files, one a backend (a C++ file runs on the CPU, a CUDA
// one on CUDA), found as the list is read.
struct CueKernelFiles {
    std::optional<NamedKernelFile> cpu;
    std::optional<NamedKernelFile> cuda;
    const std::optional<NamedKernelFile>& on(BackendChoice backend) const {
        return backend == BackendChoice::Cuda ? cuda : cpu;
    }
};

// A caption is a line or three on the field: a longer one is refused as
// the list is read (characters of any script, not bytes).
constexpr std::size_t kMaxCaptionCharacters = 500;

struct Cue {
    CueCaption caption;
    std::optional<CueScene> scene;
    bool reset = false;
    // Its settings: r, kernel, backend, running, ... (the format above),
    // read by the scene's readers.
    SettingsPatch settings;
    std::optional<RampR> rampR;
    bool bandwidth = false;
    bool roofline = false;
    bool halveH = false;
    std::optional<CueUntil> until;
    std::optional<PanelFocus> panel;  // "panel"
    bool thenNext = false;            // "then": "next"
    bool screenshot = false;
    std::optional<CueKernelFiles> kernelFile;  // "kernel_file"
};

struct CueList {
    std::string file;  // as read: a shipped list's source, or the path given
    std::string title;
    std::vector<Cue> cues;  // at least one
};

// Parses a cue list completely, and reads and checks every scene it names.
// Throws UsageError with one line naming `fileName`, the cue (1-based) and
// the field: text that is not JSON (or is cut short, nested too deep, or
// with a key twice), a missing or unknown "heatlab_cues" version, an unknown
// or wrongly typed field, a value the command line would refuse, a backend
// this machine does not have, or a scene that is not a shipped one's name or
// a regular file inside `fileName`'s folder (no absolute path, nothing
// outside it, no FIFO or device) holding a scene parseScene() accepts.
CueList parseCues(const std::string& text, const std::string& fileName);
// A cue list with no folder of its own (one dropped on a served lecture's
// page, `name` only said in messages): its scenes are shipped ones only,
// so it makes heatlab read no file at all.
CueList parseFolderlessCues(const std::string& text, const std::string& name);
// A cue list is a few kilobytes; a file past this is not one.
constexpr std::size_t kMaxCueBytes = 1024 * 1024;
// `nameOrPath` a shipped list's name ("lecture") or a file, read through
// readInputFile(); a file that cannot be read is a UsageError too.
CueList readCues(const std::string& nameOrPath);

// The list played through on paper from `start` (the settings it starts
// on, its backend the one running): every cue's kernel, and pane B's while
// split, must be one its backend has. Throws UsageError naming the file and
// the cue; the caller checks once its backend is chosen, before anything
// is drawn or written.
void checkKernelsPlayable(const CueList& list, const LectureSettings& start);

// The same play-through for the grids: each cue scene's grid, for the
// backend it loads on, refused as Simulation::requireRunnable() refuses
// it (refuseIfTooLarge: `backend`'s memory, where the cue plays on
// `backend`, the one running). Throws UsageError naming the file, the cue and its scene. The
// lecture checks a list this way before its first cue plays, so a scene it
// cannot show refuses the list whole instead of failing when its cue comes.
void checkGridsPlayable(const CueList& list, const LectureSettings& start, const Backend& backend);

// Whether a file dropped on a served page is a cue list (it has a
// "heatlab_cues" version), else a scene: how the lecture tells them apart.
bool namesCueList(const std::string& text);

// The cue lists built into the program (app/lecture/cues/*.json).
struct ShippedCues {
    const char* file;  // its name in the sources, named in a parse error
    const char* text;
};
const std::vector<ShippedCues>& shippedCues();

// A cue's scene over `base`, from what was parsed with the list (so only a
// scene its backend cannot run fails later, when the lecture applies it).
Scene cueScene(const CueScene& scene, const LectureSettings& base);

// The cue's settings over `settings` (not its scene, reset or ramp).
void applyCueSettings(const Cue& cue, LectureSettings& settings);
// r `elapsed` seconds into a ramp from `from`: linear, held at the end.
float rampedR(float from, const RampR& ramp, double elapsed);

// What the lecture must do for the cues this frame, beyond the settings
// the player edited.
struct CueRequests {
    std::optional<CueScene> scene;  // load it (cueScene), then settle()
    bool reset = false;             // after the scene
    bool screenshot = false;        // after the frame is drawn
    bool bandwidth = false;         // measure and show the bandwidth table
    bool halveSpacing = false;      // the accuracy lesson's "halve h"
    // What of the panel to bring into view: the cue's "panel", else the
    // Display section when it sets the display path.
    std::optional<PanelFocus> panel;
    std::optional<std::string> caption;  // "cue 3 of 12: ..." on the field
    std::optional<long long> stepsLeft;  // the most steps this frame may run

    // What of them the lecture does as the panel's own actions.
    void addTo(PanelActions& actions) const;
};

// What the running cue's work has left when the clicker asks for the next
// cue (the lecture fills it in): the run's step and where the cue's run
// ends, where that is known (0: not known), and whether the bandwidth
// table is still being measured.
struct CueProgress {
    long long step = 0;
    long long endStep = 0;
    bool measuring = false;
};

class CuePlayer {
public:
    CuePlayer() = default;  // no cues: frame() asks for nothing
    explicit CuePlayer(CueList list);

    bool empty() const { return list_.cues.empty(); }
    // The next cue (stays on the last: returns false), or the one before
    // (stays on the first, applied again); either starts at the next
    // frame().
    bool advance();
    void back();
    // The clicker's move this frame (`actions`' next and previous cue): the
    // end of the lecture said when next is pressed on the last cue. A cue
    // that started a run for a result (halve h to its time, or a run whose
    // end takes a screenshot) or measures the bandwidth table, asked to go
    // on before its result is in, says it is still running and stays: the
    // next press goes on without it.
    std::optional<Notice> move(const PanelActions& actions, const CueProgress& progress = {});
    // Whether the cue is waiting for such a result now, and whether it has
    // said so to a press of next.
    bool awaitsResult(const CueProgress& progress) const;
    bool toldStillRunning() const { return toldRunning_; }

    // Before the frame's steps: starts a cue that was moved to (its
    // settings now, or its scene asked for: see settle(); its reset asked
    // for), ramps r, and checks the cue's "until" against the simulation's
    // step and `maxAbs` (the newest measure).
    CueRequests frame(LectureSettings& settings, const Simulation& simulation, float maxAbs,
                      double now);
    // After the lecture loaded the scene a starting cue asked for (or
    // failed to): the cue's settings over the scene's, applied once, here
    // and not as it started, and its ramp from the scene's r.
    void settle(LectureSettings& settings);

    int index() const { return index_; }  // 0-based
    int count() const { return static_cast<int>(list_.cues.size()); }
    const CueList& list() const { return list_; }
    // The current cue has run until its condition and waits for the clicker.
    bool waiting() const { return done_; }
    // "cue 3 of 12: caption", the caption of the backend the cue runs on.
    std::string status() const;
    // What the clicker's next press past the last cue says.
    std::string endText() const;

private:
    const Cue& cue() const { return list_.cues[static_cast<std::size_t>(index_)]; }
    CueRequests start(LectureSettings& settings, double now);
    bool met(const LectureSettings& settings, const Simulation& simulation, float maxAbs) const;

    CueList list_;
    int index_ = 0;
    bool started_ = false;
    bool done_ = false;
    bool again_ = false;        // moved to by back(): no screenshot again
    bool toldRunning_ = false;  // next was pressed once while it awaited its result
    double startedAt_ = 0.0;
    float rampFrom_ = 0.0f;
    // What the cue runs on: the backend it asks for, else the running one.
    BackendChoice backend_ = BackendChoice::Cpu;
};

}  // namespace heatlab
