#pragma once
// A WebSocket client of bare sockets, for what a browser never sends and
// libwebsockets' client will not: a frame that declares more than it
// sends, a message in fragments of the test's choosing, a stall in the
// middle of one, a request with kilobytes of cookies. One connection,
// blocking, on the test's own thread.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

class RawWebSocket {
public:
    // Connects to 127.0.0.1:`port` and asks for /ws?token=`token`, naming
    // the server as a page of it would (Host, Origin); `extraHeaders`
    // (whole lines, each ending "\r\n") go into the request as they are.
    RawWebSocket(int port, const std::string& token, const std::string& extraHeaders = "");
    ~RawWebSocket();
    RawWebSocket(const RawWebSocket&) = delete;
    RawWebSocket& operator=(const RawWebSocket&) = delete;

    // Whether the server answered the upgrade with 101.
    bool established() const { return established_; }

    static constexpr int kText = 1;
    static constexpr int kContinuation = 0;
    // A frame's header, masked as a client's must be: its opcode, whether
    // it ends its message, and the payload length it declares. What follows
    // (sendPayload) is its payload, as much of it as the test likes.
    bool sendHeader(int opcode, bool final, std::uint64_t declared);
    bool sendPayload(const std::string& bytes);
    // A whole frame.
    bool sendFrame(int opcode, bool final, const std::string& payload);

    // Reads what the server sends (its frames skipped) until it closes:
    // the code of its close frame, 1005 for one without a code, 1006 when
    // the connection ended without one; nullopt if it is still open after
    // `within`.
    std::optional<int> closeCode(std::chrono::milliseconds within);

private:
    bool sendAll(const std::string& bytes);

    int fd_ = -1;
    bool established_ = false;
    std::string received_;  // the server's bytes not yet read as frames
    unsigned maskAt_ = 0;   // where in the mask the next payload byte is
    std::optional<int> closed_;
};
