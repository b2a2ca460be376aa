#pragma once
// The tests' side of `heatlab serve`: WebSocket clients written with
// libwebsockets' client half (as a browser would connect, or as a browser
// must not: a wrong token, Origin or Host), and the served process itself.
// One service thread carries every connection, so a hundred viewers cost a
// hundred sockets, not a hundred threads.

#include <sys/types.h>

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "app/serve/wire.h"

// `heatlab serve ARGS --port 0` started, its two URLs read from stdout.
class ServeProcess {
public:
    // Throws std::runtime_error when it exits or prints no URL in 60 s.
    explicit ServeProcess(const std::string& args);
    ~ServeProcess();  // SIGKILL if still running
    int port() const { return port_; }
    pid_t pid() const { return pid_; }
    const std::string& controllerToken() const { return controller_; }
    const std::string& viewerToken() const { return viewer_; }
    // Sends `signal` and waits for the exit: the exit status (-1 when
    // killed by a signal), and stderr.
    int stop(int signal, std::string* err = nullptr);
    bool running();

private:
    pid_t pid_ = -1;
    int errFd_ = -1;
    int port_ = 0;
    std::string controller_;
    std::string viewer_;
};

// The folders named for `serve`'s process (heatlab-serve-PID-XXXXXX)
// where temporary folders go ($TMPDIR, else /tmp): what a server that
// wrote its downloads to disk made. A server keeps them in memory: none.
std::vector<std::string> serveFoldersOf(const ServeProcess& serve);
// The class kernels' private folders it made (heatlab-kernels-PID-XXXXXX):
// one once it started compiling a kernel, none while it compiled none.
std::vector<std::string> kernelFoldersOf(const ServeProcess& serve);

struct ConnectOptions {
    int port = 0;
    std::string token;
    std::string path = "/ws";
    std::string host = "127.0.0.1";  // the Host header's name (the port is added)
    std::string origin;              // empty: none sent
    bool acknowledge = true;         // ack every frame, as the page does
    bool tls = false;                // wss://, any certificate taken (a test's own)
    bool h264 = false;               // say it takes H.264, as a page with WebCodecs does
};

struct ConnectionState {
    bool established = false;
    bool closed = false;
    bool failed = false;  // the connection or its upgrade was refused
    std::vector<heatlab::FrameHeader> frames;
    std::vector<unsigned char> lastJpeg;
    // Every H.264 frame's access unit, in order of arrival.
    std::vector<std::vector<unsigned char>> h264;
    std::vector<std::string> texts;
    std::vector<std::pair<std::string, std::vector<unsigned char>>> downloads;
};

class ServeClients {
public:
    ServeClients();
    ~ServeClients();
    ServeClients(const ServeClients&) = delete;
    ServeClients& operator=(const ServeClients&) = delete;

    // A new connection; its index for the calls below.
    int connect(const ConnectOptions& options);
    void send(int connection, const std::string& text);
    void close(int connection);
    ConnectionState state(int connection) const;
    // The newest frame's header alone, and when it arrived: cheap enough to
    // poll at a fine step (state() copies every header and the JPEG).
    struct Newest {
        heatlab::FrameHeader header;
        std::chrono::steady_clock::time_point arrived;
        std::size_t count = 0;
    };
    Newest newest(int connection) const;
    // Polls `done` on the connection's state until true or `timeout`.
    bool waitFor(int connection, const std::function<bool(const ConnectionState&)>& done,
                 std::chrono::milliseconds timeout = std::chrono::seconds(30)) const;

    struct Shared;

private:
    std::unique_ptr<Shared> shared_;
};
