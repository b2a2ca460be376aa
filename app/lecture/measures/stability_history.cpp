#include "app/lecture/measures/stability_history.h"

#include <cmath>
#include <cstddef>
#include <limits>

namespace heatlab {

namespace {

// Enough frames to show an explosion from its start to the overflow (about
// 1100 steps at r = 0.26), without the history growing through a lecture.
constexpr std::size_t kMaxPoints = 2000;

}  // namespace

bool isLogShowable(double value) { return std::isfinite(value) && value > 0.0; }

void StabilityHistory::add(long long step, float maxAbs, double amplitude, float r) {
    if (!steps_.empty() && step < steps_.back()) {
        clear();
    }
    if (steps_.empty() || r != r_) {
        r_ = r;
        rSince_ = step;
    }
    const double magnitude = std::fabs(amplitude);
    if (!isLogShowable(maxAbs) && !isLogShowable(magnitude)) {
        return;  // nothing a log scale can show
    }
    const float shownMax = isLogShowable(maxAbs) ? maxAbs : std::numeric_limits<float>::quiet_NaN();
    const double shownAmplitude =
        isLogShowable(magnitude) ? magnitude : std::numeric_limits<double>::quiet_NaN();
    if (!steps_.empty() && step == steps_.back()) {
        maxAbs_.back() = shownMax;
        amplitude_.back() = shownAmplitude;
        return;
    }
    if (steps_.size() == kMaxPoints) {
        thinOut();
    }
    steps_.push_back(step);
    maxAbs_.push_back(shownMax);
    amplitude_.push_back(shownAmplitude);
}

void StabilityHistory::add(long long step, float maxAbs, float r) {
    add(step, maxAbs, std::numeric_limits<double>::quiet_NaN(), r);
}

void StabilityHistory::thinOut() {
    std::size_t kept = 0;
    for (std::size_t i = 0; i < steps_.size(); i += 2) {
        steps_[kept] = steps_[i];
        maxAbs_[kept] = maxAbs_[i];
        amplitude_[kept] = amplitude_[i];
        ++kept;
    }
    steps_.resize(kept);
    maxAbs_.resize(kept);
    amplitude_.resize(kept);
}

void StabilityHistory::clear() {
    steps_.clear();
    maxAbs_.clear();
    amplitude_.clear();
}

}  // namespace heatlab
