#include "app/lecture/run/explosion_pace.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include "app/i18n/translation.h"

namespace heatlab {

bool explosionPaceAllowed(double decadesPerSecond) {
    return decadesPerSecond == 0.0 ||
           (decadesPerSecond >= kMinDecadesPerSecond && decadesPerSecond <= kMaxDecadesPerSecond);
}

double explosionStepsPerSecond(double factor, double decadesPerSecond) {
    const double growth = std::fabs(factor);
    if (!(growth > 1.0)) {
        return 0.0;
    }
    return decadesPerSecond * std::log(10.0) / std::log(growth);
}

std::optional<long long> stepsBeforePause(double factor, const AmplitudeSample& measured,
                                          long long stepNow) {
    const double growth = std::fabs(factor);
    if (!(growth > 1.0)) {
        return std::nullopt;
    }
    if (!(measured.maxAbs < kPauseAmplitude)) {
        return 0;  // there already, or not finite
    }
    // A field of zeros grows from rounding only: count from float's
    // smallest normal, so even it is stopped in time.
    const double from = std::max(measured.maxAbs, 1.17549435e-38);
    const double total = std::floor(std::log(kPauseAmplitude / from) / std::log(growth));
    const double left = total - static_cast<double>(stepNow - measured.step);
    return left > 0.0 ? static_cast<long long>(left) : 0;
}

Notice explosionPause(long long step, double factor, double r, double maxAbs) {
    return Notice::pause(
        trf("paused at step %lld before the floats overflow: max |u| is %.2g, the "
            "checkerboard grew x%.4g a step on this grid; 1 - 4r = %.3g < 0",
            step, maxAbs, std::fabs(factor), 1.0 - 4.0 * r),
        trf("paused at step %lld before the floats overflow (x%.3g a step). R resets, or lower r",
            step, std::fabs(factor)));
}

Notice cannotGoOnPastPause(double factor) {
    return Notice::info(
        trf("cannot go on: the next step grows max |u| x%.3g past where floats overflow; R "
            "resets the field, or lower r to the grid's bound",
            std::fabs(factor)));
}

}  // namespace heatlab
