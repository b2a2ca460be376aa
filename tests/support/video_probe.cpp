#include "tests/support/video_probe.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/pixdesc.h>
}

#include <algorithm>
#include <cmath>
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

// BT.709 in the video range back to RGB by the formula, each pixel with its
// 2 x 2 block's chroma sample: written out here rather than through
// swscale, whose fast yuv420p path is a level or two off (seen: 32 came
// back 30), so the tests' tolerances measure the codec, not the probe.
RgbImage toRgb(const AVFrame* frame) {
    constexpr double kr = 0.2126;
    constexpr double kb = 0.0722;
    constexpr double kg = 1.0 - kr - kb;
    RgbImage image{frame->width, frame->height, {}};
    image.pixels.resize(static_cast<std::size_t>(frame->width) * frame->height * 3);
    const auto level = [](double v) {
        return static_cast<std::uint8_t>(std::lround(std::clamp(v * 255.0, 0.0, 255.0)));
    };
    for (int y = 0; y < frame->height; ++y) {
        for (int x = 0; x < frame->width; ++x) {
            const double brightness = (frame->data[0][y * frame->linesize[0] + x] - 16.0) / 219.0;
            const double cb =
                (frame->data[1][(y / 2) * frame->linesize[1] + x / 2] - 128.0) / 224.0;
            const double cr =
                (frame->data[2][(y / 2) * frame->linesize[2] + x / 2] - 128.0) / 224.0;
            const double r = brightness + 2.0 * (1.0 - kr) * cr;
            const double b = brightness + 2.0 * (1.0 - kb) * cb;
            const double g = (brightness - kr * r - kb * b) / kg;
            std::uint8_t* p =
                image.pixels.data() + (static_cast<std::size_t>(y) * frame->width + x) * 3;
            p[0] = level(r);
            p[1] = level(g);
            p[2] = level(b);
        }
    }
    return image;
}

double luma(const std::uint8_t* p) { return 0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2]; }

double percentile99(std::vector<double> values) {
    if (values.empty()) {
        return 0.0;
    }
    const auto at = values.begin() + static_cast<std::ptrdiff_t>(values.size() * 99 / 100);
    std::nth_element(values.begin(), at, values.end());
    return *at;
}

double mean(const std::vector<double>& values) {
    double sum = 0.0;
    for (double v : values) {
        sum += v;
    }
    return values.empty() ? 0.0 : sum / static_cast<double>(values.size());
}

}  // namespace

CodecDifference codecDifference(const RgbImage& decoded, const RgbImage& sent) {
    const int width = std::min(decoded.width, sent.width);
    const int height = std::min(decoded.height, sent.height);
    std::vector<double> lumas;
    std::vector<double> blocks;
    lumas.reserve(static_cast<std::size_t>(width) * height);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            lumas.push_back(std::abs(luma(decoded.at(x, y)) - luma(sent.at(x, y))));
        }
    }
    for (int y = 0; y + 1 < height; y += 2) {
        for (int x = 0; x + 1 < width; x += 2) {
            for (int channel = 0; channel < 3; ++channel) {
                double got = 0.0;
                double want = 0.0;
                for (int k = 0; k < 4; ++k) {
                    got += decoded.at(x + k % 2, y + k / 2)[channel];
                    want += sent.at(x + k % 2, y + k / 2)[channel];
                }
                blocks.push_back(std::abs(got - want) / 4.0);
            }
        }
    }
    return CodecDifference{mean(lumas), percentile99(lumas), mean(blocks), percentile99(blocks)};
}

std::vector<RgbImage> decodeH264Units(const std::vector<std::vector<unsigned char>>& units,
                                      int width, int height) {
    std::vector<RgbImage> pictures;
    const AVCodec* decoder = avcodec_find_decoder(AV_CODEC_ID_H264);
    AVCodecContext* context = avcodec_alloc_context3(decoder);
    // Each unit a picture, given out at once (as WebCodecs' decoder does
    // for a stream without B-frames).
    context->flags |= AV_CODEC_FLAG_LOW_DELAY;
    avcodec_open2(context, decoder, nullptr);
    AVPacket* packet = av_packet_alloc();
    AVFrame* frame = av_frame_alloc();
    const auto receive = [&] {
        while (avcodec_receive_frame(context, frame) == 0) {
            RgbImage whole = toRgb(frame);
            RgbImage cropped{std::min(width, whole.width), std::min(height, whole.height), {}};
            for (int y = 0; y < cropped.height; ++y) {
                const std::uint8_t* row = whole.at(0, y);
                cropped.pixels.insert(cropped.pixels.end(), row, row + cropped.width * 3);
            }
            pictures.push_back(std::move(cropped));
        }
    };
    for (const std::vector<unsigned char>& unit : units) {
        packet->data = const_cast<std::uint8_t*>(unit.data());
        packet->size = static_cast<int>(unit.size());
        if (avcodec_send_packet(context, packet) < 0 && pictures.empty()) {
            break;
        }
        receive();
    }
    packet->data = nullptr;
    packet->size = 0;
    avcodec_send_packet(context, nullptr);
    receive();
    av_frame_free(&frame);
    av_packet_free(&packet);
    avcodec_free_context(&context);
    return pictures;
}

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
    const auto receive = [&] {
        while (avcodec_receive_frame(context, frame) == 0) {
            if (std::find(keep.begin(), keep.end(), probe.frames) != keep.end()) {
                if (frame->format == AV_PIX_FMT_YUV420P) {
                    probe.decoded.push_back(toRgb(frame));
                } else {
                    probe.error = "a frame not in yuv420p";
                }
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
    av_frame_free(&frame);
    av_packet_free(&packet);
    avcodec_free_context(&context);
    avformat_close_input(&format);
    return probe;
}

}  // namespace heatlab
