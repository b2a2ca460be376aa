#pragma once
// How many steps the next frame runs, so the simulation never makes the
// window stutter: the panel's fixed count; as many as keep a frame within
// its budget (30 frames a second), measured from the frames before; or a
// chosen number of steps a second, whatever the frame rate, to slow an
// explosion down for a class.

#include <vector>

namespace heatlab {

enum class Pace { FixedSteps, FrameBudget, StepsPerSecond };

// "fixed", "fit-30fps", "steps-per-second": the command line's names.
const char* name(Pace pace);
std::vector<Pace> allPaces();

// The rates --steps-per-second and the panel allow: one step a second (an
// explosion followed step by step) to far more than any grid runs.
constexpr double kMinStepsPerSecond = 1.0;
constexpr double kMaxStepsPerSecond = 100000.0;

struct PaceSettings {
    Pace pace = Pace::FixedSteps;
    int stepsPerFrame = 10;           // FixedSteps
    double budgetMs = 1000.0 / 30.0;  // FrameBudget
    double stepsPerSecond = 60.0;     // StepsPerSecond
    int maxStepsPerFrame = 10000;
};

class FramePacer {
public:
    // The steps of the next frame, given how long the last one took (wall
    // clock, seconds) and how many steps it ran.
    int next(const PaceSettings& settings, double lastFrameSeconds, int lastSteps);
    // The same from the clock (seconds): the frame before's wall time is
    // from its start to `now`, and its steps those it said it ran. While
    // not `running` it only reads the clock and returns 0: a pause owes no
    // steps.
    int nextAt(const PaceSettings& settings, double now, bool running);
    void ran(int steps) { lastSteps_ = steps; }

private:
    double lastStart_ = -1.0;  // none yet: the first frame's time is 0
    int lastSteps_ = 0;
    double adaptive_ = 1.0;  // FrameBudget's current steps per frame
    double owed_ = 0.0;      // StepsPerSecond's fraction of a step carried over
};

}  // namespace heatlab
