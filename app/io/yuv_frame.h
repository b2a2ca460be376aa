#pragma once
// RGB pictures made into the frames H.264 encodes: yuv420p, BT.709 in the
// video range (what the streams say they are), the colour planes
// subsampled by area, and an odd side made even by a copy of its last row
// or column. One for the MP4 videos (video_file.h) and the frames served to
// browsers (app/serve/h264_frames.h), so both show the same colours.

#include <cstdint>
#include <vector>

#include "app/io/libav.h"
#include "app/io/rgb_image.h"

namespace heatlab {

class YuvFrame {
public:
    // A frame of width x height (each even). Throws RuntimeError when
    // FFmpeg gives no buffer or no converter.
    YuvFrame(const LibAv& av, int width, int height);
    ~YuvFrame();
    YuvFrame(const YuvFrame&) = delete;
    YuvFrame& operator=(const YuvFrame&) = delete;

    // The frame holding `image` (at most one row and column smaller than
    // the frame: those are copied in). Throws RuntimeError.
    AVFrame* fill(const RgbImage& image);
    AVFrame* frame() const { return frame_; }

private:
    const LibAv& av_;
    AVFrame* frame_ = nullptr;
    SwsContext* convert_ = nullptr;
    std::vector<std::uint8_t> padded_;  // an odd-sided picture made even
};

// The codec context's colour description matching YuvFrame's frames.
void describeYuvColours(AVCodecContext* encoder);

}  // namespace heatlab
