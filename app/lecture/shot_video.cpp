#include "app/lecture/shot_video.h"

#include <cstdio>

#include "app/io/video_metadata.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

VideoFrameSize announcedSize(int width, int height, int fps) {
    const VideoFrameSize size = videoFrameSize(width, height, fps);
    if (size.scaled) {
        std::fprintf(stderr, "heatlab shot: %s\n",
                     videoScaleNote(width, height, fps, size).c_str());
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
        throw RuntimeError(std::string("stopped by ") + StopSignal::name() + " at step " +
                           std::to_string(step) + ": " + path_ +
                           " not written (the part recorded was removed)");
    }
    if (!recorder_.add(std::move(image))) {
        recorder_.finish();  // throws the recording's failure
    }
}

void ShotVideo::finish(const PngText& lastPicture) {
    recorder_.finish(videoMetadataOf(lastPicture, fps_, stepsPerFrame_));
    // The encoder's cost a frame, for telling whether a machine records in
    // real time (below 1000 / fps ms) and for quoting.
    std::fprintf(stderr, "heatlab shot: %d frame%s at %d a second (%.1f s) into %s; %s\n",
                 recorder_.framesEncoded(), recorder_.framesEncoded() == 1 ? "" : "s", fps_,
                 static_cast<double>(recorder_.framesEncoded()) / fps_, path_.c_str(),
                 recorder_.encodeTimeText().c_str());
    std::printf("%s\n", path_.c_str());
}

}  // namespace heatlab
