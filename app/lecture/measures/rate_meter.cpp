#include "app/lecture/measures/rate_meter.h"

namespace heatlab {

namespace {

constexpr double kRateSeconds = 0.5;

}  // namespace

bool RateMeter::frame(double now, int steps, double bytesCopied, Rates& rates) {
    ++frames_;
    steps_ += steps;
    const double elapsed = now - start_;
    const bool update = elapsed >= kRateSeconds || (!windowDone_ && frames_ >= 2);
    if (update) {
        rates.frameMs = 1000.0 * elapsed / frames_;
        rates.stepsPerSecond = static_cast<double>(steps_) / elapsed;
        const double copied = bytesCopied - copiedAtStart_;
        rates.copyGBs = copied >= 0.0 ? copied / elapsed / 1e9 : 0.0;
    }
    if (elapsed >= kRateSeconds) {
        windowDone_ = true;
        copiedAtStart_ = bytesCopied;
        start_ = now;
        frames_ = 0;
        steps_ = 0;
    }
    return update;
}

}  // namespace heatlab
