#include "app/io/video_file.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "app/i18n/translation.h"
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
// A finish's bytes beside its frames and their index: the header's and
// the metadata's, a few hundred bytes (full()).
constexpr std::size_t kFinishBytes = 8 << 10;

// The callbacks through which the muxer writes the stream. An exception
// must not cross FFmpeg's C frames: the first failure's message is kept
// and the muxer is told with an error code.
struct StreamSink {
    SeekableSink* stream = nullptr;
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

// The muxer reads back what it wrote, to move its index to the front,
// through the URL it was given; a sink with none (memory) is read through
// these, a reader of its own with its own position.
struct SinkReader {
    const SeekableSink* sink = nullptr;
    std::int64_t at = 0;
};

int readSink(void* opaque, std::uint8_t* data, int size) {
    auto* reader = static_cast<SinkReader*>(opaque);
    const std::size_t got = reader->sink->read(reader->at, data, static_cast<std::size_t>(size));
    reader->at += static_cast<std::int64_t>(got);
    return got == 0 ? AVERROR_EOF : static_cast<int>(got);
}

std::int64_t seekSinkReader(void* opaque, std::int64_t offset, int whence) {
    auto* reader = static_cast<SinkReader*>(opaque);
    whence &= ~AVSEEK_FORCE;
    if (whence == SEEK_SET) {
        reader->at = offset;
    } else if (whence == SEEK_CUR) {
        reader->at += offset;
    } else {
        return -1;  // the size (AVSEEK_SIZE) and SEEK_END: not needed
    }
    return reader->at;
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
    std::size_t packets = 0;  // out of the encoder so far, and their bytes
    std::size_t packetBytes = 0;

    explicit Codec(const LibAv& lib) : av(lib) {}

    // The format's opening of its own URL, for a sink with no URL: a
    // reader over what the sink holds (the only opening the MP4 muxer
    // makes, to move its index to the front).
    static int openReader(AVFormatContext* format, AVIOContext** pb, const char* /*url*/, int flags,
                          AVDictionary** /*options*/) {
        if ((flags & AVIO_FLAG_WRITE) != 0) {
            return AVERROR(ENOSYS);
        }
        const Codec& c = *static_cast<const Codec*>(format->opaque);
        auto* buffer = static_cast<unsigned char*>(c.av.malloc(kAvioBufferBytes));
        if (buffer == nullptr) {
            return AVERROR(ENOMEM);
        }
        auto* reader = new SinkReader{c.sink.stream, 0};
        *pb = c.av.ioAllocContext(buffer, kAvioBufferBytes, 0, reader, readSink, nullptr,
                                  seekSinkReader);
        if (*pb == nullptr) {
            delete reader;
            c.av.free(buffer);
            return AVERROR(ENOMEM);
        }
        return 0;
    }
    static int closeReader(AVFormatContext* format, AVIOContext* pb) {
        const Codec& c = *static_cast<const Codec*>(format->opaque);
        delete static_cast<SinkReader*>(pb->opaque);
        c.av.free(pb->buffer);
        c.av.ioContextFree(&pb);
        return 0;
    }
    static void closeReaderVoid(AVFormatContext* format, AVIOContext* pb) {
        (void)closeReader(format, pb);
    }
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
        throw RuntimeError(
            trf("cannot write %s: %s: %s", path.c_str(), what.c_str(), av.errorText(code).c_str()));
    }

    void drain(const std::string& path) {
        for (;;) {
            const int got = av.receivePacket(encoder, packet);
            if (got == AVERROR(EAGAIN) || got == AVERROR_EOF) {
                return;
            }
            if (got < 0) {
                fail(path, tr("encoding"), got);
            }
            ++packets;
            packetBytes += static_cast<std::size_t>(packet->size);
            av.packetRescaleTs(packet, encoder->time_base, stream->time_base);
            packet->stream_index = stream->index;
            const int wrote = av.interleavedWriteFrame(format, packet);
            if (wrote < 0) {
                fail(path, tr("writing a frame"), wrote);
            }
        }
    }
};

VideoFile::VideoFile(const std::string& path, const VideoSpec& spec, const OutputDisk& disk)
    : spec_(spec) {
    open(path, [&] { return std::make_unique<OutputStream>(path, disk); });
}

VideoFile::VideoFile(std::unique_ptr<SeekableSink> sink, const VideoSpec& spec) : spec_(spec) {
    const std::string name = sink->path();
    open(name, [&] { return std::move(sink); });
}

