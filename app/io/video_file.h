#pragma once
// An H.264 video in an MP4 file through FFmpeg's libraries (loaded when the
// first one is made, libav.h), written as a stream of the output helper
// (output_file.h): frames go to a temporary file beside the name, the
// container is finalised and renamed over the name by finish(), and a
// video destroyed unfinished (a failure, the program stopped) leaves
// nothing under the name and no temporary. Or muxed into any other sink
// (seekable_sink.h: memory, for a served lecture's browser), which
// finish() hands on, and whose room may run out (full(): its cap near).
//
// What slide software plays: H.264 High profile, yuv420p, BT.709 colours in
// the video range, the index (moov) at the front so a player starts before
// it has all of the file. The settings keep a field's cells crisp: x264 at
// a low constant rate factor, its tuning for flat areas and hard edges, and
// the colours subsampled by area so that alternating cells keep their
// brightness (see video_file.cpp).

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "app/io/output_file.h"
#include "app/io/rgb_image.h"
#include "app/io/seekable_sink.h"

namespace heatlab {

using VideoMetadata = std::vector<std::pair<std::string, std::string>>;

struct VideoSpec {
    int width = 0;  // every frame's size (odd sides are made even, video_size.h)
    int height = 0;
    int fps = 30;
    // Key and value pairs the container carries (backend, kernel, r, ...);
    // a "comment" of them all is added, which players show.
    VideoMetadata metadata;
};

class VideoFile {
public:
    // Throws RuntimeError: the libraries missing, the file not writable,
    // the encoder refusing the size.
    VideoFile(const std::string& path, const VideoSpec& spec, const OutputDisk& disk = {});
    // Into `sink`, named as it says.
    VideoFile(std::unique_ptr<SeekableSink> sink, const VideoSpec& spec);
    ~VideoFile();
    VideoFile(const VideoFile&) = delete;
    VideoFile& operator=(const VideoFile&) = delete;

    // Encodes one frame (spec's size). Throws RuntimeError (a full disk).
    void addFrame(const RgbImage& image);
    // Drains the encoder, writes the index (with `metadata` over the
    // spec's: what is known only at the end, the steps) and, unless
    // `later` (the run has outputs still to write), renames the file into
    // place. Throws RuntimeError, having removed the temporary.
    void finish(const VideoMetadata& metadata = {}, bool later = false);
    // The finished file renamed into place (after finish(..., true)).
    void commit();
    // Removes the temporary file without finishing; never throws.
    void abandon() noexcept;

    int frames() const { return frames_; }
    const std::string& path() const;
    // Whether the sink's room (a memory's cap) is down to what the finish
    // may take: the frames x264 still holds back (at twice the average
    // frame so far), the index (64 bytes a frame) and 8 KiB. The writer
    // stops adding and finishes it: a whole video of the frames so far.
    bool full() const;

private:
    struct Codec;
    // The checks that need no sink first (the libraries, the spec, the
    // encoder), then the sink made and the container started in it.
    void open(const std::string& path, const std::function<std::unique_ptr<SeekableSink>()>& make);

    std::unique_ptr<SeekableSink> stream_;
    std::unique_ptr<Codec> codec_;
    VideoSpec spec_;
    int frames_ = 0;
};

}  // namespace heatlab
