#pragma once
// The served frames' encoder: a thread of its own that turns the newest
// picture the render loop hands it into a frame message (wire.h: header and
// JPEG or H.264) and publishes it; a picture that comes before the one
// before it was encoded replaces it, so the render loop never waits for the
// encoder and the browsers always get the newest frame. One thread a codec
// is enough: a 1080p frame takes TurboJPEG about 4 ms on one core, 250
// frames a second.

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "app/io/rgb_image.h"
#include "app/serve/recent_times.h"
#include "app/serve/wire.h"

namespace heatlab {

// What an encoder thread makes its messages with, made on that thread (a
// TurboJPEG handle or an FFmpeg encoder belongs to one).
class FrameCodec {
public:
    virtual ~FrameCodec() = default;
    // `header` (its kind, and for JPEG its quality, set here; for H.264
    // whether the frame is a keyframe) then `picture` encoded, appended to
    // `message`. Throws RuntimeError.
    virtual void encode(const RgbImage& picture, FrameHeader header,
                        std::vector<unsigned char>& message) = 0;
};

// JPEG through TurboJPEG at the header's quality.
std::unique_ptr<FrameCodec> makeJpegFrames();

class FrameEncoder {
public:
    using Publish = std::function<void(std::vector<unsigned char>)>;
    using MakeCodec = std::function<std::unique_ptr<FrameCodec>()>;
    FrameEncoder(MakeCodec makeCodec, Publish publish);
    ~FrameEncoder();  // the picture waiting, if any, is dropped
    FrameEncoder(const FrameEncoder&) = delete;
    FrameEncoder& operator=(const FrameEncoder&) = delete;

    // The header's width and height are set from `picture`'s; a keyframe
    // asked for (header.key) is kept when a newer picture replaces it.
    void submit(RgbImage picture, FrameHeader header);

    // The median of the last frames' encode times, milliseconds (for the
    // exit line; 0 before any), and how many pictures were replaced before
    // encoding.
    double medianMilliseconds() const;
    long long replaced() const;

private:
    void run();

    MakeCodec makeCodec_;
    Publish publish_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    struct Job {
        RgbImage picture;
        FrameHeader header;
    };
    std::optional<Job> waiting_;
    bool stopping_ = false;
    RecentTimes milliseconds_;
    long long replaced_ = 0;
    std::thread thread_;  // last: started once the rest is made
};

}  // namespace heatlab