void VideoFile::open(const std::string& path,
                     const std::function<std::unique_ptr<SeekableSink>()>& make) {
    const VideoSpec& spec = spec_;
    const LibAv& av = loadLibAv();
    if (spec.width < 2 || spec.height < 2 || spec.fps < kVideoMinRate || spec.fps > kVideoMaxRate) {
        throw RuntimeError(trf("cannot write %s: a video of %d x %d at %d frames a second",
                               path.c_str(), spec.width, spec.height, spec.fps));
    }
    const AVCodec* h264 = av.findEncoderByName("libx264");
    if (h264 == nullptr) {
        throw RuntimeError(
            trf("cannot write %s: this libavcodec has no H.264 encoder (libx264); install the "
                "Debian package of libavcodec that Debian ships, with libx264",
                path.c_str()));
    }
    stream_ = make();
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
        c.fail(path, trf("the H.264 encoder refused %d x %d", width, height), opened);
    }

    if (const int made = av.allocOutputContext(&c.format, nullptr, "mp4", nullptr); made < 0) {
        c.fail(path, tr("no MP4 muxer"), made);
    }
    // The muxer moves its index to the front by reading the file back by
    // this name once the frames are written: a file's temporary, or a
    // sink read through the format's own opening (Codec::openReader).
    const std::string readBack = stream_->readBackUrl();
    if (readBack.empty()) {
        c.format->url = av.strdup(("sink:" + path).c_str());
        c.format->opaque = &c;
        c.format->io_open = Codec::openReader;
#if LIBAVFORMAT_VERSION_INT >= AV_VERSION_INT(59, 17, 100)
        c.format->io_close2 = Codec::closeReader;
#else
        c.format->io_close = Codec::closeReaderVoid;
#endif
    } else {
        c.format->url = av.strdup(readBack.c_str());
    }
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
        c.fail(path, tr("the MP4 header"), header);
    }

    c.packet = av.packetAlloc();
    try {
        c.frame = std::make_unique<YuvFrame>(av, width, height);
    } catch (const RuntimeError& e) {
        throw RuntimeError(trf("cannot write %s: %s", path.c_str(), e.what()));
    }
}

VideoFile::~VideoFile() { abandon(); }

const std::string& VideoFile::path() const { return stream_->path(); }

bool VideoFile::full() const {
    if (!codec_ || !stream_) {
        return false;
    }
    // What the muxer holds in its buffer is the sink's too, not yet
    // written to it.
    const Codec& c = *codec_;
    const std::size_t room = stream_->room();
    if (room == SIZE_MAX) {
        return false;
    }
    const auto buffered = static_cast<std::size_t>(c.io->buf_ptr - c.io->buffer);
    const auto frames = static_cast<std::size_t>(frames_);
    const std::size_t held = frames > c.packets ? frames - c.packets : 0;
    const std::size_t average = c.packets > 0 ? c.packetBytes / c.packets : 0;
    const std::size_t finish = 2 * held * average + 64 * frames + kFinishBytes;
    return room < buffered + finish;
}

void VideoFile::addFrame(const RgbImage& image) {
    if (!codec_) {
        throw RuntimeError(trf("cannot write %s: the video is closed", path().c_str()));
    }
    if (image.width != spec_.width || image.height != spec_.height) {
        throw RuntimeError(trf("cannot write %s: a frame of %d x %d in a video of %d x %d",
                               path().c_str(), image.width, image.height, spec_.width,
                               spec_.height));
    }
    Codec& c = *codec_;
    AVFrame* frame = nullptr;
    try {
        frame = c.frame->fill(image);
    } catch (const RuntimeError& e) {
        throw RuntimeError(trf("cannot write %s: %s", path().c_str(), e.what()));
    }
    frame->pts = frames_;
    if (const int sent = c.av.sendFrame(c.encoder, frame); sent < 0) {
        c.fail(path(), "encoding", sent);
    }
    c.drain(path());
    ++frames_;
}

void VideoFile::finish(const VideoMetadata& metadata, bool later) {
    if (!codec_) {
        throw RuntimeError(trf("cannot write %s: the video is closed", path().c_str()));
    }
    try {
        Codec& c = *codec_;
        if (const int sent = c.av.sendFrame(c.encoder, nullptr); sent < 0) {
            c.fail(path(), tr("encoding"), sent);
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
            c.fail(path(), tr("finishing the MP4"), trailer);
        }
        c.av.ioFlush(c.io);
        if (!c.sink.failure.empty()) {
            throw RuntimeError(c.sink.failure);
        }
        codec_.reset();
        if (later) {
            stream_->complete();
        } else {
            stream_->commit();
        }
    } catch (...) {
        abandon();
        throw;
    }
}

void VideoFile::commit() {
    try {
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
