#pragma once
// An H.264 video in an MP4 file through FFmpeg's libraries (loaded when the
// first one is made, libav.h), written as a stream of the output helper
// (output_file.h): frames go to a temporary file beside the name, the
// container is finalised and renamed over the name by finish(), and a
// video destroyed unfinished (a failure, the program stopped) leaves
// nothing under the name and no temporary.
//
// What slide software plays: H.264 High profile, yuv420p, BT.709 colours in
// the video range, the index (moov) at the front so a player starts before
// it has all of the file. The settings keep a field's cells crisp: x264 at
// a low constant rate factor, its tuning for flat areas and hard edges, and
// the colours subsampled by area so that alternating cells keep their
// brightness (see video_file.cpp).

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "app/io/output_file.h"
#include "app/io/rgb_image.h"

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
    ~VideoFile();
    VideoFile(const VideoFile&) = delete;
    VideoFile& operator=(const VideoFile&) = delete;

    // Encodes one frame (spec's size). Throws RuntimeError (a full disk).
    void addFrame(const RgbImage& image);
    // Drains the encoder, writes the index (with `metadata` over the
    // spec's: what is known only at the end, the steps) and renames the
    // file into place. Throws RuntimeError, having removed the temporary.
    void finish(const VideoMetadata& metadata = {});
    // Removes the temporary file without finishing; never throws.
    void abandon() noexcept;

    int frames() const { return frames_; }
    const std::string& path() const;

private:
    struct Codec;
    std::unique_ptr<OutputStream> stream_;
    std::unique_ptr<Codec> codec_;
    VideoSpec spec_;
    int frames_ = 0;
};

}  // namespace heatlab
