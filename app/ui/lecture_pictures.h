#pragma once
// The lecture's pictures and its recording: the panel's kind of screenshot
// (field, window or slide, every pane on a slide) named after the state
// into the panel's folder, the field asked for on the command line, and the
// video of the same kinds (Ctrl+R). Each returns what the lecture says of
// it (the whole path in the panel, the file's name on the field); what it
// writes is written whole or not at all.

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/io/output_file.h"
#include "app/lecture/notice.h"
#include "app/ui/screenshots.h"
#include "app/ui/window_recording.h"

namespace heatlab {

class LecturePictures {
public:
    // The panel's choices (what, into which folder, the video's rate).
    ScreenshotPanel& panel() { return panel_; }
    // The disk pictures and videos are written to (tests give one that
    // fills part-way).
    void setOutputDisk(const OutputDisk& disk) { disk_ = disk; }

    // The panel's kind of picture of `panes` (pane A's state names it);
    // `window` is the framebuffer just drawn, `windowText` its chunks.
    Notice take(const std::vector<DrawnPane>& panes, const PixelSize& window,
                const PngText& windowText);
    // Pane A's field at grid resolution at `path`; a failure throws.
    void saveField(const std::vector<DrawnPane>& panes, const std::string& path);

    // Starts recording the panel's kind, or stops it (`describe` gives the
    // parameters the finished file carries).
    Notice toggleRecording(const std::vector<DrawnPane>& panes, const PixelSize& window, double now,
                           const std::function<PngText()>& describe);
    // What became of the newest picture taken, once (then empty until the
    // next one): `shot --ui --cues` says each one.
    std::optional<ScreenshotOutcome> takeOutcome() { return std::exchange(outcome_, std::nullopt); }
    WindowRecording& recording() { return recording_; }
    const WindowRecording& recording() const { return recording_; }

private:
    ScreenshotPanel panel_;
    OutputDisk disk_;
    std::optional<ScreenshotOutcome> outcome_;
    WindowRecording recording_;
};

}  // namespace heatlab
