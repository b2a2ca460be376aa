#pragma once
// What one pane of the lecture runs: its settings, its simulation with the
// control that edits it (backend switch, reset, scene, copy-back policy,
// each with its recovery), the watch on its field and what the watch
// measured. Pane A is the lecture itself: the panel edits its settings.
// Pane B of the A/B split runs beside it in lockstep, from A's field, with
// what comparison.b sets differently (follow()). Notices and pauses come
// back as values; no GL and no ImGui here, so the cpu tests drive it.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/lecture/measures/field_watch.h"
#include "app/lecture/panel/lecture_settings.h"
#include "app/lecture/panel/panel_readouts.h"
#include "app/lecture/run/simulation_control.h"
#include "kernels/simulation.h"

namespace heatlab {

// The steps a pane may run this frame, and why none when it is at its
// pause.
struct PaneSteps {
    int steps = 0;
    std::optional<Notice> pause;
};

class PaneRun {
public:
    // Runs `settings` on `backend`; `name` ("A", "B") is what its label and
    // its notices call it while there are two panes.
    PaneRun(std::string name, std::unique_ptr<Backend> backend, const LectureSettings& settings);
    // Pane B of a split: `lead`'s field and step, on the backend
    // paneBSettingsOf() names for `lead`'s settings. Throws, with no pane
    // made, when it cannot be made (no device, no such kernel, no room).
    static std::unique_ptr<PaneRun> followerOf(PaneRun& lead);
    PaneRun(const PaneRun&) = delete;
    PaneRun& operator=(const PaneRun&) = delete;

    const std::string& name() const { return name_; }
    LectureSettings& settings() { return settings_; }
    const LectureSettings& settings() const { return settings_; }
    Simulation& simulation() { return simulation_; }
    const Simulation& simulation() const { return simulation_; }
    SimulationControl& control() { return control_; }
    FieldWatch& watch() { return watch_; }
    // What the watch and the frame measured of this pane.
    PaneReadouts& readouts() { return readouts_; }
    const PaneReadouts& readouts() const { return readouts_; }
    // Into the readouts: the backend this pane runs on and its kernels.
    void showBackend();

    // How much the running grid's highest mode grows a step at this pane's r.
    double growthFactor() const;
    // The most of `steps` this pane may run this frame before max |u| would
    // pass the pause amplitude, and the pause's reason when the pane is at
    // it already and steps were asked for (it then runs none): Run and N
    // there say why not, each press.
    PaneSteps stepsBeforePause(int steps);
    // After the frame's steps: the pane's measures (FieldWatch). Returns
    // the reason when its field overflowed, which pauses the lecture.
    std::optional<Notice> measure(bool running, bool withSpot);
    // The same on pane A's settings `lead` (every pane runs and draws by
    // them), measured only when needed: when `lead` asks for the measures,
    // past the bound (they keep the run from overflowing) or for the
    // loupe's spot. An overflow pauses `lead`; an explosion turns its auto
    // colour scale signed-log (app/lecture/measures/auto_scale.h).
    struct Measured {
        std::optional<Notice> paused;  // said of this pane
        std::optional<Notice> scale;   // said of the lecture
    };
    Measured measureFor(LectureSettings& lead, bool withSpot);

    // This frame's settings of a follower from its lead's (kernel, r, copy
    // policy, backend; the field stays its own). What cannot be had (a
    // backend that is not there, a kernel the backend lacks) leaves the pane
    // where it runs, says so once, and is not tried again until asked anew.
    std::optional<Notice> follow(PaneRun& lead);
    // The lead's field was replaced (reset, scene, new grid): start again
    // from it. Throws what made it impossible.
    void restartFrom(Simulation& lead);
    // max |A - B| of this pane against `other` at this pane's step, waiting
    // for both; with `aMinusB`, the difference cell by cell too.
    PaneDifference differenceFrom(PaneRun& other, std::vector<float>* aMinusB = nullptr);

private:
    std::string name_;
    LectureSettings settings_;
    Simulation simulation_;
    SimulationControl control_;
    FieldWatch watch_;
    PaneReadouts readouts_;
    // Where the pause before overflow was last said (a field, a step).
    struct PauseAt {
        long long field = -1;
        long long step = -1;
        bool operator==(const PauseAt& o) const { return field == o.field && step == o.step; }
    };
    PauseAt pausedAt_;
    // A follower's wishes that could not be had: not tried every frame.
    std::optional<BackendChoice> refusedBackend_;
    std::optional<Kernel> refusedKernel_;
};

}  // namespace heatlab
