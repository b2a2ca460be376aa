#pragma once
// A video encoded off the caller's thread: frames handed over go into a
// bounded queue that the recorder's own thread encodes from (VideoFile), so
// a window that records never waits for the encoder. When the queue is full
// the frame is dropped and counted (the window: it must not stutter), or
// the caller waits for room (headless: every frame counts).
//
// A failure on the encoding thread (a full disk, the folder gone) stops the
// recording there, removes the temporary file, and is said by failure();
// frames handed over after it are refused. A sink that fills (a video in
// memory at its cap) stops it too, but with the frames so far kept for
// finish() (capped()).

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "app/io/video_file.h"

namespace heatlab {

enum class WhenFull { Drop, Wait };

class VideoRecorder {
public:
    // Opens the file (VideoFile's constructor, on the caller's thread, so
    // that missing libraries or an unwritable name throw here) and starts
    // the encoding thread. `queueFrames` >= 1.
    VideoRecorder(const std::string& path, const VideoSpec& spec, int queueFrames, WhenFull full,
                  const OutputDisk& disk = {});
    // Into `sink` (memory: a served lecture's video), named as it says.
    VideoRecorder(std::unique_ptr<SeekableSink> sink, const VideoSpec& spec, int queueFrames,
                  WhenFull full);
    // An unfinished recording is abandoned: nothing under the name.
    ~VideoRecorder();
    VideoRecorder(const VideoRecorder&) = delete;
    VideoRecorder& operator=(const VideoRecorder&) = delete;

    // Queues a frame of the spec's size, to be encoded `times` times in a
    // row (a window slower than the clip's rate repeats its frames, so the
    // clip keeps the lecture's time). Returns false when it was not taken:
    // dropped (counted, each time) because the queue was full, or the
    // recording has failed.
    bool add(RgbImage frame, int times = 1);
    // Encodes what is queued, finalises and renames into place (or, with
    // `later`, leaves the whole file under its temporary name for
    // commit(): a run whose other outputs are still to be written). Throws
    // RuntimeError (the recording's failure, or the finishing's) with the
    // temporary removed.
    void finish(const VideoMetadata& metadata = {}, bool later = false);
    // Renames a file finished `later` into place. Throws RuntimeError.
    void commit();
    // Stops without a file: the queue discarded, the temporary removed.
    void abandon() noexcept;

    int framesTaken() const;  // queued so far (encoded or to be)
    int framesDropped() const;
    int framesEncoded() const;
    // The encoding thread's failure, or empty.
    std::string failure() const;
    // Whether the sink has filled to where only the finish fits (a video
    // in memory at its cap): the frames after it are refused, not
    // counted as dropped, and finish() makes a whole video of those
    // before.
    bool capped() const;
    // The wall time the encoding thread spent on each frame (colours to
    // yuv420p, x264, muxing; x264's own threads work meanwhile), median, in
    // milliseconds; 0 before the first. x264 holds its first frames back
    // for look-ahead (about 40), so their calls are quick and the median is
    // the steady cost a frame only in a clip several times longer.
    double medianEncodeMs() const;
    // finish()'s own time: the frames x264 held back, the index moved to
    // the front of the file.
    double finishMs() const { return finishMs_; }
    // Every frame's time and the finish's, over the frames: what the whole
    // encoding cost a frame, whatever the clip's length (the rate a
    // machine records at when the encoder is what it waits for).
    double averageEncodeMs() const;
    // "encoding 36.0 ms a frame (median on the encoder's thread); 60.7 with
    // the finish's 1627 ms (frames x264 held back, the index)": how the
    // window and `shot --video` say them.
    std::string encodeTimeText() const;
    const std::string& path() const { return path_; }

private:
    void encodeLoop();
    void stopThread(bool discardQueue) noexcept;

    std::string path_;
    std::unique_ptr<VideoFile> file_;
    std::unique_ptr<VideoFile> finished_;  // whole, waiting for commit()
    std::size_t queueFrames_;
    WhenFull full_;

    mutable std::mutex mutex_;
    std::condition_variable changed_;
    struct Queued {
        RgbImage frame;
        int times = 1;
    };
    std::deque<Queued> queue_;
    bool closing_ = false;
    int taken_ = 0;
    int dropped_ = 0;
    int encoded_ = 0;
    std::vector<double> encodeMs_;
    double encodeTotalMs_ = 0.0;
    double finishMs_ = 0.0;
    std::string failure_;
    bool capped_ = false;
    std::thread thread_;
};

}  // namespace heatlab
