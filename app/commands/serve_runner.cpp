#include "app/commands/serve_runner.h"

#include <cstdio>
#include <string>
#include <utility>

#include "app/commands/prepared_lecture.h"
#include "app/i18n/terminal_locale.h"
#include "app/i18n/translation.h"
#include "app/io/stop_signal.h"
#include "app/io/temporary_folder.h"
#include "app/platform/headless_context.h"
#include "app/serve/served_frames.h"
#include "app/ui/imgui/imgui_layer.h"
#include "app/ui/lecture/lecture_ui.h"

namespace heatlab {

namespace {

// The line said at the end: why, the frames, the pages' counts, the encodes.
void sayServed(const FrameServer& server, const ServedOutput& output, long long frames) {
    const ServerCounts counts = server.counts();
    const std::string summary =
        trf("%s after %lld frames; %lld frames sent, %lld refused, %lld malformed messages; %s",
            StopSignal::requested() ? StopSignal::name() : tr("stopped"), frames, counts.framesSent,
            counts.refused, counts.malformed, output.encodeTimes().c_str());
    std::fprintf(stderr, "heatlab serve: %s\n", terminalLine(summary).c_str());
    // Kernels a page was not let send (--allow-kernels), where there were any.
    if (counts.kernelsRefused + counts.viewerKernels > 0) {
        std::fprintf(
            stderr, "heatlab serve: %s\n",
            terminalLine(trf("%lld kernel messages refused (%lld of them from viewers)",
                             counts.kernelsRefused + counts.viewerKernels, counts.viewerKernels))
                .c_str());
    }
}

}  // namespace

int runServe(const ServeStart& o) {
    // First what the server reads and where it listens, so a refusal (a
    // file, the port) is one line before anything starts; the port, once
    // listened on, no other program can take while GL and the encoders
    // start, and a page that comes before the first frame waits for it.
    std::string noH264;
    const ServerOptions options = readServerFiles(o, &noH264);
    FrameServer server(options);
    PreparedLecture prepared = prepareLecture(o.lecture);
    HeadlessContext context;
    std::fprintf(stderr, "%s\n", terminalLine(prepared.selection.reason).c_str());
    std::fprintf(stderr, "heatlab serve: OpenGL: %s\n",
                 terminalLine(context.description()).c_str());
    std::unique_ptr<GpuJpeg> gpuJpeg = openEncoders(o.jpeg, noH264);
    // Made before the lecture, so a recording the lecture finishes as it
    // ends still has somewhere to go (dropped with it).
    const std::unique_ptr<Downloads> downloads = downloadsUnlessWritten(o);
    // A folder an earlier server (one that wrote its downloads to disk)
    // left when it was killed.
    removeStaleTemporaryFolders("heatlab-serve");
    StopSignal::testPoint("start-up");
    RemoteSurface surface(SurfaceSize{{kWindowWidth, kWindowHeight}, {kWindowWidth, kWindowHeight}},
                          1.0f);
    ImGuiLayer imgui(surface);
    LectureUi ui(prepared.start.settings, std::move(prepared.selection.backend), imgui,
                 context.description(), prepared.scene);
    prepareServed(ui, o, prepared.cues, downloads.get());
    StopSignal stop;  // from here a signal ends the loop (before it, the program)
    printAddresses(server, o, options.tokens);
    ServedInput input(server, surface);
    ServedOutput output(server, input, surface, std::move(gpuJpeg), downloads.get(), options.h264);
    FrameRules rules;
    rules.terminal = "heatlab serve";
    rules.endOnStopSignal = true;
    rules.mostFrames = prepared.start.frames;
    rules.tickWithVsync = true;
    const FramesRun run = runFrames({surface, imgui, ui}, input, output, FrameClock{}, rules);
    // The lecture's end: a second signal from here ends the program there.
    StopSignal::testPoint("clean-up");
    sayServed(server, output, run.frames);
    return 0;
}

}  // namespace heatlab
