#include "app/io/video_recorder.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "app/i18n/translation.h"
#include "kernels/base/errors.h"

namespace heatlab {

VideoRecorder::VideoRecorder(const std::string& path, const VideoSpec& spec, int queueFrames,
                             WhenFull full, const OutputDisk& disk)
    : path_(path),
      file_(std::make_unique<VideoFile>(path, spec, disk)),
      queueFrames_(static_cast<std::size_t>(std::max(queueFrames, 1))),
      full_(full),
      thread_([this] { encodeLoop(); }) {}

VideoRecorder::VideoRecorder(std::unique_ptr<SeekableSink> sink, const VideoSpec& spec,
                             int queueFrames, WhenFull full)
    : path_(sink->path()),
      file_(std::make_unique<VideoFile>(std::move(sink), spec)),
      queueFrames_(static_cast<std::size_t>(std::max(queueFrames, 1))),
      full_(full),
      thread_([this] { encodeLoop(); }) {}

VideoRecorder::~VideoRecorder() { abandon(); }

bool VideoRecorder::add(RgbImage frame, int times) {
    times = std::max(times, 1);
    std::unique_lock<std::mutex> lock(mutex_);
    if (full_ == WhenFull::Wait) {
        changed_.wait(
            lock, [this] { return queue_.size() < queueFrames_ || !failure_.empty() || capped_; });
    }
    if (!failure_.empty() || closing_ || capped_) {
        return false;
    }
    if (queue_.size() >= queueFrames_) {
        dropped_ += times;
        return false;
    }
    queue_.push_back({std::move(frame), times});
    taken_ += times;
    changed_.notify_all();
    return true;
}

void VideoRecorder::encodeLoop() {
    for (;;) {
        Queued queued;
        {
            std::unique_lock<std::mutex> lock(mutex_);
            changed_.wait(lock, [this] { return !queue_.empty() || closing_; });
            if (queue_.empty() || !failure_.empty()) {
                return;
            }
            queued = std::move(queue_.front());
            queue_.pop_front();
            changed_.notify_all();
        }
        for (int k = 0; k < queued.times; ++k) {
            std::string failed;
            const auto began = std::chrono::steady_clock::now();
            try {
                file_->addFrame(queued.frame);
            } catch (const std::exception& e) {
                failed = e.what();
                file_->abandon();
            }
            const double ms =
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began)
                    .count();
            // Asked on this thread, which alone writes to the file.
            const bool full = failed.empty() && file_->full();
            const std::lock_guard<std::mutex> lock(mutex_);
            if (failed.empty()) {
                ++encoded_;
                encodeMs_.push_back(ms);
                encodeTotalMs_ += ms;
            } else {
                failure_ = failed;
                queue_.clear();
            }
            if (full) {
                // What the video holds: the frames still queued are not.
                capped_ = true;
                queue_.clear();
                taken_ = encoded_;
            }
            changed_.notify_all();
            if (!failure_.empty() || capped_) {
                return;
            }
        }
    }
}

void VideoRecorder::stopThread(bool discardQueue) noexcept {
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        if (discardQueue) {
            queue_.clear();
        }
        closing_ = true;
        changed_.notify_all();
    }
    if (thread_.joinable()) {
        thread_.join();
    }
}

void VideoRecorder::finish(const VideoMetadata& metadata, bool later) {
    stopThread(false);
    if (!file_) {
        throw RuntimeError(trf("cannot write %s: the recording was stopped", path_.c_str()));
    }
    if (const std::string failed = failure(); !failed.empty()) {
        file_.reset();
        throw RuntimeError(failed);
    }
    std::unique_ptr<VideoFile> file = std::move(file_);
    const auto began = std::chrono::steady_clock::now();
    file->finish(metadata, later);
    finishMs_ =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count();
    if (later) {
        finished_ = std::move(file);
    }
}

void VideoRecorder::commit() {
    if (!finished_) {
        throw RuntimeError("cannot write " + path_ + ": the recording is not finished");
    }
    std::unique_ptr<VideoFile> file = std::move(finished_);
    file->commit();
}

void VideoRecorder::abandon() noexcept {
    stopThread(true);
    if (file_) {
        file_->abandon();
        file_.reset();
    }
    if (finished_) {
        finished_->abandon();
        finished_.reset();
    }
}

int VideoRecorder::framesTaken() const {
    const std::lock_guard<std::mutex> lock(mutex_);
    return taken_;
}

int VideoRecorder::framesDropped() const {
    const std::lock_guard<std::mutex> lock(mutex_);
    return dropped_;
}

int VideoRecorder::framesEncoded() const {
    const std::lock_guard<std::mutex> lock(mutex_);
    return encoded_;
}

double VideoRecorder::medianEncodeMs() const {
    std::vector<double> ms;
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        ms = encodeMs_;
    }
    if (ms.empty()) {
        return 0.0;
    }
    const auto middle = ms.begin() + static_cast<std::ptrdiff_t>(ms.size() / 2);
    std::nth_element(ms.begin(), middle, ms.end());
    if (ms.size() % 2 == 1) {
        return *middle;
    }
    return 0.5 * (*middle + *std::max_element(ms.begin(), middle));
}

double VideoRecorder::averageEncodeMs() const {
    const std::lock_guard<std::mutex> lock(mutex_);
    return encoded_ > 0 ? (encodeTotalMs_ + finishMs_) / encoded_ : 0.0;
}

std::string VideoRecorder::encodeTimeText() const {
    return trf(
        "encoding %.1f ms a frame (median on the encoder's thread); %.1f with the "
        "finish's %.0f ms (frames x264 held back, the index)",
        medianEncodeMs(), averageEncodeMs(), finishMs_);
}

bool VideoRecorder::capped() const {
    const std::lock_guard<std::mutex> lock(mutex_);
    return capped_;
}

std::string VideoRecorder::failure() const {
    const std::lock_guard<std::mutex> lock(mutex_);
    return failure_;
}

}  // namespace heatlab
