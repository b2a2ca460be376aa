#include "app/lecture/run/frame_pacer.h"

#include <algorithm>
#include <cmath>

namespace heatlab {

namespace {

// Below this share of the budget a frame may take more steps; above the
// budget it takes fewer. The gap between the two keeps the count steady.
constexpr double kGrowBelow = 0.75;
constexpr double kGrowth = 1.25;
constexpr double kShrink = 0.8;

}  // namespace

const char* name(Pace pace) {
    switch (pace) {
    case Pace::FixedSteps: return "fixed";
    case Pace::FrameBudget: return "fit-30fps";
    case Pace::StepsPerSecond: return "steps-per-second";
    }
    return "?";
}

std::vector<Pace> allPaces() { return {Pace::FixedSteps, Pace::FrameBudget, Pace::StepsPerSecond}; }

int FramePacer::next(const PaceSettings& s, double lastFrameSeconds, int lastSteps) {
    const double maxSteps = static_cast<double>(std::max(1, s.maxStepsPerFrame));
    switch (s.pace) {
    case Pace::FixedSteps: return std::clamp(s.stepsPerFrame, 1, s.maxStepsPerFrame);
    case Pace::FrameBudget: {
        const double ms = 1000.0 * lastFrameSeconds;
        if (lastSteps > 0 && ms > s.budgetMs) {
            adaptive_ = std::max(1.0, adaptive_ * kShrink);
        } else if (lastSteps > 0 && ms < kGrowBelow * s.budgetMs) {
            adaptive_ = std::min(maxSteps, adaptive_ * kGrowth + 1.0);
        }
        return static_cast<int>(adaptive_);
    }
    case Pace::StepsPerSecond: {
        // A frame's share of the rate, the fractions carried to the next, so
        // the rate holds whatever the frame time.
        owed_ += std::max(0.0, s.stepsPerSecond) * std::max(0.0, lastFrameSeconds);
        const double steps = std::min(std::floor(owed_), maxSteps);
        owed_ = std::min(owed_ - steps, maxSteps);
        return static_cast<int>(steps);
    }
    }
    return 1;
}

int FramePacer::nextAt(const PaceSettings& settings, double now, bool running) {
    const double lastFrame = lastStart_ >= 0.0 ? now - lastStart_ : 0.0;
    lastStart_ = now;
    return running ? next(settings, lastFrame, lastSteps_) : 0;
}

}  // namespace heatlab
