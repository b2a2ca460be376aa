#pragma once
// The window's video (Ctrl+R or the panel's button): what the class sees,
// the field, the whole window or the slide composition, chosen as for
// screenshots, into an MP4 named after the state in the screenshots'
// folder. Frames follow the lecture's clock: the clip has a frame for every
// 1/rate s of the recording, each the window's newest (repeated when the
// window draws fewer frames a second than the clip's rate, skipped when it
// draws more), so the clip plays back at the speed the class saw, pauses
// included. Or, when asked, they are tied to the simulation: one every K
// steps, a slowed explosion smooth and a fast one not skipped. Each frame is read back without
// waiting (AsyncReadback) and encoded on the recorder's thread (VideoRecorder); frames the encoder
// could not keep up with are dropped and counted. While it records, a red REC and the elapsed time
// show over the field (drawn after the frame is read, so the clip does not carry them).

#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/io/downloads.h"
#include "app/io/stop_signal.h"
#include "app/io/video_recorder.h"
#include "app/lecture/panel/notice.h"
#include "app/render/async_readback.h"
#include "app/render/offscreen_target.h"
#include "app/render/text_overlay.h"
#include "app/ui/pictures/screenshots.h"

namespace heatlab {

// Frames waiting for the encoder before new ones are dropped: about a
// quarter second at 30 a second, a few MiB at 512 x 512.
inline constexpr int kWindowVideoQueueFrames = 8;
// The most times one window frame is repeated: a minute at 30 a second (a
// window held longer, by a drag or a sleep, is not the lecture's time).
inline constexpr int kMostRepeats = 1800;

class WindowRecording {
public:
    WindowRecording();
    // An open recording is finished (never left half-written), without the
    // parameters: its owner stops it first with them (LectureUi).
    ~WindowRecording();

    bool active() const { return recorder_ != nullptr; }
    int dropped() const;
    // "2880 x 1800 is more than H.264 level 5.2 takes at 120 frames a
    // second: the video is 2656 x 1660" while a scaled recording runs, else
    // empty.
    const std::string& scaledNote() const { return scaledNote_; }

    // Starts recording `kind` into `path` on `disk`, or with `downloads`
    // into memory as a download named `path` (a served lecture's: it
    // stops itself, said, once the video nears the most a download
    // holds). Throws (the libraries missing, the name not writable) with
    // nothing started.
    void start(const std::string& path, ScreenshotKind kind, const std::vector<DrawnPane>& panes,
               const PixelSize& window, int fps, int everySteps, double now, const OutputDisk& disk,
               Downloads* downloads = nullptr);
    // After the frame is drawn into the bound framebuffer, before the
    // indicator: takes the frame when it is due, and hands the frames read
    // back meanwhile to the encoder. Returns a line when the recording had
    // to stop (the window or grid changed size, the encoder failed): it
    // was finished or removed, as the line says; `describe` gives the
    // parameters its metadata carries then (called only to stop).
    // A slide holds every pane (slideOfPanes()), a field the first pane's.
    // `now` is the lecture's clock, in seconds.
    std::optional<Notice> capture(const std::vector<DrawnPane>& panes, const PixelSize& window,
                                  const std::function<PngText()>& describe, double now);
    // The red REC, elapsed time and drops at the field's top right corner.
    void drawIndicator(const PixelSize& window, int fieldWidth, float pixelsPerUnit, double now);
    // Finishes the file: "recorded N frames (...) into PATH", or why not
    // (in brief: the frames and the file's name).
    Notice stop(const PngText& lastPicture);

private:
    Notice stopWith(const std::string& why, const PngText& lastPicture);
    // How many times this frame goes into the clip (0: not at all).
    int framesDue(long long step, double now);
    void drain(bool wait);
    void shrinkWindowIntoTarget();

    std::unique_ptr<StopSignal> stopSignal_;
    std::unique_ptr<VideoRecorder> recorder_;
    std::unique_ptr<AsyncReadback> readback_;
    std::unique_ptr<OffscreenTarget> target_;
    std::unique_ptr<TextOverlay> indicator_;
    ScreenshotKind kind_ = ScreenshotKind::Field;
    PixelSize asked_;  // what each frame must be (window or grid size)
    int width_ = 0;    // the video's frames
    int height_ = 0;
    int fps_ = 30;
    int everySteps_ = 0;
    long long lastStep_ = -1;
    long long clockFrames_ = 0;      // the clip's frames so far, on the clock
    std::deque<int> readbackTimes_;  // how often each frame read back is encoded
    double started_ = 0.0;
    std::string scaledNote_;
    std::size_t mostBytes_ = 0;  // a download's most, while one is recorded
};

}  // namespace heatlab
