// The served lecture's figures, measured from outside as a browser would
// take them (a benchmark, not a test: ctest does not run it). Starts
// `heatlab serve ARGS`, asks for a surface of WIDTHxHEIGHT as a page would,
// then prints, side by side in one run:
//   - the frames a second one client gets (it acknowledges each, as the page);
//   - the input-to-frame latency of a key that changes r (Up), the time from
//     sending it to the first frame whose header says it reflects it;
//   - the controller's frames a second with VIEWERS viewers watching too.
// Usage: heatlab_serve_bench [--h264] WIDTHxHEIGHT VIEWERS SECONDS ARGS...
// (--h264: every client takes H.264, as pages with WebCodecs do.)
// (HEATLAB_BINARY names the heatlab to run, as for the tests.)

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <signal.h>

#include "tests/support/serve_client.h"

namespace {

using Clock = std::chrono::steady_clock;

double median(std::vector<double> values) {
    if (values.empty()) {
        return 0.0;
    }
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

// Frames a second the connection got over `seconds`.
double frameRate(const ServeClients& clients, int connection, double seconds) {
    const std::size_t before = clients.state(connection).frames.size();
    const auto start = Clock::now();
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    const std::size_t after = clients.state(connection).frames.size();
    const double took = std::chrono::duration<double>(Clock::now() - start).count();
    return static_cast<double>(after - before) / took;
}

}  // namespace

int main(int argc, char** argv) {
    const bool h264 = argc > 1 && std::string(argv[1]) == "--h264";
    if (h264) {
        --argc;
        ++argv;
    }
    if (argc < 4) {
        std::fprintf(stderr,
                     "usage: heatlab_serve_bench [--h264] WIDTHxHEIGHT VIEWERS SECONDS [heatlab "
                     "serve options]\n");
        return 2;
    }
    int width = 0;
    int height = 0;
    if (std::sscanf(argv[1], "%dx%d", &width, &height) != 2) {
        std::fprintf(stderr, "serve_bench: '%s' is not WIDTHxHEIGHT\n", argv[1]);
        return 2;
    }
    const int viewers = std::atoi(argv[2]);
    const double seconds = std::atof(argv[3]);
    std::string args;
    for (int i = 4; i < argc; ++i) {
        args += std::string(" ") + argv[i];
    }
    ServeProcess serve(args + " --viewers " + std::to_string(std::max(viewers, 1)));
    ServeClients clients;
    ConnectOptions controller;
    controller.port = serve.port();
    controller.token = serve.controllerToken();
    controller.h264 = h264;
    const int c = clients.connect(controller);
    clients.waitFor(c, [](const ConnectionState& s) { return !s.frames.empty(); });
    int sequence = 1;
    clients.send(c, "{\"t\":\"resize\",\"w\":" + std::to_string(width) +
                        ",\"h\":" + std::to_string(height) +
                        ",\"s\":1,\"i\":" + std::to_string(sequence) + "}");
    clients.waitFor(c, [&](const ConnectionState& s) { return s.frames.back().width == width; });
    std::this_thread::sleep_for(std::chrono::seconds(1));  // settled
    const double alone = frameRate(clients, c, seconds);
    const ConnectionState measured = clients.state(c);
    std::vector<double> h264Bytes;
    for (const std::vector<unsigned char>& unit : measured.h264) {
        h264Bytes.push_back(static_cast<double>(unit.size()));
    }
    const std::string frameBytes =
        h264 ? "H.264 median " + std::to_string(static_cast<long>(median(h264Bytes))) + " bytes"
             : "JPEG " + std::to_string(measured.lastJpeg.size()) + " bytes";

    std::vector<double> latencies;
    for (int i = 0; i < 20; ++i) {
        const int down = ++sequence;
        const auto sent = Clock::now();
        clients.send(c, "{\"t\":\"key\",\"a\":\"down\",\"k\":\"ArrowUp\",\"i\":" +
                            std::to_string(down) + "}");
        clients.send(c, "{\"t\":\"key\",\"a\":\"up\",\"k\":\"ArrowUp\",\"i\":" +
                            std::to_string(++sequence) + "}");
        // Polled at a fine step, the frame's arrival time taken where it is
        // received: the latency is not rounded up to the poll.
        const auto deadline = sent + std::chrono::seconds(5);
        ServeClients::Newest n = clients.newest(c);
        while (static_cast<int>(n.header.lastInput) < down && Clock::now() < deadline) {
            std::this_thread::sleep_for(std::chrono::microseconds(200));
            n = clients.newest(c);
        }
        latencies.push_back(std::chrono::duration<double, std::milli>(n.arrived - sent).count());
        // A pause of no fixed number of frames, so the keys meet the
        // server's frames at every phase.
        std::this_thread::sleep_for(std::chrono::milliseconds(100 + (i * 7) % 17));
    }

    // The viewers on service threads of their own, ten a thread, so what is
    // measured is the server's fan-out, not this client's receiving.
    constexpr int kViewersAThread = 10;
    std::vector<std::unique_ptr<ServeClients>> audiences;
    std::vector<std::pair<ServeClients*, int>> watching;
    for (int i = 0; i < viewers; ++i) {
        if (i % kViewersAThread == 0) {
            audiences.push_back(std::make_unique<ServeClients>());
        }
        ConnectOptions viewer = controller;
        viewer.token = serve.viewerToken();
        watching.emplace_back(audiences.back().get(), audiences.back()->connect(viewer));
    }
    for (const auto& [audience, v] : watching) {
        audience->waitFor(v, [](const ConnectionState& s) { return s.frames.size() >= 2; });
    }
    std::vector<std::size_t> viewerFramesBefore;
    for (const auto& [audience, v] : watching) {
        viewerFramesBefore.push_back(audience->state(v).frames.size());
    }
    const double withViewers = frameRate(clients, c, seconds);
    double viewerFrames = 0.0;
    for (std::size_t i = 0; i < watching.size(); ++i) {
        viewerFrames += static_cast<double>(
            watching[i].first->state(watching[i].second).frames.size() - viewerFramesBefore[i]);
    }
    std::string err;
    const int status = serve.stop(SIGTERM, &err);
    std::printf("serve_bench %dx%d%s, heatlab serve%s\n", width, height, h264 ? " (H.264)" : "",
                args.c_str());
    std::printf("  one client:            %.1f frames/s (%s)\n", alone, frameBytes.c_str());
    std::printf("  input to frame (Up):   median %.1f ms, max %.1f ms over %zu keys\n",
                median(latencies), *std::max_element(latencies.begin(), latencies.end()),
                latencies.size());
    std::printf(
        "  with %d viewers:       %.1f frames/s to the controller (%.0f %% of alone), "
        "%.1f a viewer\n",
        viewers, withViewers, alone > 0 ? 100.0 * withViewers / alone : 0.0,
        watching.empty() ? 0.0 : viewerFrames / seconds / static_cast<double>(viewers));
    // With HEATLAB_SERVE_TRACE set, all the server said (its trace lines).
    const bool all = std::getenv("HEATLAB_SERVE_TRACE") != nullptr;
    std::printf("  server: exit %d; %s", status,
                all ? err.c_str() : err.substr(err.rfind("heatlab serve: ")).c_str());
    return status;
}
