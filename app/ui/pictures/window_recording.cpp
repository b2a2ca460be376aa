#include "app/ui/pictures/window_recording.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "app/i18n/terminal_locale.h"
#include "app/i18n/translation.h"
#include "app/io/video_metadata.h"
#include "app/io/video_size.h"
#include "app/render/gl_check.h"
#include "app/render/slide_picture.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

// The clip's metadata: unpaced, its frames follow the lecture's clock.
VideoMetadata metadataOf(const PngText& picture, int fps, int everySteps) {
    return videoMetadataOf(picture, fps, everySteps, UnpacedFrames::OnTheLecturesClock);
}

constexpr Rgb8 kRecRed{230, 30, 30};
constexpr Rgb8 kIndicatorBack{20, 20, 20};

PixelSize askedSize(ScreenshotKind kind, const std::vector<DrawnPane>& panes,
                    const PixelSize& window) {
    if (kind == ScreenshotKind::Window) {
        return window;
    }
    if (kind == ScreenshotKind::Slide) {
        return PixelSize{kSlideWidth, kSlideHeight};
    }
    const GridSize& grid = panes.front().field.simulation.params().grid;
    return PixelSize{grid.nx, grid.ny};
}

std::string elapsedText(double seconds) {
    const int whole = static_cast<int>(seconds);
    char text[32];
    std::snprintf(text, sizeof text, "REC %d:%02d", whole / 60, whole % 60);
    return text;
}

}  // namespace

WindowRecording::WindowRecording() = default;

WindowRecording::~WindowRecording() {
    if (active()) {
        const std::string said = stop({}).text;
        std::fprintf(stderr, "heatlab: %s\n", terminalLine(said).c_str());
    }
}

int WindowRecording::dropped() const { return recorder_ ? recorder_->framesDropped() : 0; }

void WindowRecording::start(const std::string& path, ScreenshotKind kind,
                            const std::vector<DrawnPane>& panes, const PixelSize& window, int fps,
                            int everySteps, double now, const OutputDisk& disk,
                            Downloads* downloads) {
    const PixelSize asked = askedSize(kind, panes, window);
    const VideoFrameSize size = videoFrameSize(asked.width, asked.height, fps);
    VideoSpec spec;
    spec.width = size.width;
    spec.height = size.height;
    spec.fps = fps;
    spec.metadata = metadataOf({}, fps, everySteps);
    recorder_ = downloads != nullptr
                    ? std::make_unique<VideoRecorder>(downloads->sink(path), spec,
                                                      kWindowVideoQueueFrames, WhenFull::Drop)
                    : std::make_unique<VideoRecorder>(path, spec, kWindowVideoQueueFrames,
                                                      WhenFull::Drop, disk);
    mostBytes_ = downloads != nullptr ? downloads->mostBytes() : 0;
    readback_ = std::make_unique<AsyncReadback>();
    target_.reset();
    if (kind != ScreenshotKind::Window || size.scaled) {
        target_ = std::make_unique<OffscreenTarget>(size.width, size.height);
    }
    stopSignal_ = std::make_unique<StopSignal>();
    kind_ = kind;
    asked_ = asked;
    width_ = size.width;
    height_ = size.height;
    fps_ = fps;
    everySteps_ = everySteps;
    lastStep_ = -1;
    clockFrames_ = 0;
    readbackTimes_.clear();
    started_ = now;
    scaledNote_ = size.scaled ? videoScaleNote(asked.width, asked.height, fps, size) : "";
}

int WindowRecording::framesDue(long long step, double now) {
    if (everySteps_ == 0) {
        // On the clock: as many frames as the clip is short of its time.
        // (A millionth of a frame over: a clock that ticks at the clip's
        // rate lands on each frame, not a rounding short of it.)
        const double frames = std::max(0.0, now - started_) * static_cast<double>(fps_);
        const long long wanted = 1 + static_cast<long long>(std::floor(frames + 1e-6));
        const long long due = wanted - clockFrames_;
        clockFrames_ = std::max(clockFrames_, wanted);
        return static_cast<int>(std::clamp<long long>(due, 0, kMostRepeats));
    }
    // A step count that went back is a reset: the new run is recorded from
    // its first frame on.
    const bool due = lastStep_ < 0 || step < lastStep_ || step >= lastStep_ + everySteps_;
    lastStep_ = due ? step : lastStep_;
    return due ? 1 : 0;
}

void WindowRecording::drain(bool wait) {
    while (std::optional<RgbImage> image = readback_->take(wait)) {
        // Every read started was queued with its count (capture()).
        const int times = readbackTimes_.front();
        readbackTimes_.pop_front();
        recorder_->add(std::move(*image), times);
    }
}

