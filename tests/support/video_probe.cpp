#include "tests/support/video_probe.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
}

#include <algorithm>
#include <fstream>
#include <iterator>

namespace heatlab {

namespace {

// The offset of a top-level box of `type` in an MP4 file, or -1.
long long boxOffset(const std::string& bytes, const char* type) {
    std::size_t at = 0;
    while (at + 8 <= bytes.size()) {
        const auto b = [&](std::size_t i) { return static_cast<unsigned char>(bytes[at + i]); };
        unsigned long long size =
            (static_cast<unsigned long long>(b(0)) << 24) | (b(1) << 16) | (b(2) << 8) | b(3);
        if (bytes.compare(at + 4, 4, type) == 0) {
            return static_cast<long long>(at);
        }
        if (size == 1 && at + 16 <= bytes.size()) {
            size = 0;
            for (int i = 8; i < 16; ++i) {
                size = (size << 8) | b(static_cast<std::size_t>(i));
            }
        }
        if (size < 8) {
            return -1;
        }
        at += size;
    }
    return -1;
}

RgbImage toRgb(const AVFrame* frame, SwsContext** convert) {
    *convert = sws_getCachedContext(*convert, frame->width, frame->height,
                                    static_cast<AVPixelFormat>(frame->format), frame->width,
                                    frame->height, AV_PIX_FMT_RGB24, SWS_BICUBIC | SWS_ACCURATE_RND,
                                    nullptr, nullptr, nullptr);
    // What the stream says it is: BT.709 in the video range.
    const int* bt709 = sws_getCoefficients(SWS_CS_ITU709);
    sws_setColorspaceDetails(*convert, bt709, 0, bt709, 1, 0, 1 << 16, 1 << 16);
    RgbImage image{frame->width, frame->height, {}};
    image.pixels.resize(static_cast<std::size_t>(frame->width) * frame->height * 3);
    std::uint8_t* planes[1] = {image.pixels.data()};
    const int strides[1] = {frame->width * 3};
    sws_scale(*convert, frame->data, frame->linesize, 0, frame->height, planes, strides);
    return image;
}

}  // namespace

VideoProbe probeVideo(const std::string& path, const std::vector<int>& keep) {
    VideoProbe probe;
    {
        std::ifstream in(path, std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(in)),
                                std::istreambuf_iterator<char>());
        const long long moov = boxOffset(bytes, "moov");
        const long long mdat = boxOffset(bytes, "mdat");
        probe.indexAtFront = moov >= 0 && mdat >= 0 && moov < mdat;
    }
    AVFormatContext* format = nullptr;
    if (avformat_open_input(&format, path.c_str(), nullptr, nullptr) < 0) {
        probe.error = "avformat_open_input failed";
        return probe;
    }
    avformat_find_stream_info(format, nullptr);
    const AVDictionaryEntry* entry = nullptr;
    while ((entry = av_dict_get(format->metadata, "", entry, AV_DICT_IGNORE_SUFFIX)) != nullptr) {
        probe.metadata[entry->key] = entry->value;
    }
    const int index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nullptr, 0);
    if (index < 0) {
        probe.error = "no video stream";
        avformat_close_input(&format);
        return probe;
    }
    const AVStream* stream = format->streams[index];
    const AVCodec* decoder = avcodec_find_decoder(stream->codecpar->codec_id);
    AVCodecContext* context = avcodec_alloc_context3(decoder);
    avcodec_parameters_to_context(context, stream->codecpar);
    avcodec_open2(context, decoder, nullptr);
    probe.opened = true;
    probe.codec = decoder->name;
    probe.width = stream->codecpar->width;
    probe.height = stream->codecpar->height;
    probe.fps = av_q2d(stream->avg_frame_rate);
    probe.pixelFormat = av_get_pix_fmt_name(static_cast<AVPixelFormat>(stream->codecpar->format));
    if (const char* profile = avcodec_profile_name(decoder->id, stream->codecpar->profile)) {
        probe.profile = profile;
    }
    AVPacket* packet = av_packet_alloc();
    AVFrame* frame = av_frame_alloc();
    SwsContext* convert = nullptr;
    const auto receive = [&] {
        while (avcodec_receive_frame(context, frame) == 0) {
            if (std::find(keep.begin(), keep.end(), probe.frames) != keep.end()) {
                probe.decoded.push_back(toRgb(frame, &convert));
            }
            ++probe.frames;
        }
    };
    while (av_read_frame(format, packet) >= 0) {
        if (packet->stream_index == index) {
            avcodec_send_packet(context, packet);
            receive();
        }
        av_packet_unref(packet);
    }
    avcodec_send_packet(context, nullptr);
    receive();
    sws_freeContext(convert);
    av_frame_free(&frame);
    av_packet_free(&packet);
    avcodec_free_context(&context);
    avformat_close_input(&format);
    return probe;
}

}  // namespace heatlab
