#pragma once
// What the lecture measures of pane A's run after a frame's steps, beside
// the picture: the rates (steps/s, GB/s copied back, ms a frame), the
// running kernel's point on the roofline, the bandwidth table (the bench's
// table 1, one row a frame, on a second backend of the same kind) and the
// accuracy lesson's error against the exact solution. No GL: LectureUi
// calls it, the panel shows what it writes into pane A's readouts.

#include <functional>
#include <optional>

#include "app/lecture/measures/accuracy_lesson.h"
#include "app/lecture/measures/rate_meter.h"
#include "app/lecture/panel/lecture_settings.h"
#include "app/lecture/panel/notice.h"
#include "app/lecture/panel/panel_readouts.h"
#include "app/measure/bandwidth_survey.h"
#include "kernels/simulation.h"

namespace heatlab {

class LectureMeasures {
public:
    // `now` in seconds, from the host's steady clock (the rates are what
    // the machine did, also when the lecture runs in simulated time).
    explicit LectureMeasures(double now) : rates_(now) {}

    // After a frame of `steps` steps: the rates, the roofline point and the
    // step count into `shown`; the error against the exact solution on
    // `timed` frames or paused only (it costs the field on the host).
    void afterSteps(Simulation& simulation, PaneReadouts& shown, int steps, bool timed, double now);

    // The memory the running command would take for `edited` (the grid
    // the panel edits) on `simulation`'s backend, and what is free, into
    // `shown`: again when the grid changes, and every second (what is free
    // changes with other programs).
    void showMemory(const Simulation& simulation, const GridSize& edited, LectureReadouts& shown,
                    double now);

    // The bandwidth table on `simulation`'s grid, from the next frame on;
    // why not, when a second backend cannot be had.
    std::optional<Notice> startBandwidth(Simulation& simulation);
    void cancelBandwidth() { bandwidth_.cancel(); }
    // The table's part of the frame: a finished row taken and the next one
    // started on the survey's thread, once `simulation`'s queued steps are
    // done and `finishDrawing` has run (a row timed beside either would
    // time them too); or, `waitForRow`, measured here to its end (simulated
    // time, where nothing waits on a key).
    void advanceBandwidth(Simulation& simulation, bool waitForRow,
                          const std::function<void()>& finishDrawing);
    // A row is being timed: the lecture runs no steps until it is done.
    bool holdsSteps() const { return bandwidth_.rowInFlight(); }
    const BandwidthSurvey& bandwidth() const { return bandwidth_; }

    // "Halve h" (AccuracyLesson::halve), where the lesson applies: the
    // coarse run kept (its ms a step from `shown`) and `settings` set to run
    // on the finer grid, reset onto by the caller, which brings the
    // Accuracy section into view. Returns whether.
    bool halve(LectureSettings& settings, Simulation& simulation, const PaneReadouts& shown);
    // Caps `steps` at the halved run's target; once there, stops `running`
    // and says so.
    std::optional<Notice> capAtAccuracyTarget(const Simulation& simulation, int& steps,
                                              bool& running);

private:
    RateMeter rates_;
    BandwidthSurvey bandwidth_;
    AccuracyLesson accuracy_;
    double memoryShownAt_ = -1.0;  // when showMemory() last measured, in seconds
};

// A step's time in the newest frame timed part by part (0: none yet): the
// work, whatever the pace.
double timedMsPerStep(const PaneReadouts& shown);

}  // namespace heatlab
