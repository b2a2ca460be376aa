#include "app/lecture/run/shot_video.h"

#include <cstdio>

#include "app/i18n/terminal_locale.h"
#include "app/i18n/translation.h"
#include "app/io/video_metadata.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

VideoFrameSize announcedSize(int width, int height, int fps) {
    const VideoFrameSize size = videoFrameSize(width, height, fps);
    if (size.scaled) {
        std::fprintf(stderr, "heatlab shot: %s\n",
                     terminalLine(videoScaleNote(width, height, fps, size)).c_str());
    }
    return size;
}

VideoSpec specOf(const VideoFrameSize& size, int fps, int stepsPerFrame) {
    VideoSpec spec;
    spec.width = size.width;
    spec.height = size.height;
    spec.fps = fps;
    spec.metadata = videoMetadataOf({}, fps, stepsPerFrame);
    return spec;
}

}  // namespace

ShotVideo::ShotVideo(const ShotOptions& o, int width, int height, int stepsPerFrame,
                     const OutputDisk& disk)
    : path_(o.video),
      fps_(o.videoRate),
      stepsPerFrame_(stepsPerFrame),
      size_(announcedSize(width, height, o.videoRate)),
      recorder_(o.video, specOf(size_, o.videoRate, stepsPerFrame), kShotVideoQueueFrames,
                WhenFull::Wait, disk) {}

void ShotVideo::add(RgbImage image, long long step) {
    if (StopSignal::requested()) {
        recorder_.abandon();
        throw RuntimeError(
            trf("stopped by %s at step %lld: %s not written (the part recorded was removed)",
                StopSignal::name(), step, path_.c_str()));
    }
    if (!recorder_.add(std::move(image))) {
        recorder_.finish();  // throws the recording's failure
    }
    StopSignal::testPoint(("frame-" + std::to_string(recorder_.framesTaken())).c_str());
}

void ShotVideo::finish(const PngText& lastPicture) {
    recorder_.finish(videoMetadataOf(lastPicture, fps_, stepsPerFrame_), true);
    // The encoder's cost a frame, for telling whether a machine records in
    // real time (below 1000 / fps ms) and for quoting.
    const int frames = recorder_.framesEncoded();
    const double seconds = static_cast<double>(frames) / fps_;
    const std::string line =
        frames == 1 ? trf("1 frame at %d a second (%.1f s) into %s; %s", fps_, seconds,
                          path_.c_str(), recorder_.encodeTimeText().c_str())
                    : trf("%d frames at %d a second (%.1f s) into %s; %s", frames, fps_, seconds,
                          path_.c_str(), recorder_.encodeTimeText().c_str());
    std::fprintf(stderr, "heatlab shot: %s\n", terminalLine(line).c_str());
}

void ShotVideo::publish() {
    recorder_.commit();
    std::printf("%s\n", path_.c_str());
}

}  // namespace heatlab
