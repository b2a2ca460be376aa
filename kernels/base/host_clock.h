#pragma once
// The one host clock for wall times: steady (never steps back), in seconds
// or milliseconds as doubles. For what the host sees; device work is timed
// with device events (a Backend's Stopwatch).

#include <chrono>

namespace heatlab {

using HostClock = std::chrono::steady_clock;

// Seconds since the clock's epoch: for differences only.
inline double secondsNow() {
    return std::chrono::duration<double>(HostClock::now().time_since_epoch()).count();
}

inline double secondsSince(HostClock::time_point start) {
    return std::chrono::duration<double>(HostClock::now() - start).count();
}

inline double msSince(HostClock::time_point start) { return 1e3 * secondsSince(start); }

}  // namespace heatlab
