#include "app/io/input_file.h"

#include <cerrno>
#include <cstring>
#include <utility>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/i18n/message_text.h"
#include "app/i18n/translation.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

// Enough for a file that was being saved to settle; a file that changes on
// every read is being written continuously, and waiting longer would not
// give one version either.
constexpr int kTries = 3;

const BetweenReads*& currentHook() {
    static const BetweenReads* hook = nullptr;
    return hook;
}

[[noreturn]] void fail(const std::string& path, const std::string& why) {
    throw RuntimeError(path + ": " + why);
}

[[noreturn]] void failReading(const std::string& path, int error) {
    fail(path, trf("cannot be read (%s)", errorText(error).c_str()));
}

class Descriptor {
public:
    // Without `wait`, a FIFO opens at once (and is then refused by its type).
    Descriptor(const std::string& path, bool wait) {
        const int flags = O_RDONLY | O_CLOEXEC | (wait ? 0 : O_NONBLOCK);
        do {
            // A FIFO waits here for its writer, as the person who named it asked.
            fd_ = ::open(path.c_str(), flags);
        } while (fd_ < 0 && errno == EINTR);
        if (fd_ < 0) {
            failReading(path, errno);
        }
    }
    ~Descriptor() { ::close(fd_); }
    Descriptor(const Descriptor&) = delete;
    Descriptor& operator=(const Descriptor&) = delete;
    int get() const { return fd_; }

private:
    int fd_ = -1;
};

struct stat statOf(const Descriptor& file, const std::string& path) {
    struct stat info = {};
    if (::fstat(file.get(), &info) != 0) {
        failReading(path, errno);
    }
    return info;
}

bool sameTime(const timespec& a, const timespec& b) {
    return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

// Everything up to the end, or past maxBytes (refused).
std::string readToEnd(const Descriptor& file, const std::string& path, std::size_t maxBytes) {
    std::string text;
    char chunk[64 * 1024];
    for (;;) {
        const ssize_t got = ::read(file.get(), chunk, sizeof chunk);
        if (got < 0) {
            if (errno == EINTR) {
                continue;
            }
            failReading(path, errno);
        }
        if (got == 0) {
            return text;
        }
        text.append(chunk, static_cast<std::size_t>(got));
        if (text.size() > maxBytes) {
            fail(path, trf("holds more than %zu bytes", maxBytes));
        }
        if (const BetweenReads* hook = BetweenReads::active()) {
            hook->afterRead(text.size());
        }
    }
}

// What a file that is not a regular one is, for a refusal.
const char* kindOf(mode_t mode) {
    if (S_ISDIR(mode)) {
        return tr("a folder");
    }
    if (S_ISFIFO(mode)) {
        return tr("a FIFO");
    }
    if (S_ISCHR(mode) || S_ISBLK(mode)) {
        return tr("a device");
    }
    if (S_ISSOCK(mode)) {
        return tr("a socket");
    }
    return tr("not a regular file");
}

std::string readFile(const std::string& path, std::size_t maxBytes, bool regularOnly,
                     mode_t* mode) {
    for (int attempt = 1;; ++attempt) {
        const Descriptor file(path, !regularOnly);
        const struct stat before = statOf(file, path);
        if (S_ISDIR(before.st_mode)) {
            fail(path, tr("is a folder, not a file"));
        }
        if (regularOnly && !S_ISREG(before.st_mode)) {
            fail(path, trf("is %s, not a regular file", kindOf(before.st_mode)));
        }
        std::string text = readToEnd(file, path, maxBytes);
        // A pipe or a device is one stream: there is no other version of it.
        if (!S_ISREG(before.st_mode)) {
            if (mode != nullptr) {
                *mode = before.st_mode;
            }
            return text;
        }
        // Truncated, rewritten in place or grown while read: what was read
        // may mix two versions, so it is read again.
        const struct stat after = statOf(file, path);
        if (after.st_size == before.st_size && sameTime(after.st_mtim, before.st_mtim) &&
            sameTime(after.st_ctim, before.st_ctim) &&
            text.size() == static_cast<std::size_t>(after.st_size)) {
            if (mode != nullptr) {
                *mode = after.st_mode;  // a chmod while it was read changed st_ctim
            }
            return text;
        }
        if (attempt == kTries) {
            fail(path, trf("changed while it was read, each of %d times; read it again once it "
                           "is saved",
                           kTries));
        }
    }
}

}  // namespace

std::string readInputFile(const std::string& path, std::size_t maxBytes) {
    return readFile(path, maxBytes, false, nullptr);
}

std::string readRegularFile(const std::string& path, std::size_t maxBytes, mode_t* mode) {
    return readFile(path, maxBytes, true, mode);
}

BetweenReads::BetweenReads(std::function<void(std::size_t)> afterRead)
    : afterRead_(std::move(afterRead)), previous_(currentHook()) {
    currentHook() = this;
}

BetweenReads::~BetweenReads() { currentHook() = previous_; }

const BetweenReads* BetweenReads::active() { return currentHook(); }

}  // namespace heatlab
