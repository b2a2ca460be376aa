#pragma once
// The served frames' encoder: a thread of its own that turns the newest
// picture the render loop hands it into a frame message (wire.h: header and
// JPEG) and publishes it; a picture that comes before the one before it was
// encoded replaces it, so the render loop never waits for the encoder and
// the browsers always get the newest frame. One thread is enough: a 1080p
// frame takes TurboJPEG about 4 ms on one core, 250 frames a second.

#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "app/io/rgb_image.h"
#include "app/serve/wire.h"

namespace heatlab {

class FrameEncoder {
public:
    using Publish = std::function<void(std::vector<unsigned char>)>;
    explicit FrameEncoder(Publish publish);
    ~FrameEncoder();  // the picture waiting, if any, is dropped
    FrameEncoder(const FrameEncoder&) = delete;
    FrameEncoder& operator=(const FrameEncoder&) = delete;

    // The header's quality, width and height are set from `picture`'s.
    void submit(RgbImage picture, FrameHeader header, int quality);

    // Milliseconds each of the last frames took to encode (for the exit line
    // and the tests), and how many pictures were replaced before encoding.
    std::vector<double> encodeMilliseconds() const;
    long long replaced() const;

private:
    void run();

    Publish publish_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    struct Job {
        RgbImage picture;
        FrameHeader header;
        int quality = 85;
    };
    std::optional<Job> waiting_;
    bool stopping_ = false;
    std::vector<double> milliseconds_;
    long long replaced_ = 0;
    std::thread thread_;  // last: started once the rest is made
};

}  // namespace heatlab
