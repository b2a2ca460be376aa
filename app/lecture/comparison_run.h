#pragma once
// Pane B of the A/B comparison: a second simulation beside the lecture's,
// started from its field and step, advanced by the same steps each frame on
// a backend (and stream) of its own, with its own kernel, r, copy-back
// policy and display path (PaneBSettings). Pane A is the lecture's own
// simulation; this class never changes it. No GL: the cpu tests drive it.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/lecture/field_watch.h"
#include "app/lecture/lecture_settings.h"
#include "app/lecture/panel_readouts.h"
#include "app/lecture/simulation_control.h"
#include "kernels/simulation.h"

namespace heatlab {

class ComparisonRun {
public:
    // Starts pane B as a copy of `a` (its field and step) on the backend
    // paneBSettingsOf(settings) names. Throws, with no pane made, when it
    // cannot be made (no device, the kernel not there, the grid too large).
    void start(Simulation& a, const LectureSettings& settings);
    void stop() { pane_.reset(); }
    bool running() const { return pane_ != nullptr; }

    // Pane A's field was replaced (a reset, a scene, a new grid): B starts
    // again from it, as when split. Says why when it cannot (pane B stops).
    std::optional<std::string> restartFrom(Simulation& a);
    // Pane B's settings this frame from pane A's (settings.comparison.b):
    // kernel and r at once, the copy-back policy, the backend (a switch that
    // cannot be made leaves B where it was, and settings.comparison.b.backend
    // names where it runs). Returns the panel's line, when there is one.
    std::optional<std::string> apply(LectureSettings& settings, BackendChoice aRunsOn);

    // The steps pane B may run this frame before its max |u| would pass the
    // pause amplitude (FieldWatch::stepsLeft); `factor` is B's grid's highest
    // mode's. Unlimited where nothing grows in B.
    std::optional<long long> stepsLeft(double factor, AmplitudeSample& measured);
    // After the frame's steps: B's measures, as pane A's (FieldWatch). A
    // field that overflowed pauses `settings` (pane A's: they run in
    // lockstep) and says why in `message`.
    void measure(bool running, std::string& message, bool& paused);

    // max |A - B| now, waiting for both backends; with `aMinusB`, the
    // difference cell by cell too (for the difference view).
    PaneDifference difference(Simulation& a, std::vector<float>* aMinusB = nullptr);

    Simulation& simulation() { return pane_->simulation; }
    // B's settings as its frame uses them (paneBSettingsOf()).
    const LectureSettings& settings() const { return pane_->settings; }
    // B's max |u|, newest measured.
    float maxAbs() const { return pane_->readouts.maxAbs; }
    std::string backendText() const { return pane_->control.backendText(); }

private:
    // Made together and kept at one address: the control and the watch hold
    // references to the simulation and the settings.
    struct Pane {
        Pane(std::unique_ptr<Backend> backend, const LectureSettings& s);
        LectureSettings settings;
        Simulation simulation;
        SimulationControl control;
        FieldWatch watch;
        PanelReadouts readouts;  // what the watch fills: B's max |u|
    };
    std::unique_ptr<Pane> pane_;
};

}  // namespace heatlab
