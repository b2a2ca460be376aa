#include "app/kernel_files/kernel_wire.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <ctime>

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace heatlab {

double monotonicSeconds() {
    timespec now{};
    ::clock_gettime(CLOCK_MONOTONIC, &now);
    return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

bool sendAll(int fd, const void* bytes, std::size_t size) {
    const auto* at = static_cast<const char*>(bytes);
    while (size > 0) {
        const ssize_t sent = ::send(fd, at, size, MSG_NOSIGNAL);
        if (sent < 0 && errno == EINTR) {
            continue;
        }
        if (sent <= 0) {
            return false;
        }
        at += sent;
        size -= static_cast<std::size_t>(sent);
    }
    return true;
}

bool receiveAll(int fd, void* bytes, std::size_t size, double deadline, bool* timedOut) {
    *timedOut = false;
    auto* at = static_cast<char*>(bytes);
    while (size > 0) {
        if (deadline > 0.0) {
            const double left = deadline - monotonicSeconds();
            if (left <= 0.0) {
                *timedOut = true;
                return false;
            }
            pollfd wait{fd, POLLIN, 0};
            const int ready =
                ::poll(&wait, 1, static_cast<int>(std::ceil(std::min(left, 3600.0) * 1000.0)));
            if (ready < 0 && errno != EINTR) {
                return false;
            }
            if (ready <= 0) {
                continue;  // interrupted, or the deadline: looked at above
            }
        }
        const ssize_t got = ::read(fd, at, size);
        if (got < 0 && errno == EINTR) {
            continue;
        }
        if (got <= 0) {
            return false;
        }
        at += got;
        size -= static_cast<std::size_t>(got);
    }
    return true;
}

bool sendReply(int fd, KernelAnswer answer, const std::string& text, const std::string& facts) {
    KernelReply reply;
    reply.answer = static_cast<std::int32_t>(answer);
    const std::string kept = text.substr(0, kKernelReplyMaxText);
    // Facts cut short would be misread: past the limit, none.
    const std::string keptFacts = facts.size() <= kKernelReplyMaxFacts ? facts : "";
    reply.textBytes = static_cast<std::uint32_t>(kept.size());
    reply.factsBytes = static_cast<std::uint32_t>(keptFacts.size());
    std::string message(reinterpret_cast<const char*>(&reply), sizeof reply);
    message += kept;
    message += keptFacts;
    return sendAll(fd, message.data(), message.size());
}

}  // namespace heatlab
