#pragma once
// The served lecture's network side: one libwebsockets service thread that
// serves the page over HTTP and the lecture over one WebSocket a browser.
// Every request shows a token (access.h) and names the server by a name of
// its own (Host; a WebSocket's Origin too), or it is refused. The newest
// encoded frame is sent to every client the moment its socket can take it,
// each client at most two frames ahead of its acknowledgements, so a slow
// one or a tab left in the background falls behind alone, and the render
// loop never waits for the network. One client controls (the newest with
// the controller's token); its input is handed to the render loop; a
// viewer's is counted and dropped.

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/kernel_files/page_kernels.h"
#include "app/serve/access.h"
#include "app/serve/tls_files.h"
#include "app/serve/wire.h"

namespace heatlab {

struct ServerOptions {
    std::string bind = "127.0.0.1";
    int port = 8080;  // 0: any free port (port() says which)
    Tokens tokens;
    std::vector<std::string> publicNames;
    int viewers = 100;  // at most this many viewers at once
    // HTTPS and WSS with this certificate and key, read and checked
    // (tls_files.h); none: HTTP.
    std::optional<TlsFiles> tls;
    // H.264 offered to the pages that can take it (frames published with
    // publishVideo); else JPEG to every page.
    bool h264 = false;
    // What the lecturer's page may have compiled (--allow-kernels); a
    // kernel message it may not send is refused, told and counted.
    PageKernels kernels = PageKernels::None;
};

// What the server has seen, for its tests and the line it prints at exit.
struct ServerCounts {
    int controllers = 0;  // connected now (0 or 1)
    int viewers = 0;      // connected now
    int h264Clients = 0;  // of them, the pages taking H.264
    long long framesSent = 0;
    long long framesSkipped = 0;  // a newer frame came before a client could take one
    long long refused = 0;        // requests and connections refused (token, Host, Origin, room)
    long long malformed = 0;      // client messages dropped as malformed or oversized
    long long viewerInput = 0;    // input from viewers, ignored
    long long rateLimited = 0;    // controller input over the rate, dropped
    long long closedForMalformed = 0;  // and for a message over its limit
    long long closedStalled = 0;       // stopped in the middle of a message
    long long kernelsRefused = 0;      // the controller's kernels refused (--allow-kernels)
    long long viewerKernels = 0;       // kernel messages from viewers, refused
};

class FrameServer {
public:
    // Listening and serving when it returns. Throws UsageError, one line,
    // when it cannot (the port is taken, the address is not this machine's,
    // libwebsockets refuses the certificate and key: its words, naming the
    // files given).
    explicit FrameServer(const ServerOptions& options);
    // Closes every connection and stops the service thread.
    ~FrameServer();
    FrameServer(const FrameServer&) = delete;
    FrameServer& operator=(const FrameServer&) = delete;

    int port() const;
    // "http" or "https".
    const char* scheme() const;

    // The newest frame message (wire.h's header and the JPEG): replaces
    // any not yet sent.
    void publish(std::vector<unsigned char> message);
    // The newest H.264 frame (wire.h), for the pages that take H.264: they
    // get every one in order from a keyframe on.
    void publishVideo(std::vector<unsigned char> message);
    // Whether a page needs a keyframe (it joined, or missed a frame) since
    // the last call: the next H.264 frame should be one.
    bool takeKeyframeWanted();
    // A file for the controller's browser to save (a screenshot taken from
    // it): dropped when no controller is connected.
    void sendDownload(const std::string& name, std::vector<unsigned char> bytes);
    // Asks the controller's browser to open its file chooser (a scene or a
    // cue list of the lecturer's computer); nothing when none is connected.
    void askForFile();
    // A text message (wire.h's JSON) for the controller's page alone;
    // dropped when none is connected.
    void sendToController(std::string text);
    // The controller's input since the last call, in order.
    std::vector<ClientMessage> takeInput();
    // Sleeps until `earliest`, then until input is waiting or `latest`.
    void waitForInput(std::chrono::steady_clock::time_point earliest,
                      std::chrono::steady_clock::time_point latest);
    ServerCounts counts() const;

    struct Shared;  // what the service thread and the callers share

private:
    std::unique_ptr<Shared> shared_;
};

}  // namespace heatlab
