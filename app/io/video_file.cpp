#include "app/io/video_file.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "app/io/libav.h"
#include "app/io/video_size.h"
#include "app/io/yuv_frame.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

// The encoder's settings, chosen on an exploding checkerboard at 1080p
// (tests/cpu/test_video_file.cpp): CRF 12 keeps alternating cells apart
// where the default 23 smears them into blocks; "animation" tuning favours
// flat areas and sharp edges (fewer deblocking, more reference frames);
// "medium" is the speed x264 is tuned at, about 30 frames a second of 1080p
// on two cores. A keyframe every two seconds lets slide software seek.
constexpr const char* kCrf = "12";
constexpr const char* kPreset = "medium";
constexpr const char* kTune = "animation";
constexpr int kAvioBufferBytes = 1 << 16;

// The callbacks through which the muxer writes the stream. An exception
// must not cross FFmpeg's C frames: the first failure's message is kept
// and the muxer is told with an error code.
struct StreamSink {
    OutputStream* stream = nullptr;
    std::string failure;
};

// libavformat 61 (FFmpeg 7, Debian 13) made avio's write buffer const and
// dropped the FF_API_AVIO_WRITE_NONCONST switch that announced it, so the
// library's major is what tells the two apart (59 on Debian 12).
#if LIBAVFORMAT_VERSION_MAJOR >= 61
using WriteBuffer = const std::uint8_t*;
#else
using WriteBuffer = std::uint8_t*;
#endif

int writePacket(void* opaque, WriteBuffer data, int size) {
    auto* sink = static_cast<StreamSink*>(opaque);
    try {
        sink->stream->write(data, static_cast<std::size_t>(size));
        return size;
    } catch (const std::exception& e) {
        if (sink->failure.empty()) {
            sink->failure = e.what();
        }
        return AVERROR(EIO);
    }
}

std::int64_t seekStream(void* opaque, std::int64_t offset, int whence) {
    auto* sink = static_cast<StreamSink*>(opaque);
    if (whence == AVSEEK_SIZE) {
        return -1;  // unknown; the muxer does not need it
    }
    try {
        return sink->stream->seek(offset, whence & ~AVSEEK_FORCE);
    } catch (const std::exception& e) {
        if (sink->failure.empty()) {
            sink->failure = e.what();
        }
        return AVERROR(EIO);
    }
}

std::string commentOf(const VideoMetadata& metadata) {
    std::string comment;
    for (const auto& [key, value] : metadata) {
        comment += (comment.empty() ? "" : ", ") + key + " " + value;
    }
    return comment;
}

}  // namespace

struct VideoFile::Codec {
    const LibAv& av;
    StreamSink sink;
    AVFormatContext* format = nullptr;
    AVIOContext* io = nullptr;
    AVCodecContext* encoder = nullptr;
    AVStream* stream = nullptr;
    std::unique_ptr<YuvFrame> frame;
    AVPacket* packet = nullptr;

    explicit Codec(const LibAv& lib) : av(lib) {}
    ~Codec() {
        av.packetFree(&packet);
        av.freeContext(&encoder);
        if (io != nullptr) {
            av.free(io->buffer);
            av.ioContextFree(&io);
        }
        if (format != nullptr) {
            format->pb = nullptr;
            av.freeFormatContext(format);
        }
    }

    // The sink's message where the stream failed, else FFmpeg's.
    [[noreturn]] void fail(const std::string& path, const std::string& what, int code) const {
        if (!sink.failure.empty()) {
            throw RuntimeError(sink.failure);
        }
        throw RuntimeError("cannot write " + path + ": " + what + ": " + av.errorText(code));
    }

    void drain(const std::string& path) {
        for (;;) {
            const int got = av.receivePacket(encoder, packet);
            if (got == AVERROR(EAGAIN) || got == AVERROR_EOF) {
                return;
            }
            if (got < 0) {
                fail(path, "encoding", got);
            }
            av.packetRescaleTs(packet, encoder->time_base, stream->time_base);
            packet->stream_index = stream->index;
            const int wrote = av.interleavedWriteFrame(format, packet);
            if (wrote < 0) {
                fail(path, "writing a frame", wrote);
            }
        }
    }
};

