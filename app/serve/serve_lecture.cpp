#include "app/serve/serve_lecture.h"

#include <glad/gl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <memory>
#include <thread>
#include <utility>

#include "app/i18n/terminal_locale.h"
#include "app/i18n/translation.h"
#include "app/i18n/utf8.h"
#include "app/io/downloads.h"
#include "app/io/stop_signal.h"
#include "app/io/temporary_folder.h"
#include "app/lecture/cue_list.h"
#include "app/lecture/scene.h"
#include "app/platform/headless_context.h"
#include "app/render/async_readback.h"
#include "app/render/offscreen_target.h"
#include "app/serve/frame_encoder.h"
#include "app/serve/gpu_jpeg.h"
#include "app/serve/h264_frames.h"
#include "app/serve/recent_times.h"
#include "app/serve/remote_surface.h"
#include "app/serve/tls_files.h"
#include "app/serve/wire.h"
#include "app/ui/frame_guard.h"
#include "app/ui/imgui_layer.h"
#include "app/ui/lecture_input.h"
#include "app/ui/lecture_ui.h"
#include "app/ui/lecture_window.h"
#include "kernels/base/errors.h"
#include "kernels/base/host_clock.h"

namespace heatlab {

namespace {

// A dropped file's message holds any scene or cue list the lecture reads.
static_assert(kMostUploadBytes >= kMaxSceneBytes && kMostUploadBytes >= kMaxCueBytes);

// JPEG quality while the lecturer drags (a pointer button held: the frames
// change every frame, and smaller ones keep up) and when still.
constexpr int kDraggingQuality = 60;
constexpr int kStillQuality = 85;
// A frame's interval with vsync on (the panel's box), as a window on a
// 60 Hz screen would draw.
constexpr std::chrono::microseconds kFrameInterval{16667};
// Input draws a frame sooner than the tick, but at most 120 a second.
constexpr std::chrono::microseconds kSoonestFrame{8333};
// Bytes of a picture, video or scene sent to a browser at most
// (HEATLAB_TEST_DOWNLOAD_BYTES lowers it for the tests: a video that
// reaches it without recording for minutes).
std::size_t mostDownloadBytes() {
    if (const char* most = std::getenv("HEATLAB_TEST_DOWNLOAD_BYTES")) {
        return static_cast<std::size_t>(std::max(1LL, std::atoll(most)));
    }
    return kMostDownloadBytes;
}

// What the browser takes (pictures, videos, the scene saved), made whole in
// memory and sent to the controller's page: nothing of it is on the
// server's disk, whatever ends the server.
void sendDownloads(Downloads& downloads, FrameServer& server) {
    for (Download& download : downloads.take()) {
        server.sendDownload(download.name, std::move(download.bytes));
    }
}

// The frames in flight between the GL read and the encoder: each read's
// header, in the order the reads were started.
struct FrameReads {
    AsyncReadback readback{3};
    std::deque<FrameHeader> headers;
};

void printAddresses(const FrameServer& server, const ServeStart& o, const Tokens& tokens) {
    const bool v6 = o.server.bind.find(':') != std::string::npos;
    std::string host = o.server.bind == "0.0.0.0" || o.server.bind == "::"
                           ? (o.server.publicNames.empty() ? "localhost" : o.server.publicNames[0])
                           : o.server.bind;
    if (v6 && host == o.server.bind) {
        host = "[" + host + "]";
    }
    const std::string base = std::string(server.scheme()) + "://" + host + ":" +
                             std::to_string(server.port()) + "/?token=";
    // The two labels padded to one width, in the terminal's columns, so the
    // links start in one column.
    const std::string lecturer = tr("the lecturer (controls):");
    const std::string watchers = tr("the class (watches):");
    const int width = std::max(displayColumns(lecturer), displayColumns(watchers));
    std::printf("heatlab serve: %s %s%s\n", terminalLine(leftAligned(lecturer, width)).c_str(),
                base.c_str(), tokens.controller.c_str());
    std::printf("heatlab serve: %s %s%s\n", terminalLine(leftAligned(watchers, width)).c_str(),
                base.c_str(), tokens.viewer.c_str());
    std::fflush(stdout);
}

// The GPU's JPEG encoder where it is chosen and can be had, saying in one
// line which encoder makes the frames (and why not the GPU's).
std::unique_ptr<GpuJpeg> openChosenJpeg(JpegEncoderChoice choice) {
    std::string why = "--jpeg turbojpeg";
    std::unique_ptr<GpuJpeg> gpu;
    if (choice != JpegEncoderChoice::TurboJpeg) {
        gpu = openGpuJpeg(&why);
        if (!gpu && choice == JpegEncoderChoice::NvJpeg) {
            throw UsageError(trf("--jpeg nvjpeg: no JPEG on the GPU here: %s", why.c_str()));
        }
    }
    if (gpu) {
        std::fprintf(
            stderr, "heatlab serve: %s\n",
            terminalLine(trf("frames as JPEG made on the GPU: %s", gpu->description().c_str()))
                .c_str());
    } else {
        std::fprintf(stderr, "heatlab serve: %s\n",
                     terminalLine(trf("frames as JPEG through TurboJPEG, one encoder thread "
                                      "(nvJPEG not used: %s)",
                                      why.c_str()))
                         .c_str());
    }
    return gpu;
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
        std::fprintf(stderr, "heatlab serve: %s\n",
                     terminalLine(trf("nvJPEG failed (%s): frames through TurboJPEG now", e.what()))
                         .c_str());
        return nullptr;
    }
    server.publish(std::move(message));
    return gpu;
}

}  // namespace

