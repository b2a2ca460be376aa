#pragma once
// The rates the panel shows of the running lecture: frame time, steps a
// second and the copy-back policy's GB/s, averaged over about half a second
// (long enough to read, short enough to follow). Times are given, not read,
// so the cpu tests drive it with a clock of their own.

namespace heatlab {

struct Rates {
    double frameMs = 0.0;
    double stepsPerSecond = 0.0;
    double copyGBs = 0.0;
};

class RateMeter {
public:
    // `now` in seconds, from any steady clock.
    explicit RateMeter(double now) : start_(now) {}

    // One frame done at `now` that ran `steps` steps, with `bytesCopied`
    // bytes copied back since the start (Simulation::bytesCopiedBack()).
    // Returns whether `rates` was updated: at the end of each half second,
    // and until the first half second is over after every frame from the
    // second on, so a readout never sits at zero while something runs.
    bool frame(double now, int steps, double bytesCopied, Rates& rates);

private:
    double start_;
    double copiedAtStart_ = 0.0;
    bool windowDone_ = false;  // a whole half second has been measured
    int frames_ = 0;
    long long steps_ = 0;
};

}  // namespace heatlab
