#pragma once
// One lecture frame run so that no error inside it ends the lecture: the
// window's loop and the served one run every frame through it. A frame
// that throws is undone to the lecture as the frame found it
// (LectureUi::recover: its settings and scene, its field where that is
// intact, else made anew from the scene) and drawn again, so the frame
// shown is whole and its notice says why. A frame that lost the device
// (DeviceLostError) moves the lecture to the CPU instead
// (LectureUi::recoverOnCpu); one whose class kernel stopped for good
// (KernelStoppedError) goes on with heatlab's own kernel in its place.
// Each recovery is also one line on the terminal,
// said once the frame after it is drawn. What cannot be undone ends the
// command with one line and exit 1 (main()'s catch): the recovery itself
// failing, or kMostFailedFrames frames in a row failing.

#include <functional>
#include <string>
#include <vector>

#include "app/ui/lecture/lecture_ui.h"

namespace heatlab {

// Frames in a row that may fail before the lecture ends: one is an
// accident the lecture recovers from, three are a lecture that cannot go on.
constexpr int kMostFailedFrames = 3;

class FrameGuard {
public:
    // `terminal`: how the command's lines on the terminal begin ("heatlab
    // serve").
    FrameGuard(LectureUi& lecture, std::string terminal);

    // Runs `frame` (one of the lecture's frames: its input, then
    // LectureUi::frame()) until one is drawn whole; returns what that one
    // returned (whether to quit). Throws RuntimeError, one line, when the
    // lecture cannot go on.
    bool frame(const std::function<bool()>& frame);
    // Whether a frame lost the device: the lecture runs on the CPU since,
    // and what only the device did (the served frames' nvJPEG) is let go.
    bool deviceLost() const { return deviceLost_; }

private:
    // The frame that threw `failure` undone, or the lecture ended.
    void recover(const LectureUi::FrameStart& before, const std::exception& failure);

    LectureUi& lecture_;
    std::string terminal_;
    int failedInARow_ = 0;
    bool deviceLost_ = false;
    std::vector<std::string> unsaid_;  // the recoveries' lines, until a frame is drawn
};

}  // namespace heatlab
