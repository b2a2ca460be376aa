#include "app/serve/served_frames.h"

#include <glad/gl.h>

#include <chrono>
#include <cstdio>
#include <optional>
#include <utility>
#include <vector>

#include "app/i18n/terminal_locale.h"
#include "app/i18n/translation.h"
#include "app/serve/h264_frames.h"
#include "kernels/base/host_clock.h"

namespace heatlab {

namespace {

// JPEG quality while the lecturer drags (a pointer button held: the frames
// change every frame, and smaller ones keep up) and when still.
constexpr int kDraggingQuality = 60;
constexpr int kStillQuality = 85;

HostClock::time_point timePointOf(double seconds) {
    return HostClock::time_point(
        std::chrono::duration_cast<HostClock::duration>(std::chrono::duration<double>(seconds)));
}

void say(const std::string& line) {
    std::fprintf(stderr, "heatlab serve: %s\n", terminalLine(line).c_str());
}

// The frame drawn into the bound target, encoded on the GPU and published;
// the encoder back, or nullptr (said once) when it failed, after which the
// frames go through TurboJPEG.
std::unique_ptr<GpuJpeg> encodeOnGpu(std::unique_ptr<GpuJpeg> gpu, PixelSize pixels,
                                     FrameHeader header, FrameServer& server, RecentTimes& times) {
    header.width = pixels.width;
    header.height = pixels.height;
    std::vector<unsigned char> message;
    appendFrameHeader(header, message);
    try {
        // The frame's drawing finished first, so the time is the encode's
        // (GL's part, the turn upright, nvJPEG, the JPEG to the host), not
        // the frame's own GPU work, which the encode's wait for GL would
        // otherwise include.
        glFinish();
        const double start = secondsNow();
        gpu->encode(pixels.width, pixels.height, header.quality, message);
        times.add((secondsNow() - start) * 1000.0);
    } catch (const std::exception& e) {
        say(trf("nvJPEG failed (%s): frames through TurboJPEG now", e.what()));
        return nullptr;
    }
    server.publish(std::move(message));
    return gpu;
}

}  // namespace

void ServedInput::wait(const FrameWait& wait) {
    if (wait.latest > 0.0) {
        server_.waitForInput(timePointOf(wait.soonest), timePointOf(wait.latest));
    }
}

Turn ServedInput::next(LectureUi& ui) {
    for (const ClientMessage& message : server_.takeInput()) {
        take(message, ui);
    }
    kernels_.poll();
    return Turn::Draw;
}

void ServedInput::take(const ClientMessage& message, LectureUi& ui) {
    if (message.kind == ClientMessage::Kind::Control) {
        lastInput_ = 0;
        return;
    }
    if (message.kind == ClientMessage::Kind::Kernel) {
        kernels_.offer(message);
        lastInput_ = message.inputSequence;
        return;
    }
    const InputEvent& event = message.event;
    if (message.kind == ClientMessage::Kind::File) {
        ui.scenes().dropped = ScenePanel::Dropped{message.fileName, message.fileText};
    } else if (event.kind == InputEvent::Kind::Resize) {
        surface_.resize(event.size, message.scale);
    } else {
        surface_.input().push(event);
    }
    if (event.kind == InputEvent::Kind::PointerButton) {
        pointerHeld_ = event.pressed;
    } else if (event.kind == InputEvent::Kind::Focus && !event.focused) {
        pointerHeld_ = false;
    }
    // 0: the server's own event.
    if (message.inputSequence != 0) {
        lastInput_ = message.inputSequence;
    }
}

ServedOutput::ServedOutput(FrameServer& server, const ServedInput& input,
                           const RemoteSurface& surface, std::unique_ptr<GpuJpeg> gpuJpeg,
                           Downloads* downloads, bool h264)
    : server_(server),
      input_(input),
      surface_(surface),
      downloads_(downloads),
      gpuJpeg_(std::move(gpuJpeg)),
      jpeg_(makeJpegFrames,
            [&server](std::vector<unsigned char> message) { server.publish(std::move(message)); }) {
    if (h264) {
        video_ = std::make_unique<FrameEncoder>(makeH264Frames,
                                                [&server](std::vector<unsigned char> message) {
                                                    server.publishVideo(std::move(message));
                                                });
    }
}

void ServedOutput::begin(LectureUi& /*ui*/) {
    sizeTarget();
    quality_ = input_.pointerHeld() ? kDraggingQuality : kStillQuality;
    // Each codec only for the pages that take it (JPEG also while no page
    // is there, so one that comes has a frame at once).
    const ServerCounts connected = server_.counts();
    const int pages = connected.controllers + connected.viewers;
    wantVideo_ = video_ && connected.h264Clients > 0;
    wantJpeg_ = pages > connected.h264Clients || pages == 0;
    bound_.reset(new OffscreenTarget::Binding(target_->bind()));
}

// A target of the page's size, the reads of the old size finished first
// (they are frames too).
void ServedOutput::sizeTarget() {
    pixels_ = surface_.size().pixels;
    if (target_ && target_->width() == pixels_.width && target_->height() == pixels_.height) {
        return;
    }
    while (std::optional<RgbImage> picture = readback_.take(true)) {
        headers_.pop_front();
    }
    target_ = gpuJpeg_ ? gpuJpeg_->makeTarget(pixels_.width, pixels_.height)
                       : std::make_unique<OffscreenTarget>(pixels_.width, pixels_.height);
}

void ServedOutput::drawn(LectureUi& ui, const FrameDrawn& frame) {
    const bool onGpu = sendBound(ui, frame.deviceLost);
    bound_.reset();
    // Waited for at once: the frame a key changed leaves in the same turn
    // of the loop, not a frame or two later (measured on the H200: 40 ms
    // from a key to its frame when taken a frame later, 20 ms so), and a
    // frame's drawing is short beside 60 Hz.
    encodeReads(onGpu);
    if (gpuJpeg_ && frame.deviceLost) {
        letGoOfGpu();
    }
    if (downloads_ != nullptr) {
        // Made whole in memory: nothing of it is on the server's disk,
        // whatever ends the server.
        for (Download& download : downloads_->take()) {
            server_.sendDownload(download.name, std::move(download.bytes));
        }
    }
}

// While the frame's target is bound: its JPEG made on the GPU, or its read
// started. Returns whether nvJPEG made its JPEG.
bool ServedOutput::sendBound(LectureUi& ui, bool deviceLost) {
    // Open (Ctrl+O) served: the lecturer's browser opens its file chooser
    // (the key or click that asked lets it), and the file chosen comes back
    // as a dropped one does.
    if (std::exchange(ui.scenes().chooseInBrowser, false)) {
        server_.askForFile();
    }
    const FrameHeader header = headerOf(ui);
    // Nothing more is made on a device lost: its frames are read back and
    // go through TurboJPEG, as when nvJPEG fails.
    bool onGpu = gpuJpeg_ && !deviceLost;
    if (onGpu && wantJpeg_) {
        gpuJpeg_ = encodeOnGpu(std::move(gpuJpeg_), pixels_, header, server_, gpuTimes_);
        onGpu = gpuJpeg_ != nullptr;
    }
    if ((wantJpeg_ && !onGpu) || wantVideo_) {
        readback_.start(pixels_.width, pixels_.height);
        headers_.push_back(header);
    }
    return onGpu;
}

FrameHeader ServedOutput::headerOf(LectureUi& ui) {
    FrameHeader header;
    header.quality = quality_;
    header.sequence = ++sequence_;
    header.lastInput = input_.lastInput();
    header.step = static_cast<double>(ui.simulation().stepCount());
    header.cue = ui.cues().count() > 0 ? ui.cues().index() + 1 : 0;
    header.cues = ui.cues().count();
    return header;
}

void ServedOutput::encodeReads(bool onGpu) {
    const bool jpegHere = wantJpeg_ && !onGpu;
    while (std::optional<RgbImage> picture = readback_.take(true)) {
        const FrameHeader read = headers_.front();
        headers_.pop_front();
        if (wantVideo_) {
            FrameHeader key = read;
            key.key = server_.takeKeyframeWanted();
            // A copy only when TurboJPEG takes the picture too.
            video_->submit(jpegHere ? *picture : std::move(*picture), key);
        }
        if (jpegHere) {
            jpeg_.submit(std::move(*picture), read);
        }
    }
}

// The encoder and the target it made were the lost device's: let go (their
// reads finished), a target of GL's own next.
void ServedOutput::letGoOfGpu() {
    target_.reset();
    gpuJpeg_.reset();
    say(tr("frames as JPEG through TurboJPEG now: nvJPEG ran on the device that was lost"));
}

std::string ServedOutput::encodeTimes() const {
    // The GPU's JPEG with its two parts.
    std::string encodes = trf("JPEG encode median %.2f ms",
                              gpuTimes_.empty() ? jpeg_.medianMilliseconds() : gpuTimes_.median());
    if (gpuJpeg_ && !gpuTimes_.empty()) {
        encodes += " (" + gpuJpeg_->parts() + ")";
    }
    // (0 only when no page took H.264: then nothing to say.)
    if (video_ && video_->medianMilliseconds() > 0.0) {
        encodes += trf("; H.264 encode median %.2f ms", video_->medianMilliseconds());
    }
    return encodes;
}

}  // namespace heatlab
