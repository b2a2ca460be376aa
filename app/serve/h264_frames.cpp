#include "app/serve/h264_frames.h"

#include "app/io/libav.h"
#include "app/io/video_size.h"
#include "app/io/yuv_frame.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

// ultrafast: about 4 ms a 1080p frame of the panel here, where "medium"
// (the recordings') takes five times as long; CRF 23 keeps the panel's text
// sharp at these sizes. A keyframe at least every ten seconds at 60 Hz,
// should a page's request be lost.
constexpr const char* kPreset = "ultrafast";
constexpr const char* kCrf = "23";
constexpr int kMostFramesBetweenKeys = 600;

const AVCodec* findX264(const LibAv& av) { return av.findEncoderByName("libx264"); }

class H264Frames : public FrameCodec {
public:
    H264Frames() : av_(loadLibAv()) {
        if (findX264(av_) == nullptr) {
            throw RuntimeError(h264Unavailable());
        }
        packet_ = av_.packetAlloc();
    }
    ~H264Frames() override {
        close();
        av_.packetFree(&packet_);
    }

    void encode(const RgbImage& picture, FrameHeader header,
                std::vector<unsigned char>& message) override {
        const bool resized = !frame_ || picture.width != width_ || picture.height != height_;
        if (resized) {
            open(picture.width, picture.height);
        }
        AVFrame* frame = frame_->fill(picture);
        frame->pts = pts_++;
        // A new encoder's first frame is a keyframe of its own.
        frame->pict_type = header.key && !resized ? AV_PICTURE_TYPE_I : AV_PICTURE_TYPE_NONE;
        if (const int sent = av_.sendFrame(encoder_, frame); sent < 0) {
            throw RuntimeError("H.264: encoding a frame: " + av_.errorText(sent));
        }
        const int got = av_.receivePacket(encoder_, packet_);
        if (got < 0) {
            // With no lookahead every frame gives its packet at once.
            throw RuntimeError("H.264: no packet for a frame: " + av_.errorText(got));
        }
        header.kind = FrameKind::H264;
        header.key = (packet_->flags & AV_PKT_FLAG_KEY) != 0;
        appendFrameHeader(header, message);
        message.insert(message.end(), packet_->data, packet_->data + packet_->size);
        av_.packetUnref(packet_);
    }

private:
    void open(int width, int height) {
        close();
        const AVCodec* x264 = findX264(av_);
        encoder_ = av_.allocContext(x264);
        encoder_->width = evenSide(width);
        encoder_->height = evenSide(height);
        encoder_->time_base = AVRational{1, 60};
        encoder_->framerate = AVRational{60, 1};
        encoder_->gop_size = kMostFramesBetweenKeys;
        encoder_->max_b_frames = 0;
        describeYuvColours(encoder_);
        av_.optSet(encoder_->priv_data, "preset", kPreset, 0);
        av_.optSet(encoder_->priv_data, "tune", "zerolatency", 0);
        av_.optSet(encoder_->priv_data, "profile", "baseline", 0);
        av_.optSet(encoder_->priv_data, "crf", kCrf, 0);
        // A frame asked to be a keyframe is an IDR frame, one a decoder can
        // start at.
        av_.optSet(encoder_->priv_data, "forced-idr", "1", 0);
        if (const int opened = av_.open(encoder_, x264, nullptr); opened < 0) {
            av_.freeContext(&encoder_);
            throw RuntimeError("H.264: the encoder refused " + std::to_string(width) + " x " +
                               std::to_string(height) + ": " + av_.errorText(opened));
        }
        frame_ = std::make_unique<YuvFrame>(av_, encoder_->width, encoder_->height);
        width_ = width;
        height_ = height;
        pts_ = 0;
    }

    void close() {
        frame_.reset();
        av_.freeContext(&encoder_);
    }

    const LibAv& av_;
    AVCodecContext* encoder_ = nullptr;
    AVPacket* packet_ = nullptr;
    std::unique_ptr<YuvFrame> frame_;
    int width_ = 0;
    int height_ = 0;
    long long pts_ = 0;
};

}  // namespace

std::unique_ptr<FrameCodec> makeH264Frames() { return std::make_unique<H264Frames>(); }

std::string h264Unavailable() {
    try {
        if (findX264(loadLibAv()) == nullptr) {
            return "this libavcodec has no libx264 encoder";
        }
        return "";
    } catch (const RuntimeError& e) {
        return e.what();
    }
}

}  // namespace heatlab
