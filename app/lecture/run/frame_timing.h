#pragma once
// Which of the lecture's frames are timed part by part. A timed frame waits
// for each part (steps, display, panel), so it loses the overlap of device
// and GL: the window times about one a second, often enough to follow a
// change and rarely enough to cost nothing visible.

namespace heatlab {

enum class FrameTiming {
    Sampled,     // about one a second: the window's breakdown
    EveryFrame,  // `shot --ui --stats`, and the end of a `shot --ui` run
    Never,       // for measuring the rate of untimed frames
};

class FrameTimer {
public:
    static constexpr double kSampleSeconds = 1.0;

    void set(FrameTiming timing) { timing_ = timing; }
    // Whether the frame starting at `now` (seconds) is timed.
    bool timed(double now) const {
        return timing_ == FrameTiming::EveryFrame ||
               (timing_ == FrameTiming::Sampled && now - lastTimed_ >= kSampleSeconds);
    }
    void took(double now) { lastTimed_ = now; }

private:
    FrameTiming timing_ = FrameTiming::Sampled;
    double lastTimed_ = 0.0;
};

}  // namespace heatlab
