#include "app/io/yuv_frame.h"

#include <algorithm>
#include <cstring>

#include "app/i18n/translation.h"
#include "kernels/base/errors.h"

namespace heatlab {

YuvFrame::YuvFrame(const LibAv& av, int width, int height) : av_(av) {
    frame_ = av.frameAlloc();
    if (frame_ == nullptr) {
        throw RuntimeError(tr("FFmpeg gave no frame"));
    }
    frame_->format = AV_PIX_FMT_YUV420P;
    frame_->width = width;
    frame_->height = height;
    frame_->color_range = AVCOL_RANGE_MPEG;
    frame_->colorspace = AVCOL_SPC_BT709;
    if (const int got = av.frameGetBuffer(frame_, 0); got < 0) {
        av.frameFree(&frame_);
        throw RuntimeError(
            trf("a frame buffer of %d x %d: %s", width, height, av.errorText(got).c_str()));
    }
    // Area averaging for the half-resolution colour planes: of two
    // alternating cells each keeps its own brightness (the full-resolution
    // luma), and their colours average rather than alias.
    convert_ = av.swsGetContext(width, height, AV_PIX_FMT_RGB24, width, height, AV_PIX_FMT_YUV420P,
                                SWS_AREA | SWS_ACCURATE_RND, nullptr, nullptr, nullptr);
    if (convert_ == nullptr) {
        av.frameFree(&frame_);
        throw RuntimeError(tr("swscale cannot convert RGB to yuv420p"));
    }
    // BT.709 in the video range: what the stream says it is.
    const int* bt709 = av.swsGetCoefficients(SWS_CS_ITU709);
    av.swsSetColorspaceDetails(convert_, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16);
}

YuvFrame::~YuvFrame() {
    av_.swsFreeContext(convert_);
    av_.frameFree(&frame_);
}

AVFrame* YuvFrame::fill(const RgbImage& image) {
    const int width = frame_->width;
    const int height = frame_->height;
    const std::uint8_t* rgb = image.pixels.data();
    if (width != image.width || height != image.height) {
        // The last column and row copied into the extra ones.
        padded_.resize(static_cast<std::size_t>(width) * height * 3);
        for (int y = 0; y < height; ++y) {
            const std::uint8_t* from = image.at(0, std::min(y, image.height - 1));
            std::uint8_t* to = padded_.data() + static_cast<std::size_t>(y) * width * 3;
            std::memcpy(to, from, static_cast<std::size_t>(image.width) * 3);
            if (width > image.width) {
                std::memcpy(to + image.width * 3, from + (image.width - 1) * 3, 3);
            }
        }
        rgb = padded_.data();
    }
    if (const int writable = av_.frameMakeWritable(frame_); writable < 0) {
        throw RuntimeError(trf("a frame buffer: %s", av_.errorText(writable).c_str()));
    }
    const std::uint8_t* planes[1] = {rgb};
    const int strides[1] = {width * 3};
    av_.swsScale(convert_, planes, strides, 0, height, frame_->data, frame_->linesize);
    return frame_;
}

void describeYuvColours(AVCodecContext* encoder) {
    encoder->pix_fmt = AV_PIX_FMT_YUV420P;
    encoder->color_range = AVCOL_RANGE_MPEG;
    encoder->colorspace = AVCOL_SPC_BT709;
    encoder->color_primaries = AVCOL_PRI_BT709;
    encoder->color_trc = AVCOL_TRC_BT709;
}

}  // namespace heatlab
