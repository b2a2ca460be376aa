#include "app/serve/frame_encoder.h"

#include <cstdio>

#include "app/i18n/terminal_locale.h"
#include "app/i18n/translation.h"
#include "app/serve/jpeg_codec.h"
#include "kernels/base/host_clock.h"

namespace heatlab {

namespace {

class JpegFrames : public FrameCodec {
public:
    void encode(const RgbImage& picture, FrameHeader header,
                std::vector<unsigned char>& message) override {
        header.kind = FrameKind::Jpeg;
        appendFrameHeader(header, message);
        codec_.encode(picture, header.quality, message);
    }

private:
    JpegCodec codec_;
};

}  // namespace

std::unique_ptr<FrameCodec> makeJpegFrames() { return std::make_unique<JpegFrames>(); }

FrameEncoder::FrameEncoder(MakeCodec makeCodec, Publish publish)
    : makeCodec_(std::move(makeCodec)), publish_(std::move(publish)), thread_([this] { run(); }) {}

FrameEncoder::~FrameEncoder() {
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    thread_.join();
}

void FrameEncoder::submit(RgbImage picture, FrameHeader header) {
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        if (waiting_) {
            ++replaced_;
            header.key = header.key || waiting_->header.key;
        }
        header.width = picture.width;
        header.height = picture.height;
        waiting_ = Job{std::move(picture), header};
    }
    wake_.notify_one();
}

double FrameEncoder::medianMilliseconds() const {
    const std::lock_guard<std::mutex> lock(mutex_);
    return milliseconds_.median();
}

long long FrameEncoder::replaced() const {
    const std::lock_guard<std::mutex> lock(mutex_);
    return replaced_;
}

void FrameEncoder::run() {
    std::unique_ptr<FrameCodec> codec;
    for (;;) {
        Job job;
        {
            std::unique_lock<std::mutex> lock(mutex_);
            wake_.wait(lock, [this] { return stopping_ || waiting_.has_value(); });
            if (stopping_) {
                return;
            }
            job = std::move(*waiting_);
            waiting_.reset();
        }
        try {
            if (!codec) {
                codec = makeCodec_();
            }
            const double start = secondsNow();
            std::vector<unsigned char> message;
            message.reserve(kFrameHeaderBytes + job.picture.pixels.size() / 8);
            codec->encode(job.picture, job.header, message);
            const double took = (secondsNow() - start) * 1000.0;
            {
                const std::lock_guard<std::mutex> lock(mutex_);
                milliseconds_.add(took);
            }
            publish_(std::move(message));
        } catch (const std::exception& e) {
            // The lecture goes on; the browsers keep the last frame.
            std::fprintf(stderr, "heatlab serve: %s\n",
                         terminalLine(trf("a frame was not encoded: %s", e.what())).c_str());
        }
    }
}

}  // namespace heatlab
