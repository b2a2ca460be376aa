#pragma once
// Watches the running field: max |u| and the checkerboard amplitude, reduced
// where the field lives and read back without waiting (on a GPU a frame or
// two later), into the pane's readouts and the stability meter; and the
// overflow pause: past r = 0.25 the checkerboard grows until the floats
// overflow, and stepping on would only spread NaN, so the run stops where
// the class can see why. No GL here.

#include <optional>

#include "app/lecture/panel/lecture_settings.h"
#include "app/lecture/panel/notice.h"
#include "app/lecture/panel/panel_readouts.h"
#include "app/lecture/run/explosion_pace.h"
#include "kernels/simulation.h"

namespace heatlab {

class FieldWatch {
public:
    // After the frame's steps: takes the measures that have finished, asks
    // for the newest field's (asked before and after the request, so a
    // backend that measures at once answers in this frame), and pauses
    // `settings` when the field overflowed, returning why.
    // `withSpot`: the loupe shows, so the checkerboard's spot is measured too.
    std::optional<Notice> frame(Simulation& simulation, LectureSettings& settings,
                                PaneReadouts& readouts, bool withSpot);
    // The newest max |u| measured of the simulation's field and the step it
    // was measured at. Before the first measure of this field, one is taken
    // now (waiting for the device): a frame of thousands of steps past the
    // bound must not run unmeasured.
    AmplitudeSample newest(Simulation& simulation);
    // Measures max |u| of the field as it is now (waiting for the device)
    // and keeps it as the newest.
    AmplitudeSample measureNow(Simulation& simulation);
    // The most steps the frame may run from the simulation's step before
    // max |u|, grown by |factor| a step from its newest measure, would pass
    // the pause amplitude (stepsBeforePause()); unlimited where nothing
    // grows. Near the pause the field is measured as it is now first (the
    // prediction grows the smooth part too, so it runs ahead of the field).
    // `measured` gets the measure it used.
    std::optional<long long> stepsLeft(Simulation& simulation, double factor,
                                       AmplitudeSample& measured);
    // Where the newest measure of this field found the checkerboard
    // strongest (none before the first, or on a uniform field): where the
    // loupe looks.
    CellSpot spot(const Simulation& simulation) const;

private:
    std::optional<Notice> use(const std::optional<FieldMeasures>& measures,
                              const Simulation& simulation, LectureSettings& settings,
                              PaneReadouts& readouts);

    // The measures requested last: of which field, at which r.
    struct Pending {
        long long field = -1;
        float r = 0.0f;
    };
    Pending pending_;
    long long newestField_ = -1;
    AmplitudeSample newest_;
    CellSpot spot_;
    long long spotField_ = -1;
};

// The panel's line when the run stopped at `step` on an overflowed field.
std::string overflowMessage(long long step, float maxAbs, double r);

}  // namespace heatlab