std::optional<Notice> WindowRecording::capture(const std::vector<DrawnPane>& panes,
                                               const PixelSize& window,
                                               const std::function<PngText()>& describe,
                                               double now) {
    if (!active()) {
        return std::nullopt;
    }
    if (StopSignal::requested()) {
        return stopWith(trf("stopped by %s", StopSignal::name()), describe());
    }
    if (const std::string failed = recorder_->failure(); !failed.empty()) {
        return stopWith("", {});  // nothing to finish: the file is gone
    }
    if (recorder_->capped()) {
        // What was muxed so far, finished (its index written) and sent.
        return stopWith(trf("the video reached %.1f MiB, the most a browser is sent",
                            static_cast<double>(mostBytes_) / (1024.0 * 1024.0)),
                        describe());
    }
    const PixelSize size = askedSize(kind_, panes, window);
    if (size.width != asked_.width || size.height != asked_.height) {
        return stopWith(kind_ == ScreenshotKind::Window ? tr("the window changed size")
                                                        : tr("the grid changed size"),
                        describe());
    }
    const DrawnField& field = panes.front().field;
    const int times = framesDue(field.simulation.stepCount(), now);
    drain(false);
    if (times == 0) {
        return std::nullopt;
    }
    if (kind_ == ScreenshotKind::Window) {
        readbackTimes_.push_back(times);
        if (target_) {
            shrinkWindowIntoTarget();
            const auto bound = target_->bind();
            readback_->start(width_, height_);
        } else {
            readback_->start(width_, height_);
        }
        return std::nullopt;
    }
    // The field or the slide drawn again (no steps) into the recording's
    // own target, the window's framebuffer bound again after.
    std::vector<DrawnPane> again = panes;
    for (DrawnPane& pane : again) {
        pane.settings.steps = 0;
        pane.settings.view.reset();
        pane.settings.beforeDraw = nullptr;
    }
    const auto bound = target_->bind();
    if (kind_ == ScreenshotKind::Slide) {
        // The composition reads its own picture back (its text needs it).
        recorder_->add(slideOfPanes(again, width_, height_).image, times);
        return std::nullopt;
    }
    runFrame(field.simulation, field.view, field.renderer, again.front().settings, 0, 0, width_,
             height_, false);
    readbackTimes_.push_back(times);
    readback_->start(width_, height_);
    return std::nullopt;
}

// A window larger than H.264's level takes (a 5K screen full): the frame
// just drawn scaled by GL into the recording's target, the whole window in
// it rather than its lower left corner.
void WindowRecording::shrinkWindowIntoTarget() {
    GLint window = 0;
    glGetIntegerv(GL_FRAMEBUFFER_BINDING, &window);
    const auto bound = target_->bind();  // both bindings the window's again after
    glBindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(window));
    glBlitFramebuffer(0, 0, asked_.width, asked_.height, 0, 0, width_, height_, GL_COLOR_BUFFER_BIT,
                      GL_LINEAR);
    gl::throwOnError("scaling the window into the video's frame", __FILE__, __LINE__);
}

void WindowRecording::drawIndicator(const PixelSize& window, int fieldWidth, float pixelsPerUnit,
                                    double now) {
    if (!active()) {
        return;
    }
    const float line = std::round(22.0f * pixelsPerUnit);
    if (!indicator_ || indicator_->lineHeight() != line) {
        indicator_ = std::make_unique<TextOverlay>(line);
    }
    std::string text = elapsedText(now - started_);
    if (const int dropped = recorder_->framesDropped(); dropped > 0) {
        text += "  " + std::to_string(dropped) + " dropped";
    }
    const float pad = std::round(0.4f * line);
    const float width = indicator_->width(text) + 3.0f * pad + line * 0.6f;
    const float x = static_cast<float>(fieldWidth) - width - pad;
    const float y = pad;
    indicator_->addRectangle(x, y, width, line + pad, kIndicatorBack);
    indicator_->addRectangle(x + pad, y + 0.5f * pad + 0.2f * line, 0.6f * line, 0.6f * line,
                             kRecRed);
    indicator_->add(text, x + 2.0f * pad + 0.6f * line, y + 0.5f * pad, kRecRed);
    indicator_->draw(window.width, window.height);
}

Notice WindowRecording::stop(const PngText& lastPicture) { return stopWith("", lastPicture); }

Notice WindowRecording::stopWith(const std::string& why, const PngText& lastPicture) {
    Notice said;
    const std::string because = why.empty() ? "" : why + ": ";
    try {
        drain(true);
        const int frames = recorder_->framesTaken();
        const int dropped = recorder_->framesDropped();
        const std::string path = recorder_->path();
        recorder_->finish(metadataOf(lastPicture, fps_, everySteps_));
        const std::string line =
            scaledNote_.empty()
                ? trf("recorded %d frames (%.1f s at %d a second, %d dropped) into %s", frames,
                      static_cast<double>(frames) / fps_, fps_, dropped, path.c_str())
                : trf("recorded %d frames (%.1f s at %d a second, %d dropped, scaled down) into %s",
                      frames, static_cast<double>(frames) / fps_, fps_, dropped, path.c_str());
        said = Notice::info(because + line + "; " + recorder_->encodeTimeText(),
                            because + trf("recorded %d frames into %s", frames,
                                          std::filesystem::path(path).filename().c_str()));
    } catch (const std::exception& e) {
        said = Notice::info(because + trf("recording not saved: %s", e.what()));
    }
    readback_.reset();
    recorder_.reset();
    target_.reset();
    stopSignal_.reset();
    return said;
}

}  // namespace heatlab
