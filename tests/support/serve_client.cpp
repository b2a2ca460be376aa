#include "tests/support/serve_client.h"

#include <fcntl.h>
#include <libwebsockets.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <filesystem>
#include <mutex>
#include <regex>
#include <stdexcept>
#include <thread>

#include "tests/support/run_command.h"

namespace {

// Reads what `fd` has within `ms`; empty at its end or on timeout.
std::string readSome(int fd, int ms) {
    pollfd p{fd, POLLIN, 0};
    if (poll(&p, 1, ms) <= 0) {
        return "";
    }
    char buffer[4096];
    const ssize_t n = read(fd, buffer, sizeof buffer);
    return n > 0 ? std::string(buffer, static_cast<std::size_t>(n)) : "";
}

}  // namespace

ServeProcess::ServeProcess(const std::string& args) {
    int out[2];
    int err[2];
    if (pipe(out) != 0 || pipe(err) != 0) {
        throw std::runtime_error("no pipe");
    }
    pid_ = fork();
    if (pid_ == 0) {
        dup2(out[1], 1);
        dup2(err[1], 2);
        close(out[0]);
        close(err[0]);
        const std::string command = "exec " + heatlabBinary() + " serve --port 0 " + args;
        execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    close(out[1]);
    close(err[1]);
    errFd_ = err[0];
    fcntl(errFd_, F_SETFL, O_NONBLOCK);
    std::string said;
    const std::regex url(R"(https?://[^:]+:(\d+)/\?token=([0-9a-zA-Z._~-]+))");
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    std::vector<std::string> tokens;
    while (tokens.size() < 2 && std::chrono::steady_clock::now() < deadline) {
        const std::string more = readSome(out[0], 200);
        said += more;
        tokens.clear();
        for (std::sregex_iterator it(said.begin(), said.end(), url), end; it != end; ++it) {
            port_ = std::stoi((*it)[1]);
            tokens.push_back((*it)[2]);
        }
        int status = 0;
        if (more.empty() && waitpid(pid_, &status, WNOHANG) == pid_) {
            pid_ = -1;
            throw std::runtime_error("heatlab serve exited before its URLs: " + said +
                                     readSome(errFd_, 0));
        }
    }
    close(out[0]);
    if (tokens.size() < 2) {
        throw std::runtime_error("heatlab serve printed no URLs in 60 s: " + said);
    }
    controller_ = tokens[0];
    viewer_ = tokens[1];
}

ServeProcess::~ServeProcess() {
    if (pid_ > 0) {
        kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
    }
    if (errFd_ >= 0) {
        close(errFd_);
    }
}

bool ServeProcess::running() {
    int status = 0;
    return pid_ > 0 && waitpid(pid_, &status, WNOHANG) == 0;
}

int ServeProcess::stop(int signal, std::string* err) {
    if (pid_ <= 0) {
        return -1;
    }
    kill(pid_, signal);
    std::string said;
    int status = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (waitpid(pid_, &status, WNOHANG) != pid_) {
        if (std::chrono::steady_clock::now() > deadline) {
            kill(pid_, SIGKILL);
            waitpid(pid_, &status, 0);
            break;
        }
        said += readSome(errFd_, 50);
    }
    pid_ = -1;
    for (std::string more = readSome(errFd_, 0); !more.empty(); more = readSome(errFd_, 0)) {
        said += more;
    }
    if (err != nullptr) {
        *err = said;
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

struct ServeClients::Shared {
    lws_context* context = nullptr;
    std::thread thread;
    std::atomic<bool> stopping{false};
    mutable std::mutex mutex;
    struct Connection {
        ConnectOptions options;
        std::string hostHeader;
        std::string pathWithToken;
        lws* wsi = nullptr;
        bool started = false;
        bool closeAsked = false;
        std::deque<std::string> outgoing;
        std::vector<unsigned char> incoming;
        ConnectionState state;
        std::chrono::steady_clock::time_point newestArrived;
    };
    std::deque<Connection> connections;  // a deque: references stay valid
};

namespace {

int clientCallback(lws* wsi, lws_callback_reasons reason, void* user, void* in, std::size_t len) {
    lws_context* context = lws_get_context(wsi);
    auto* shared = static_cast<ServeClients::Shared*>(lws_context_user(context));
    const auto index = reinterpret_cast<std::intptr_t>(lws_get_opaque_user_data(wsi)) - 1;
    if (reason == LWS_CALLBACK_EVENT_WAIT_CANCELLED) {
        // Connections asked for are started outside the lock: a refusal
        // calls back into this function from inside lws's connect.
        std::vector<std::pair<std::size_t, ServeClients::Shared::Connection*>> starting;
        {
            const std::lock_guard<std::mutex> lock(shared->mutex);
            for (std::size_t i = 0; i < shared->connections.size(); ++i) {
                auto& c = shared->connections[i];
                if (!c.started) {
                    c.started = true;
                    starting.emplace_back(i, &c);
                } else if (c.wsi != nullptr && (!c.outgoing.empty() || c.closeAsked)) {
                    lws_callback_on_writable(c.wsi);
                }
            }
        }
        for (const auto& [i, connection] : starting) {
            // Only this thread touches a started connection's options (and
            // a deque's elements stay where they are as it grows).
            auto& c = *connection;
            lws_client_connect_info info{};
            info.context = context;
            info.address = "127.0.0.1";
            info.port = c.options.port;
            info.path = c.pathWithToken.c_str();
            info.host = c.hostHeader.c_str();
            info.origin = c.options.origin.empty() ? nullptr : c.options.origin.c_str();
            info.protocol = nullptr;
            if (c.options.tls) {
                info.ssl_connection = LCCSCF_USE_SSL | LCCSCF_ALLOW_SELFSIGNED |
                                      LCCSCF_SKIP_SERVER_CERT_HOSTNAME_CHECK;
            }
            info.opaque_user_data = reinterpret_cast<void*>(static_cast<std::intptr_t>(i + 1));
            lws* made = lws_client_connect_via_info(&info);
            const std::lock_guard<std::mutex> lock(shared->mutex);
            if (made == nullptr) {
                c.state.failed = true;
                c.state.closed = true;
            } else if (!c.state.closed) {
                c.wsi = made;
            }
        }
        return 0;
    }
    // Only the reasons handled below take the lock. This function calls
    // lws_callback_on_writable and lws_write holding it, and a libwebsockets
    // built with LWS_WITH_EXTERNAL_POLL (Debian 13's 4.3, not Debian 12's
    // 4.1) calls it back from inside them, on this same thread, with the
    // poll reasons (LWS_CALLBACK_CHANGE_MODE_POLL_FD and the like): locking
    // again there hung the service thread, and with it every state() call.
    const bool handled =
        reason == LWS_CALLBACK_CLIENT_ESTABLISHED ||
        reason == LWS_CALLBACK_CLIENT_CONNECTION_ERROR || reason == LWS_CALLBACK_CLIENT_CLOSED ||
        reason == LWS_CALLBACK_CLIENT_RECEIVE || reason == LWS_CALLBACK_CLIENT_WRITEABLE;
    if (index < 0 || !handled) {
        return lws_callback_http_dummy(wsi, reason, user, in, len);
    }
    const std::lock_guard<std::mutex> lock(shared->mutex);
    auto& c = shared->connections[static_cast<std::size_t>(index)];
    switch (reason) {
    case LWS_CALLBACK_CLIENT_ESTABLISHED:
        c.state.established = true;
        if (c.options.h264) {
            c.outgoing.push_back(R"({"t":"codecs","h264":true})");
            lws_callback_on_writable(wsi);
        }
        return 0;
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
        c.state.failed = true;
        c.state.closed = true;
        c.wsi = nullptr;
        return 0;
    case LWS_CALLBACK_CLIENT_CLOSED:
        c.state.closed = true;
        c.wsi = nullptr;
        return 0;
    case LWS_CALLBACK_CLIENT_RECEIVE: {
        const auto* bytes = static_cast<const unsigned char*>(in);
        c.incoming.insert(c.incoming.end(), bytes, bytes + len);
        if (lws_remaining_packet_payload(wsi) > 0 || lws_is_final_fragment(wsi) == 0) {
            return 0;
        }
        if (lws_frame_is_binary(wsi) == 0) {
            c.state.texts.emplace_back(c.incoming.begin(), c.incoming.end());
        } else if (auto header = heatlab::readFrameHeader(c.incoming.data(), c.incoming.size())) {
            c.state.frames.push_back(*header);
            c.newestArrived = std::chrono::steady_clock::now();
            const auto payload = c.incoming.begin() + heatlab::kFrameHeaderBytes;
            if (header->kind == heatlab::FrameKind::H264) {
                c.state.h264.emplace_back(payload, c.incoming.end());
            } else {
                c.state.lastJpeg.assign(payload, c.incoming.end());
            }
            if (c.options.acknowledge) {
                c.outgoing.push_back("{\"t\":\"ack\",\"f\":" + std::to_string(header->sequence) +
                                     "}");
                lws_callback_on_writable(wsi);
            }
        } else if (c.incoming.size() >= 4 && c.incoming[0] == 2) {
            const std::size_t length = c.incoming[2] | c.incoming[3] << 8;
            if (c.incoming.size() >= 4 + length) {
                c.state.downloads.emplace_back(
                    std::string(c.incoming.begin() + 4, c.incoming.begin() + 4 + length),
                    std::vector<unsigned char>(c.incoming.begin() + 4 + length, c.incoming.end()));
            }
        }
        c.incoming.clear();
        return 0;
    }
    case LWS_CALLBACK_CLIENT_WRITEABLE: {
        if (c.closeAsked) {
            return -1;
        }
        if (c.outgoing.empty()) {
            return 0;
        }
        std::string text = c.outgoing.front();
        c.outgoing.pop_front();
        std::vector<unsigned char> buffer(LWS_PRE + text.size());
        std::memcpy(buffer.data() + LWS_PRE, text.data(), text.size());
        if (lws_write(wsi, buffer.data() + LWS_PRE, text.size(), LWS_WRITE_TEXT) <
            static_cast<int>(text.size())) {
            return -1;
        }
        if (!c.outgoing.empty()) {
            lws_callback_on_writable(wsi);
        }
        return 0;
    }
    default: break;
    }
    return lws_callback_http_dummy(wsi, reason, user, in, len);
}

const lws_protocols kClientProtocols[] = {
    {"heatlab-test", clientCallback, 0, 1 << 16, 0, nullptr, 0},
    {nullptr, nullptr, 0, 0, 0, nullptr, 0},
};

}  // namespace

ServeClients::ServeClients() : shared_(std::make_unique<Shared>()) {
    lws_set_log_level(LLL_ERR, nullptr);
    lws_context_creation_info info{};
    info.port = CONTEXT_PORT_NO_LISTEN;
    info.protocols = kClientProtocols;
    // The Origin header as given: lws would otherwise put "http://" before it.
    info.options = LWS_SERVER_OPTION_JUST_USE_RAW_ORIGIN | LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT;
    info.user = shared_.get();
    // A hundred viewers and then some.
    info.fd_limit_per_thread = 1024;
    shared_->context = lws_create_context(&info);
    if (shared_->context == nullptr) {
        throw std::runtime_error("no libwebsockets client context");
    }
    Shared* shared = shared_.get();
    shared_->thread = std::thread([shared] {
        while (!shared->stopping) {
            lws_service(shared->context, 0);
        }
    });
}

ServeClients::~ServeClients() {
    shared_->stopping = true;
    lws_cancel_service(shared_->context);
    shared_->thread.join();
    lws_context_destroy(shared_->context);
}

int ServeClients::connect(const ConnectOptions& options) {
    int index = 0;
    {
        const std::lock_guard<std::mutex> lock(shared_->mutex);
        Shared::Connection c;
        c.options = options;
        c.hostHeader = options.host + ":" + std::to_string(options.port);
        c.pathWithToken = options.path + "?token=" + options.token;
        shared_->connections.push_back(std::move(c));
        index = static_cast<int>(shared_->connections.size()) - 1;
    }
    lws_cancel_service(shared_->context);
    return index;
}

void ServeClients::send(int connection, const std::string& text) {
    {
        const std::lock_guard<std::mutex> lock(shared_->mutex);
        shared_->connections[static_cast<std::size_t>(connection)].outgoing.push_back(text);
    }
    lws_cancel_service(shared_->context);
}

void ServeClients::close(int connection) {
    {
        const std::lock_guard<std::mutex> lock(shared_->mutex);
        shared_->connections[static_cast<std::size_t>(connection)].closeAsked = true;
    }
    lws_cancel_service(shared_->context);
}

ConnectionState ServeClients::state(int connection) const {
    const std::lock_guard<std::mutex> lock(shared_->mutex);
    return shared_->connections[static_cast<std::size_t>(connection)].state;
}

ServeClients::Newest ServeClients::newest(int connection) const {
    const std::lock_guard<std::mutex> lock(shared_->mutex);
    const auto& c = shared_->connections[static_cast<std::size_t>(connection)];
    Newest n;
    n.count = c.state.frames.size();
    if (n.count > 0) {
        n.header = c.state.frames.back();
        n.arrived = c.newestArrived;
    }
    return n;
}

bool ServeClients::waitFor(int connection, const std::function<bool(const ConnectionState&)>& done,
                           std::chrono::milliseconds timeout) const {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        if (done(state(connection))) {
            return true;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return done(state(connection));
}

namespace {

std::vector<std::string> foldersOf(const ServeProcess& serve, const std::string& kind) {
    const char* place = std::getenv("TMPDIR");
    const std::string folder = place != nullptr && *place != '\0' ? place : "/tmp";
    const std::string prefix = kind + "-" + std::to_string(serve.pid()) + "-";
    std::vector<std::string> found;
    std::error_code ignored;
    for (const auto& entry : std::filesystem::directory_iterator(folder, ignored)) {
        if (entry.path().filename().string().rfind(prefix, 0) == 0) {
            found.push_back(entry.path().string());
        }
    }
    return found;
}

}  // namespace

std::vector<std::string> serveFoldersOf(const ServeProcess& serve) {
    return foldersOf(serve, "heatlab-serve");
}

std::vector<std::string> kernelFoldersOf(const ServeProcess& serve) {
    return foldersOf(serve, "heatlab-kernels");
}
