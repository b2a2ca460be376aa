#include "app/serve/serve_start.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "app/i18n/terminal_locale.h"
#include "app/i18n/translation.h"
#include "app/i18n/utf8.h"
#include "app/lecture/files/scene.h"
#include "app/serve/h264_frames.h"
#include "app/serve/tls_files.h"
#include "app/serve/wire.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

// A dropped file's message holds any scene or cue list the lecture reads.
static_assert(kMostUploadBytes >= kMaxSceneBytes && kMostUploadBytes >= kMaxCueBytes);

// Bytes of a picture, video or scene sent to a browser at most
// (HEATLAB_TEST_DOWNLOAD_BYTES lowers it for the tests: a video that
// reaches it without recording for minutes).
std::size_t mostDownloadBytes() {
    if (const char* most = std::getenv("HEATLAB_TEST_DOWNLOAD_BYTES")) {
        return static_cast<std::size_t>(std::max(1LL, std::atoll(most)));
    }
    return kMostDownloadBytes;
}

void say(const std::string& line) {
    std::fprintf(stderr, "heatlab serve: %s\n", terminalLine(line).c_str());
}

}  // namespace

ServerOptions readServerFiles(const ServeStart& o, std::string* noH264) {
    ServerOptions server = o.server;
    server.tokens = o.tokenFile.empty() ? newTokens() : readTokens(o.tokenFile);
    if (!o.tlsCertFile.empty()) {
        server.tls = readTlsFiles(o.tlsCertFile, o.tlsKeyFile);
    }
    *noH264 = o.jpegOnly ? "--jpeg-only" : h264Unavailable();
    server.h264 = noH264->empty();
    return server;
}

std::unique_ptr<GpuJpeg> openEncoders(JpegEncoderChoice choice, const std::string& noH264) {
    std::string why = "--jpeg turbojpeg";
    std::unique_ptr<GpuJpeg> gpu;
    if (choice != JpegEncoderChoice::TurboJpeg) {
        gpu = openGpuJpeg(&why);
        if (!gpu && choice == JpegEncoderChoice::NvJpeg) {
            throw UsageError(trf("--jpeg nvjpeg: no JPEG on the GPU here: %s", why.c_str()));
        }
    }
    say(gpu ? trf("frames as JPEG made on the GPU: %s", gpu->description().c_str())
            : trf("frames as JPEG through TurboJPEG, one encoder thread (nvJPEG not used: %s)",
                  why.c_str()));
    say(noH264.empty() ? tr("H.264 (libx264, one encoder thread) to the pages that decode it "
                            "(WebCodecs, in a secure context), JPEG to the others")
                       : trf("no H.264 (%s): JPEG to every page", noH264.c_str()));
    return gpu;
}

std::unique_ptr<Downloads> downloadsUnlessWritten(const ServeStart& o) {
    return o.allowWrites ? nullptr : std::make_unique<Downloads>(mostDownloadBytes());
}

void prepareServed(LectureUi& ui, const ServeStart& o, const std::optional<CueList>& cues,
                   Downloads* downloads) {
    // As the window: a frame of latency on the shared buffers.
    ui.setWindowed(true);
    if (cues) {
        ui.setCues(*cues);
    }
    if (downloads != nullptr) {
        ui.pictures().sendTo(downloads);
        ui.pictures().panel().sentTo =
            trNoop("pictures and videos: sent to the controller's browser");
    }
    ui.scenes().filesHidden = !o.allowFiles;
    // From here every file the lecture opens comes from a page: it compiles
    // only what --allow-kernels allows (the command line's own are in).
    ui.setPageKernels(o.server.kernels);
    ui.scenes().servedFolder = ui.pictures().panel().folder;
    ui.scenes().dropHint = trNoop("or drop a scene or cue list file (.json) on the page");
}

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

}  // namespace heatlab