int runServe(const ServeStart& o) {
    // First what the server reads and where it listens, so a refusal (a
    // file, the port) is one line before anything starts: the files read
    // whole (a FIFO refused, never waited on), then the port listened on,
    // which no other program can take while GL and the encoders start.
    ServeStart start = o;
    start.server.tokens = o.tokenFile.empty() ? newTokens() : readTokens(o.tokenFile);
    if (!o.tlsCertFile.empty()) {
        start.server.tls = readTlsFiles(o.tlsCertFile, o.tlsKeyFile);
    }
    const std::string noH264 = o.jpegOnly ? "--jpeg-only" : h264Unavailable();
    start.server.h264 = noH264.empty();
    // Serving from here: a page that comes before the first frame waits
    // for it.
    FrameServer server(start.server);

    PreparedLecture prepared = prepareLecture(start.lecture);
    HeadlessContext context;
    std::fprintf(stderr, "%s\n", terminalLine(prepared.selection.reason).c_str());
    std::fprintf(stderr, "heatlab serve: OpenGL: %s\n",
                 terminalLine(context.description()).c_str());
    std::unique_ptr<GpuJpeg> gpuJpeg = openChosenJpeg(o.jpeg);
    std::fprintf(
        stderr, "heatlab serve: %s\n",
        terminalLine(noH264.empty() ? tr("H.264 (libx264, one encoder thread) to the pages that "
                                         "decode it (WebCodecs, in a secure context), JPEG to the "
                                         "others")
                                    : trf("no H.264 (%s): JPEG to every page", noH264.c_str()))
            .c_str());

    // Made before the lecture, so a recording the lecture finishes as it
    // ends still has somewhere to go (dropped with it).
    std::unique_ptr<Downloads> downloads;
    if (!o.allowWrites) {
        downloads = std::make_unique<Downloads>(mostDownloadBytes());
    }
    // A folder an earlier server (one that wrote its downloads to disk)
    // left when it was killed.
    removeStaleTemporaryFolders("heatlab-serve");
    StopSignal::testPoint("start-up");
    RemoteSurface surface(SurfaceSize{{kWindowWidth, kWindowHeight}, {kWindowWidth, kWindowHeight}},
                          1.0f);
    ImGuiLayer imgui(surface);
    LectureUi ui(prepared.start.settings, std::move(prepared.selection.backend), imgui,
                 context.description(), prepared.scene);
    // As the window: a frame of latency on the shared buffers.
    ui.setWindowed(true);
    if (prepared.cues) {
        ui.setCues(*prepared.cues);
    }
    if (downloads) {
        ui.pictures().sendTo(downloads.get());
        ui.pictures().panel().sentTo =
            trNoop("pictures and videos: sent to the controller's browser");
    }
    ui.scenes().filesHidden = !o.allowFiles;
    ui.scenes().servedFolder = ui.pictures().panel().folder;
    ui.scenes().dropHint = trNoop("or drop a scene or cue list file (.json) on the page");

    StopSignal stop;  // from here a signal ends the loop (before it, the program)
    printAddresses(server, start, start.server.tokens);
    FrameEncoder encoder(makeJpegFrames, [&server](std::vector<unsigned char> message) {
        server.publish(std::move(message));
    });
    std::unique_ptr<FrameEncoder> video;
    if (start.server.h264) {
        video = std::make_unique<FrameEncoder>(makeH264Frames,
                                               [&server](std::vector<unsigned char> message) {
                                                   server.publishVideo(std::move(message));
                                               });
    }

    std::unique_ptr<OffscreenTarget> target;
    FrameReads reads;
    std::uint32_t sequence = 0;
    std::uint32_t lastInput = 0;
    bool pointerHeld = false;
    long long frames = 0;
    RecentTimes gpuTimes;
    FrameGuard guard(ui, "heatlab serve");
    while (!StopSignal::requested() &&
           (prepared.start.frames == 0 || frames < prepared.start.frames)) {
        const auto started = std::chrono::steady_clock::now();
        for (const ClientMessage& message : server.takeInput()) {
            const InputEvent& event = message.event;
            if (message.kind == ClientMessage::Kind::File) {
                ui.scenes().dropped = ScenePanel::Dropped{message.fileName, message.fileText};
            } else if (event.kind == InputEvent::Kind::Resize) {
                surface.resize(event.size, message.scale);
            } else {
                surface.input().push(event);
            }
            if (event.kind == InputEvent::Kind::PointerButton) {
                pointerHeld = event.pressed;
            } else if (event.kind == InputEvent::Kind::Focus && !event.focused) {
                pointerHeld = false;
            }
            // The controller's own numbering: a page reloaded (or another
            // taking control) counts from 1 again. 0: the server's own event.
            if (message.inputSequence != 0) {
                lastInput = message.inputSequence;
            }
        }
        const PixelSize pixels = surface.size().pixels;
        if (!target || target->width() != pixels.width || target->height() != pixels.height) {
            // The reads of the old size are finished first: they are frames too.
            while (std::optional<RgbImage> picture = reads.readback.take(true)) {
                reads.headers.pop_front();
            }
            target = gpuJpeg ? gpuJpeg->makeTarget(pixels.width, pixels.height)
                             : std::make_unique<OffscreenTarget>(pixels.width, pixels.height);
        }
        FrameHeader header;
        header.quality = pointerHeld ? kDraggingQuality : kStillQuality;
        // Each codec only for the pages that take it (JPEG also while no
        // page is there, so one that comes has a frame at once).
        const ServerCounts connected = server.counts();
        const bool wantVideo = video && connected.h264Clients > 0;
        const bool wantJpeg = connected.controllers + connected.viewers > connected.h264Clients ||
                              connected.controllers + connected.viewers == 0;
        bool onGpu = false;  // the frame's JPEG made by nvJPEG
        {
            const OffscreenTarget::Binding bound = target->bind();
            // A quit from the browser (Escape, the panel's Quit) is not
            // the server's end: the lecture goes on for the class. An
            // error in the frame is not either: the guard puts the lecture
            // back and draws the frame again, saying why on the pages.
            (void)guard.frame([&] { return lectureFrame(surface, imgui, ui); });
            // Nothing more is made on a device lost: its frames are read
            // back and go through TurboJPEG, as when nvJPEG fails.
            onGpu = gpuJpeg && !guard.deviceLost();
            // Open (Ctrl+O) served: the lecturer's browser opens its file
            // chooser (the key or click that asked lets it), and the file
            // chosen comes back as a dropped one does.
            if (std::exchange(ui.scenes().chooseInBrowser, false)) {
                server.askForFile();
            }
            header.sequence = ++sequence;
            header.lastInput = lastInput;
            header.step = static_cast<double>(ui.simulation().stepCount());
            header.cue = ui.cues().count() > 0 ? ui.cues().index() + 1 : 0;
            header.cues = ui.cues().count();
            if (onGpu && wantJpeg) {
                gpuJpeg = encodeOnGpu(std::move(gpuJpeg), pixels, header, server, gpuTimes);
                onGpu = gpuJpeg != nullptr;
            }
            if ((wantJpeg && !onGpu) || wantVideo) {
                reads.readback.start(pixels.width, pixels.height);
                reads.headers.push_back(header);
            }
        }
        // Waited for at once: the frame a key changed leaves in the same
        // turn of the loop, not a frame or two later (measured on the H200:
        // 40 ms from a key to its frame when taken a frame later, 20 ms
        // so), and a frame's drawing is short beside 60 Hz.
        while (std::optional<RgbImage> picture = reads.readback.take(true)) {
            const FrameHeader read = reads.headers.front();
            reads.headers.pop_front();
            const bool jpegHere = wantJpeg && !onGpu;
            if (wantVideo) {
                FrameHeader key = read;
                key.key = server.takeKeyframeWanted();
                // A copy only when TurboJPEG takes the picture too.
                video->submit(jpegHere ? *picture : std::move(*picture), key);
            }
            if (jpegHere) {
                encoder.submit(std::move(*picture), read);
            }
        }
        if (gpuJpeg && guard.deviceLost()) {
            // The encoder and the target it made were the lost device's:
            // let go (their reads finished above), a target of GL's own next.
            target.reset();
            gpuJpeg.reset();
            std::fprintf(stderr, "heatlab serve: %s\n",
                         terminalLine(tr("frames as JPEG through TurboJPEG now: nvJPEG ran on the "
                                         "device that was lost"))
                             .c_str());
        }
        if (downloads) {
            sendDownloads(*downloads, server);
        }
        ++frames;
        if (ui.settings().vsync) {
            // Input draws the next frame at once, not at the tick: a key
            // pressed just after a frame began would wait a whole frame
            // more. A slow frame is not made up for with a burst.
            server.waitForInput(started + kSoonestFrame, started + kFrameInterval);
        }
    }
    // The lecture's end: a second signal from here ends the program there.
    StopSignal::testPoint("clean-up");
    const ServerCounts counts = server.counts();
    // Each encoder's median: the GPU's JPEG with its two parts.
    std::string encodes = trf("JPEG encode median %.2f ms",
                              gpuTimes.empty() ? encoder.medianMilliseconds() : gpuTimes.median());
    if (gpuJpeg && !gpuTimes.empty()) {
        encodes += " (" + gpuJpeg->parts() + ")";
    }
    // (0 only when no page took H.264: then nothing to say.)
    if (video && video->medianMilliseconds() > 0.0) {
        encodes += trf("; H.264 encode median %.2f ms", video->medianMilliseconds());
    }
    const std::string summary =
        trf("%s after %lld frames; %lld frames sent, %lld refused, %lld malformed messages; %s",
            StopSignal::requested() ? StopSignal::name() : tr("stopped"), frames, counts.framesSent,
            counts.refused, counts.malformed, encodes.c_str());
    std::fprintf(stderr, "heatlab serve: %s\n", terminalLine(summary).c_str());
    return 0;
}

}  // namespace heatlab