VideoFile::VideoFile(const std::string& path, const VideoSpec& spec, const OutputDisk& disk)
    : spec_(spec) {
    const LibAv& av = loadLibAv();
    if (spec.width < 2 || spec.height < 2 || spec.fps < kVideoMinRate || spec.fps > kVideoMaxRate) {
        throw RuntimeError("cannot write " + path + ": a video of " + std::to_string(spec.width) +
                           " x " + std::to_string(spec.height) + " at " + std::to_string(spec.fps) +
                           " frames a second");
    }
    const AVCodec* h264 = av.findEncoderByName("libx264");
    if (h264 == nullptr) {
        throw RuntimeError("cannot write " + path +
                           ": this libavcodec has no H.264 encoder (libx264); install the Debian "
                           "package of libavcodec that Debian ships, with libx264");
    }
    stream_ = std::make_unique<OutputStream>(path, disk);
    codec_ = std::make_unique<Codec>(av);
    Codec& c = *codec_;
    c.sink.stream = stream_.get();

    const int width = evenSide(spec.width);
    const int height = evenSide(spec.height);
    c.encoder = av.allocContext(h264);
    c.encoder->width = width;
    c.encoder->height = height;
    c.encoder->time_base = AVRational{1, spec.fps};
    c.encoder->framerate = AVRational{spec.fps, 1};
    c.encoder->gop_size = 2 * spec.fps;
    describeYuvColours(c.encoder);
    // MP4 keeps the parameter sets in its header, not before each keyframe.
    c.encoder->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    av.optSet(c.encoder->priv_data, "crf", kCrf, 0);
    av.optSet(c.encoder->priv_data, "preset", kPreset, 0);
    av.optSet(c.encoder->priv_data, "tune", kTune, 0);
    av.optSet(c.encoder->priv_data, "profile", "high", 0);
    if (const int opened = av.open(c.encoder, h264, nullptr); opened < 0) {
        c.fail(
            path,
            "the H.264 encoder refused " + std::to_string(width) + " x " + std::to_string(height),
            opened);
    }

    if (const int made = av.allocOutputContext(&c.format, nullptr, "mp4", nullptr); made < 0) {
        c.fail(path, "no MP4 muxer", made);
    }
    // The muxer moves its index to the front by reading the file back by
    // this name once the frames are written.
    // "file:" so that a name with a colon is not taken for a protocol.
    c.format->url = av.strdup(("file:" + stream_->temporaryPath()).c_str());
    auto* buffer = static_cast<unsigned char*>(av.malloc(kAvioBufferBytes));
    c.io =
        av.ioAllocContext(buffer, kAvioBufferBytes, 1, &c.sink, nullptr, writePacket, seekStream);
    c.io->seekable = AVIO_SEEKABLE_NORMAL;
    c.format->pb = c.io;
    c.format->flags |= AVFMT_FLAG_CUSTOM_IO;
    c.stream = av.newStream(c.format, nullptr);
    c.stream->time_base = c.encoder->time_base;
    c.stream->avg_frame_rate = c.encoder->framerate;
    av.parametersFromContext(c.stream->codecpar, c.encoder);

    AVDictionary* options = nullptr;
    // faststart: the index at the front; use_metadata_tags: keys of our
    // own (backend, kernel, r, ...) kept, not only MP4's fixed few.
    av.dictSet(&options, "movflags", "+faststart+use_metadata_tags", 0);
    const int header = av.writeHeader(c.format, &options);
    av.dictFree(&options);
    if (header < 0) {
        c.fail(path, "the MP4 header", header);
    }

    c.packet = av.packetAlloc();
    try {
        c.frame = std::make_unique<YuvFrame>(av, width, height);
    } catch (const RuntimeError& e) {
        throw RuntimeError("cannot write " + path + ": " + e.what());
    }
}

VideoFile::~VideoFile() { abandon(); }

const std::string& VideoFile::path() const { return stream_->path(); }

void VideoFile::addFrame(const RgbImage& image) {
    if (!codec_) {
        throw RuntimeError("cannot write " + path() + ": the video is closed");
    }
    if (image.width != spec_.width || image.height != spec_.height) {
        throw RuntimeError("cannot write " + path() + ": a frame of " +
                           std::to_string(image.width) + " x " + std::to_string(image.height) +
                           " in a video of " + std::to_string(spec_.width) + " x " +
                           std::to_string(spec_.height));
    }
    Codec& c = *codec_;
    AVFrame* frame = nullptr;
    try {
        frame = c.frame->fill(image);
    } catch (const RuntimeError& e) {
        throw RuntimeError("cannot write " + path() + ": " + e.what());
    }
    frame->pts = frames_;
    if (const int sent = c.av.sendFrame(c.encoder, frame); sent < 0) {
        c.fail(path(), "encoding", sent);
    }
    c.drain(path());
    ++frames_;
}

void VideoFile::finish(const VideoMetadata& metadata) {
    if (!codec_) {
        throw RuntimeError("cannot write " + path() + ": the video is closed");
    }
    try {
        Codec& c = *codec_;
        if (const int sent = c.av.sendFrame(c.encoder, nullptr); sent < 0) {
            c.fail(path(), "encoding", sent);
        }
        c.drain(path());
        // MP4 writes its metadata with the index, at the end.
        VideoMetadata all = spec_.metadata;
        for (const auto& [key, value] : metadata) {
            const auto same = [&key = key](const auto& entry) { return entry.first == key; };
            if (auto found = std::find_if(all.begin(), all.end(), same); found != all.end()) {
                found->second = value;
            } else {
                all.emplace_back(key, value);
            }
        }
        for (const auto& [key, value] : all) {
            c.av.dictSet(&c.format->metadata, key.c_str(), value.c_str(), 0);
        }
        c.av.dictSet(&c.format->metadata, "comment", commentOf(all).c_str(), 0);
        if (const int trailer = c.av.writeTrailer(c.format); trailer < 0) {
            c.fail(path(), "finishing the MP4", trailer);
        }
        c.av.ioFlush(c.io);
        if (!c.sink.failure.empty()) {
            throw RuntimeError(c.sink.failure);
        }
        codec_.reset();
        stream_->commit();
    } catch (...) {
        abandon();
        throw;
    }
}

void VideoFile::abandon() noexcept {
    codec_.reset();
    if (stream_) {
        stream_->abandon();
    }
}

}  // namespace heatlab
