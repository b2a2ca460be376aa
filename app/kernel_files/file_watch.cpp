#include "app/kernel_files/file_watch.h"

#include <cerrno>
#include <cmath>
#include <filesystem>

#include <poll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/kernel_files/kernel_wire.h"

namespace heatlab {

namespace {

// Every way a save reaches a name: written in place (closed after
// writing), renamed over it, made anew, removed, its attributes changed.
constexpr std::uint32_t kEvents =
    IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB;

std::int64_t nanoseconds(const timespec& t) {
    return static_cast<std::int64_t>(t.tv_sec) * 1000000000 + t.tv_nsec;
}

}  // namespace

bool FileSignature::operator==(const FileSignature& o) const {
    return exists == o.exists && device == o.device && inode == o.inode && size == o.size &&
           modifiedNs == o.modifiedNs && changedNs == o.changedNs;
}

FileSignature signatureOf(const std::string& path) {
    struct stat st {};
    FileSignature signature;
    if (::stat(path.c_str(), &st) != 0) {
        return signature;
    }
    signature.exists = true;
    signature.device = st.st_dev;
    signature.inode = st.st_ino;
    signature.size = st.st_size;
    signature.modifiedNs = nanoseconds(st.st_mtim);
    signature.changedNs = nanoseconds(st.st_ctim);
    return signature;
}

FileWatch::FileWatch() {
    inotify_ = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    wake_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
}

FileWatch::~FileWatch() {
    for (int fd : {inotify_, wake_}) {
        if (fd >= 0) {
            ::close(fd);
        }
    }
}

std::size_t FileWatch::add(const std::string& path) {
    namespace fs = std::filesystem;
    Watched file;
    file.path = path;
    const fs::path given(path);
    file.folder = given.has_parent_path() ? given.parent_path().string() : ".";
    file.name = given.filename().string();
    if (inotify_ >= 0) {
        // One watch a folder: inotify hands the same descriptor back for a
        // folder watched already.
        file.watch = ::inotify_add_watch(inotify_, file.folder.c_str(), kEvents);
    }
    files_.push_back(file);
    return files_.size() - 1;
}

void FileWatch::wake() {
    if (wake_ >= 0) {
        const std::uint64_t one = 1;
        (void)::write(wake_, &one, sizeof one);
    }
}

void FileWatch::wait(double seconds) {
    pollfd waits[2] = {{inotify_, POLLIN, 0}, {wake_, POLLIN, 0}};
    const int milliseconds = static_cast<int>(std::ceil(std::max(0.0, seconds) * 1000.0));
    const int ready = ::poll(waits, 2, milliseconds);
    if (ready <= 0) {
        return;
    }
    if ((waits[1].revents & POLLIN) != 0) {
        std::uint64_t count = 0;
        (void)::read(wake_, &count, sizeof count);
    }
    if ((waits[0].revents & POLLIN) == 0) {
        return;
    }
    alignas(inotify_event) char buffer[16 * 1024];
    const double now = monotonicSeconds();
    for (;;) {
        const ssize_t got = ::read(inotify_, buffer, sizeof buffer);
        if (got <= 0) {
            break;  // none left (EAGAIN), or interrupted: the next look takes them
        }
        for (char* at = buffer; at < buffer + got;) {
            const auto* event = reinterpret_cast<const inotify_event*>(at);
            for (Watched& file : files_) {
                // An overflowed queue lost events: every file is looked at.
                const bool all = (event->mask & IN_Q_OVERFLOW) != 0;
                if (all ||
                    (event->wd == file.watch && event->len > 0 && file.name == event->name)) {
                    file.lastEvent = now;
                }
            }
            at += sizeof(inotify_event) + event->len;
        }
    }
}

bool FileWatch::stirred(std::size_t index, const FileSignature& seen) const {
    const Watched& file = files_[index];
    return file.lastEvent > 0.0 || signatureOf(file.path) != seen;
}

bool FileWatch::settled(std::size_t index, const FileSignature& seen) const {
    return stirred(index, seen) && monotonicSeconds() - files_[index].lastEvent >= kQuietSeconds;
}

void FileWatch::clear(std::size_t index) { files_[index].lastEvent = 0.0; }

}  // namespace heatlab
