#include "tests/support/raw_websocket.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace {

// Any key will do: the server unmasks whatever it is.
constexpr unsigned char kMask[4] = {0x37, 0xfa, 0x21, 0x3d};

}  // namespace

RawWebSocket::RawWebSocket(int port, const std::string& token, const std::string& extraHeaders) {
    fd_ = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd_ < 0 || connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
        closed_ = 1006;
        return;
    }
    const std::string host = "127.0.0.1:" + std::to_string(port);
    if (!sendAll("GET /ws?token=" + token + " HTTP/1.1\r\nHost: " + host + "\r\nOrigin: http://" +
                 host +
                 "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                 "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n" +
                 extraHeaders + "\r\n")) {
        return;
    }
    // The answer's head; what follows it is the first of the server's frames.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    std::size_t end = std::string::npos;
    while ((end = received_.find("\r\n\r\n")) == std::string::npos &&
           std::chrono::steady_clock::now() < deadline) {
        pollfd p{fd_, POLLIN, 0};
        if (poll(&p, 1, 100) <= 0) {
            continue;
        }
        char buffer[4096];
        const ssize_t n = read(fd_, buffer, sizeof buffer);
        if (n <= 0) {
            closed_ = 1006;
            return;
        }
        received_.append(buffer, static_cast<std::size_t>(n));
    }
    if (end == std::string::npos) {
        return;
    }
    established_ = received_.compare(0, 12, "HTTP/1.1 101") == 0;
    received_.erase(0, end + 4);
}

RawWebSocket::~RawWebSocket() {
    if (fd_ >= 0) {
        close(fd_);
    }
}

bool RawWebSocket::sendAll(const std::string& bytes) {
    std::size_t sent = 0;
    while (sent < bytes.size()) {
        // No SIGPIPE when the server has closed: the send says so.
        const ssize_t n = send(fd_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
        if (n <= 0) {
            return false;
        }
        sent += static_cast<std::size_t>(n);
    }
    return true;
}

bool RawWebSocket::sendHeader(int opcode, bool final, std::uint64_t declared) {
    std::string header;
    header += static_cast<char>((final ? 0x80 : 0) | opcode);
    if (declared < 126) {
        header += static_cast<char>(0x80 | declared);
    } else if (declared < 65536) {
        header += static_cast<char>(0x80 | 126);
        header += static_cast<char>(declared >> 8);
        header += static_cast<char>(declared & 0xff);
    } else {
        header += static_cast<char>(0x80 | 127);
        for (int shift = 56; shift >= 0; shift -= 8) {
            header += static_cast<char>((declared >> shift) & 0xff);
        }
    }
    header.append(reinterpret_cast<const char*>(kMask), sizeof kMask);
    maskAt_ = 0;
    return sendAll(header);
}

bool RawWebSocket::sendPayload(const std::string& bytes) {
    std::string masked = bytes;
    for (char& c : masked) {
        c = static_cast<char>(c ^ kMask[maskAt_++ & 3]);
    }
    return sendAll(masked);
}

bool RawWebSocket::sendFrame(int opcode, bool final, const std::string& payload) {
    return sendHeader(opcode, final, payload.size()) && sendPayload(payload);
}

std::optional<int> RawWebSocket::closeCode(std::chrono::milliseconds within) {
    const auto deadline = std::chrono::steady_clock::now() + within;
    while (!closed_) {
        // Whole frames first: a close frame ends it, any other is skipped.
        while (received_.size() >= 2) {
            const auto byte = [this](std::size_t i) {
                return static_cast<unsigned char>(received_[i]);
            };
            std::size_t at = 2;
            std::uint64_t length = byte(1) & 0x7f;
            if (length == 126 || length == 127) {
                const std::size_t bytes = length == 126 ? 2 : 8;
                if (received_.size() < at + bytes) {
                    break;
                }
                length = 0;
                for (std::size_t i = 0; i < bytes; ++i) {
                    length = length << 8 | byte(at + i);
                }
                at += bytes;
            }
            if (received_.size() < at + length) {
                break;
            }
            if ((byte(0) & 0x0f) == 8) {
                closed_ = length >= 2 ? byte(at) << 8 | byte(at + 1) : 1005;
                return closed_;
            }
            received_.erase(0, at + length);
        }
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            return std::nullopt;
        }
        pollfd p{fd_, POLLIN, 0};
        if (poll(&p, 1, static_cast<int>(left.count())) <= 0) {
            continue;
        }
        char buffer[65536];
        const ssize_t n = read(fd_, buffer, sizeof buffer);
        if (n <= 0) {
            closed_ = 1006;
        } else {
            received_.append(buffer, static_cast<std::size_t>(n));
        }
    }
    return closed_;
}
