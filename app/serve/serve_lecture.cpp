#include "app/serve/serve_lecture.h"

#include <dirent.h>
#include <glad/gl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <deque>
#include <memory>
#include <thread>

#include "app/i18n/translation.h"
#include "app/io/input_file.h"
#include "app/io/stop_signal.h"
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
#include "app/serve/wire.h"
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
// Bytes of a picture or video sent to a browser at most.
constexpr std::size_t kMostDownloadBytes = 1u << 30;

// A folder of the server's own for what the browser takes (pictures,
// videos, the scene saved): what lands in it whole (written under a
// temporary name, then renamed) is sent to the controller's browser and
// removed.
class DownloadFolder {
public:
    DownloadFolder() {
        char name[] = "/tmp/heatlab-serve-XXXXXX";
        if (mkdtemp(name) == nullptr) {
            throw RuntimeError("no folder for the pictures taken from the browser");
        }
        path_ = name;
    }
    ~DownloadFolder() {
        sendFinished(nullptr);
        rmdir(path_.c_str());
    }
    const std::string& path() const { return path_; }

    // The finished pictures and videos to `server` (dropped without one).
    void sendFinished(FrameServer* server) const {
        DIR* folder = opendir(path_.c_str());
        if (folder == nullptr) {
            return;
        }
        std::vector<std::string> finished;
        while (const dirent* entry = readdir(folder)) {
            const std::string name = entry->d_name;
            const auto endsIn = [&name](const std::string& end) {
                return name.size() > end.size() &&
                       name.compare(name.size() - end.size(), end.size(), end) == 0;
            };
            if ((endsIn(".png") || endsIn(".mp4") || endsIn(".json")) && name.front() != '.') {
                finished.push_back(name);
            }
        }
        closedir(folder);
        for (const std::string& name : finished) {
            const std::string file = path_ + "/" + name;
            if (server != nullptr) {
                try {
                    const std::string bytes = readInputFile(file, kMostDownloadBytes);
                    server->sendDownload(name,
                                         std::vector<unsigned char>(bytes.begin(), bytes.end()));
                } catch (const std::exception& e) {
                    std::fprintf(stderr, "heatlab serve: %s not sent: %s\n", name.c_str(),
                                 e.what());
                }
            }
            unlink(file.c_str());
        }
    }

private:
    std::string path_;
};

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
    std::printf("heatlab serve: the lecturer (controls): %s%s\n", base.c_str(),
                tokens.controller.c_str());
    std::printf("heatlab serve: the class (watches):     %s%s\n", base.c_str(),
                tokens.viewer.c_str());
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
            throw UsageError("--jpeg nvjpeg: no JPEG on the GPU here: " + why);
        }
    }
    if (gpu) {
        std::fprintf(stderr, "heatlab serve: frames as JPEG made on the GPU: %s\n",
                     gpu->description().c_str());
    } else {
        std::fprintf(stderr,
                     "heatlab serve: frames as JPEG through TurboJPEG, one encoder thread "
                     "(nvJPEG not used: %s)\n",
                     why.c_str());
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
        std::fprintf(stderr, "heatlab serve: nvJPEG failed (%s): frames through TurboJPEG now\n",
                     e.what());
        return nullptr;
    }
    server.publish(std::move(message));
    return gpu;
}

}  // namespace

int runServe(const ServeStart& o) {
    ServeStart start = o;
    start.server.tokens = o.tokenFile.empty() ? newTokens() : readTokens(o.tokenFile);
    PreparedLecture prepared = prepareLecture(start.lecture);
    HeadlessContext context;
    std::fprintf(stderr, "%s\n", prepared.selection.reason.c_str());
    std::fprintf(stderr, "heatlab serve: OpenGL: %s\n", context.description().c_str());
    std::unique_ptr<GpuJpeg> gpuJpeg = openChosenJpeg(o.jpeg);
    const std::string noH264 = o.jpegOnly ? "--jpeg-only" : h264Unavailable();
    start.server.h264 = noH264.empty();
    std::fprintf(stderr, "heatlab serve: %s\n",
                 noH264.empty() ? "H.264 (libx264, one encoder thread) to the pages that decode "
                                  "it (WebCodecs, in a secure context), JPEG to the others"
                                : ("no H.264 (" + noH264 + "): JPEG to every page").c_str());

    // Made before the lecture, so a recording the lecture finishes as it
    // ends still lands in it (and is removed with it).
    std::unique_ptr<DownloadFolder> downloads;
    if (!o.allowWrites) {
        downloads = std::make_unique<DownloadFolder>();
    }
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
        ui.pictures().panel().folder = downloads->path();
        ui.pictures().panel().sentTo =
            trNoop("pictures and videos: sent to the controller's browser");
    }
    ui.scenes().filesHidden = !o.allowFiles;
    ui.scenes().servedFolder = ui.pictures().panel().folder;
    ui.scenes().dropHint = trNoop("or drop a scene or cue list file (.json) on the page");

    StopSignal stop;  // before the server: a signal while it starts is kept
    FrameServer server(start.server);
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
        {
            const OffscreenTarget::Binding bound = target->bind();
            // A quit from the browser (Escape, the panel's Quit) is not
            // the server's end: the lecture goes on for the class.
            (void)lectureFrame(surface, imgui, ui);
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
            if (gpuJpeg && wantJpeg) {
                gpuJpeg = encodeOnGpu(std::move(gpuJpeg), pixels, header, server, gpuTimes);
            }
            if ((wantJpeg && !gpuJpeg) || wantVideo) {
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
            const bool jpegHere = wantJpeg && !gpuJpeg;
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
        if (downloads) {
            downloads->sendFinished(&server);
        }
        ++frames;
        if (ui.settings().vsync) {
            // Input draws the next frame at once, not at the tick: a key
            // pressed just after a frame began would wait a whole frame
            // more. A slow frame is not made up for with a burst.
            server.waitForInput(started + kSoonestFrame, started + kFrameInterval);
        }
    }
    const ServerCounts counts = server.counts();
    // Each encoder's median: the GPU's JPEG with its two parts.
    char medians[256];
    std::snprintf(medians, sizeof medians, "JPEG encode median %.2f ms",
                  gpuTimes.empty() ? encoder.medianMilliseconds() : gpuTimes.median());
    std::string encodes = medians;
    if (gpuJpeg && !gpuTimes.empty()) {
        encodes += " (" + gpuJpeg->parts() + ")";
    }
    // (0 only when no page took H.264: then nothing to say.)
    if (video && video->medianMilliseconds() > 0.0) {
        std::snprintf(medians, sizeof medians, "; H.264 encode median %.2f ms",
                      video->medianMilliseconds());
        encodes += medians;
    }
    std::fprintf(stderr,
                 "heatlab serve: %s after %lld frames; %lld frames sent, %lld refused, %lld "
                 "malformed messages; %s\n",
                 StopSignal::requested() ? StopSignal::name() : "stopped", frames,
                 counts.framesSent, counts.refused, counts.malformed, encodes.c_str());
    return 0;
}

}  // namespace heatlab
