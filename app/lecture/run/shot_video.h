#pragma once
// `heatlab shot --video FILE.mp4`: the recording of a headless run, the
// field's, a slide's or the window's (--ui, --cues). Frames are encoded on
// the recorder's thread while the next ones are drawn; none is dropped
// (the run waits for room). Ctrl+C, SIGTERM or SIGHUP during it removes the
// part recorded and fails the shot: nothing is left under the name. The
// video is one outcome with the run's other outputs: renamed into place
// only once they are written.

#include <string>

#include "app/io/png_file.h"
#include "app/io/stop_signal.h"
#include "app/io/video_recorder.h"
#include "app/io/video_size.h"
#include "app/lecture/run/shot_settings.h"

namespace heatlab {

// Frames queued for the encoder before the run waits: enough to keep both
// busy, few enough for 8 MiB frames.
inline constexpr int kShotVideoQueueFrames = 4;

class ShotVideo {
public:
    // Opens options.video for pictures asked at width x height (drawn at
    // size(), smaller where H.264's level needs it, which is said), one
    // every `stepsPerFrame` steps (0: per displayed frame). Throws
    // RuntimeError (FFmpeg's libraries missing, the name not writable).
    ShotVideo(const ShotOptions& options, int width, int height, int stepsPerFrame,
              const OutputDisk& disk = {});

    const VideoFrameSize& size() const { return size_; }
    // Queues one frame of size(); `step` is said if a stop signal came.
    // Throws RuntimeError when the recording failed or was stopped, its
    // file removed.
    void add(RgbImage image, long long step);
    // Finishes the file (the parameters of its last picture in the
    // metadata) and says its frames; it stays under its temporary name
    // until publish(), so a run whose other outputs fail leaves no video.
    void finish(const PngText& lastPicture);
    // Renames the finished file into place and prints its name: once the
    // run's other outputs are written.
    void publish();

private:
    StopSignal stop_;
    std::string path_;
    int fps_;
    int stepsPerFrame_;
    VideoFrameSize size_;
    VideoRecorder recorder_;
};

}  // namespace heatlab
