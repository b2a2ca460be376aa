#include "app/io/output_file.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <limits>

#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/i18n/message_text.h"
#include "app/i18n/translation.h"
#include "app/io/cleanup_list.h"
#include "app/io/stale_temporaries.h"
#include "app/io/stop_signal.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

// lstat, not stat: a symbolic link must be written through, or the rename
// would replace the link (/dev/stdout is one) with a regular file.
bool renamedIntoPlace(const std::string& path, struct stat* existing, bool* exists) {
    *exists = ::lstat(path.c_str(), existing) == 0;
    if (!*exists) {
        // Missing (or unreachable: creating the temporary then fails and
        // says why).
        return true;
    }
    return S_ISREG(existing->st_mode);
}

[[noreturn]] void fail(const std::string& path, int error) {
    throw RuntimeError(trf("cannot write %s: %s", path.c_str(), errorText(error).c_str()));
}

// Why a file could not be created beside `path`, from its errno. No such
// file or folder means the folder is gone (removed under a running window,
// a stick pulled out), or is there but takes no new files (a system folder
// such as /proc): the message says which, as the bare reason would not.
std::string creatingCause(const std::string& path, int error) {
    const std::string cause = errorText(error);
    if (error != ENOENT && error != ENOTDIR) {
        return cause;
    }
    const std::size_t slash = path.rfind('/');
    std::string folder = slash == std::string::npos ? "." : path.substr(0, slash);
    if (folder.empty()) {
        folder = "/";
    }
    struct stat dir = {};
    if (::stat(folder.c_str(), &dir) == 0 && S_ISDIR(dir.st_mode)) {
        return trf("%s (the folder %s is there but takes no new files)", cause.c_str(),
                   folder.c_str());
    }
    return trf("%s (the folder %s is not there)", cause.c_str(), folder.c_str());
}

[[noreturn]] void failCreating(const std::string& path, int error) {
    throw RuntimeError(
        trf("cannot write %s: %s", path.c_str(), creatingCause(path, error).c_str()));
}

// While one lives, a write that the system refuses with a signal fails
// with an errno instead, so the failure can be reported like any other and
// no temporary file is left behind: into a pipe whose reader has gone,
// EPIPE instead of SIGPIPE; past the file size limit (ulimit -f), EFBIG
// instead of SIGXFSZ, whose default action ends the program at once. The
// signals are blocked for this thread only and those raised meanwhile are
// discarded, so the rest of the program keeps the dispositions it had.
class WriteSignalsHeld {
public:
    WriteSignalsHeld() {
        sigemptyset(&held_);
        sigset_t pending;
        sigpending(&pending);
        for (int signal : {SIGPIPE, SIGXFSZ}) {
            // One already pending was not raised by these writes: it stays.
            if (sigismember(&pending, signal) != 1) {
                sigaddset(&held_, signal);
            }
        }
        pthread_sigmask(SIG_BLOCK, &held_, &previous_);
    }
    ~WriteSignalsHeld() {
        const timespec now{0, 0};
        while (sigtimedwait(&held_, nullptr, &now) > 0) {
        }
        pthread_sigmask(SIG_SETMASK, &previous_, nullptr);
    }
    WriteSignalsHeld(const WriteSignalsHeld&) = delete;
    WriteSignalsHeld& operator=(const WriteSignalsHeld&) = delete;

private:
    sigset_t held_;
    sigset_t previous_;
};

// Returns 0 or the errno of the write that failed. A pipe or a device may
// take the contents in several pieces. A disk with less room takes what fits
// and then fails as a full one does.
int writeAll(int fd, const std::string& contents, const OutputDisk& disk) {
    const char* next = contents.data();
    std::size_t left = contents.size();
    std::size_t room = disk.bytesThatFit;
    while (left > 0) {
        if (room == 0) {
            return ENOSPC;
        }
        const ssize_t written = ::write(fd, next, std::min(left, room));
        if (written < 0) {
            if (errno == EINTR) {
                continue;
            }
            return errno;
        }
        next += written;
        left -= static_cast<std::size_t>(written);
        room -= std::min(room, static_cast<std::size_t>(written));
    }
    return 0;
}

// Linux closes the descriptor even when close() reports EINTR, so only
// other errors (a delayed write failing) count.
int closeError(int fd) { return ::close(fd) != 0 && errno != EINTR ? errno : 0; }

void writeThrough(const std::string& path, const std::string& contents, const OutputDisk& disk) {
    const WriteSignalsHeld held;
    int fd = -1;
    do {
        // Opening a FIFO waits here for its reader.
        fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) {
        fail(path, errno);
    }
    const int writeError = writeAll(fd, contents, disk);
    const int closed = closeError(fd);
    if (writeError != 0 || closed != 0) {
        fail(path, writeError != 0 ? writeError : closed);
    }
}

// A file written whole beside its name, listed for removal until it is
// renamed into place or removed.
struct Temporary {
    std::string path;
    CleanupEntry listed;
};

// Creates a new temporary file beside `path` (its name listed before it
// is made, so a signal at any moment removes it) and returns its
// descriptor; throws when none can be made.
int createTemporary(const std::string& path, Temporary* temporary) {
    for (int attempt = 0;; ++attempt) {
        temporary->path = temporaryNameOf(path, attempt);
        temporary->listed = CleanupEntry(temporary->path, Leftover::File);
        const int fd =
            ::open(temporary->path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0) {
            return fd;
        }
        const int error = errno;
        temporary->listed.release();  // not ours: another's, or none made
        if (!((error == EEXIST || error == EINTR) && attempt < 100)) {
            failCreating(path, error);
        }
    }
}

// Writes `contents` whole to a new temporary file beside `path`; a
// failure removes it and throws.
Temporary writeTemporary(const std::string& path, const std::string& contents, bool exists,
                         const struct stat& existing, const OutputDisk& disk) {
    Temporary temporary;
    const int fd = createTemporary(path, &temporary);
    int error = 0;
    if (exists && ::fchmod(fd, existing.st_mode & 07777) != 0) {
        error = errno;  // a replaced file keeps its permissions
    }
    if (error == 0) {
        error = writeAll(fd, contents, disk);
    }
    // Some file systems report a full disk only when the data reaches it.
    if (error == 0 && ::fsync(fd) != 0 && errno != EINVAL) {
        error = errno;
    }
    const int closed = closeError(fd);
    if (error == 0) {
        error = closed;
    }
    if (error != 0) {
        ::unlink(temporary.path.c_str());
        fail(path, error);
    }
    return temporary;
}

void renameIntoPlace(Temporary& temporary, const std::string& path) {
    if (std::rename(temporary.path.c_str(), path.c_str()) != 0) {
        const int error = errno;
        ::unlink(temporary.path.c_str());
        fail(path, error);
    }
    temporary.listed.release();
}

void replaceByRename(const std::string& path, const std::string& contents, bool exists,
                     const struct stat& existing, const OutputDisk& disk) {
    const WriteSignalsHeld held;
    Temporary temporary = writeTemporary(path, contents, exists, existing, disk);
    renameIntoPlace(temporary, path);
}

// The descriptor among stdout and stderr that `path` names (by
// /dev/stdout, /proc/self/fd/1 or its own name), or -1.
int ownStream(const std::string& path) {
    struct stat target = {};
    if (::stat(path.c_str(), &target) != 0) {
        return -1;
    }
    for (int fd : {STDOUT_FILENO, STDERR_FILENO}) {
        struct stat stream = {};
        if (::fstat(fd, &stream) == 0 && stream.st_dev == target.st_dev &&
            stream.st_ino == target.st_ino) {
            return fd;
        }
    }
    return -1;
}

// Onto the program's own stream, after what it already printed; opening
// the name again would start a second file offset at 0 and, for a
// redirected file, truncate what was printed.
void writeToStream(int fd, const std::string& path, const std::string& contents,
                   const OutputDisk& disk) {
    const WriteSignalsHeld held;
    const int error = writeAll(fd, contents, disk);
    if (error != 0) {
        fail(path, error);
    }
}

// How one output reaches its name: onto the program's own stream, through
// a temporary renamed into place, or written straight through.
struct OutputRoute {
    int stream = -1;
    bool renamed = false;
    bool exists = false;
    struct stat existing = {};
};

OutputRoute routeOf(const std::string& path) {
    OutputRoute route;
    route.stream = ownStream(path);
    if (route.stream < 0) {
        route.renamed = renamedIntoPlace(path, &route.existing, &route.exists);
    }
    return route;
}

void writeUnrenamed(const OutputRoute& route, const std::string& path, const std::string& contents,
                    const OutputDisk& disk) {
    if (route.stream >= 0) {
        writeToStream(route.stream, path, contents, disk);
    } else {
        writeThrough(path, contents, disk);
    }
}

}  // namespace

void writeOutputFile(const std::string& path, const std::string& contents, const OutputDisk& disk) {
    const OutputRoute route = routeOf(path);
    if (route.renamed) {
        replaceByRename(path, contents, route.exists, route.existing, disk);
    } else {
        writeUnrenamed(route, path, contents, disk);
    }
}

void writeOutputFiles(const std::vector<OutputContents>& files, const OutputDisk& disk) {
    const WriteSignalsHeld held;
    std::vector<OutputRoute> routes;
    for (const OutputContents& file : files) {
        routes.push_back(routeOf(file.path));
    }
    // Every file that is renamed into place is written whole first; then
    // those that cannot be (a device, a FIFO, the program's stream), whose
    // failure is the last that can still leave nothing; then the renames.
    std::vector<Temporary> temporaries(files.size());
    const auto removeTemporaries = [&temporaries] {
        for (Temporary& temporary : temporaries) {
            if (temporary.listed.listed()) {
                ::unlink(temporary.path.c_str());
            }
        }
    };
    try {
        for (std::size_t i = 0; i < files.size(); ++i) {
            if (routes[i].renamed) {
                temporaries[i] = writeTemporary(files[i].path, files[i].contents, routes[i].exists,
                                                routes[i].existing, disk);
            }
        }
        for (std::size_t i = 0; i < files.size(); ++i) {
            if (!routes[i].renamed) {
                writeUnrenamed(routes[i], files[i].path, files[i].contents, disk);
            }
        }
        for (std::size_t i = 0; i < files.size(); ++i) {
            if (routes[i].renamed) {
                renameIntoPlace(temporaries[i], files[i].path);
            }
        }
    } catch (...) {
        removeTemporaries();
        throw;
    }
}

bool sameOutputFile(const std::string& a, const std::string& b) {
    struct stat sa = {};
    struct stat sb = {};
    if (::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0) {
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    }
    // Not both there yet: the same name once links and "." and ".." are
    // resolved.
    std::error_code error;
    const std::filesystem::path pa = std::filesystem::weakly_canonical(a, error);
    const std::filesystem::path pb = std::filesystem::weakly_canonical(b, error);
    return !error && pa == pb;
}

std::string outputPathProblem(const std::string& path) {
    if (path.empty()) {
        return tr("an empty name is not a file name");
    }
    struct stat target = {};
    if (::stat(path.c_str(), &target) == 0 && S_ISDIR(target.st_mode)) {
        return trf("'%s' is a folder, not a file name", path.c_str());
    }
    struct stat existing = {};
    bool exists = false;
    if (!renamedIntoPlace(path, &existing, &exists)) {
        if (::access(path.c_str(), W_OK) != 0) {
            return trf("cannot write '%s': %s", path.c_str(), errorText(errno).c_str());
        }
        return {};
    }
    // What a killed run left beside the name goes before the name is
    // used again.
    removeStaleTemporaries(path);
    const std::string probe = probeNameOf(path);
    const CleanupEntry listed(probe, Leftover::File);
    const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0) {
        return trf("cannot write '%s': %s", path.c_str(), creatingCause(path, errno).c_str());
    }
    ::close(fd);
    ::unlink(probe.c_str());
    return {};
}

OutputStream::OutputStream(const std::string& path, const OutputDisk& disk)
    : path_(path), room_(disk.bytesThatFit) {
    struct stat existing = {};
    bool exists = false;
    if (!renamedIntoPlace(path, &existing, &exists)) {
        throw RuntimeError(
            trf("cannot write %s: a video is written to a regular file (not a pipe, "
                "a device or a link)",
                path.c_str()));
    }
    Temporary temporary;
    fd_ = createTemporary(path, &temporary);
    temporary_ = temporary.path;
    listed_ = std::move(temporary.listed);
    if (exists && ::fchmod(fd_, existing.st_mode & 07777) != 0) {
        const int error = errno;
        abandon();
        fail(path, error);
    }
}

OutputStream::~OutputStream() { abandon(); }

void OutputStream::write(const void* data, std::size_t size) {
    if (fd_ < 0) {
        throw RuntimeError(trf("cannot write %s: the stream is closed", path_.c_str()));
    }
    const WriteSignalsHeld held;
    const std::string piece(static_cast<const char*>(data), size);
    const int error = writeAll(fd_, piece, OutputDisk{room_});
    room_ -= std::min(room_, size);
    if (error != 0) {
        fail(path_, error);
    }
}

std::int64_t OutputStream::seek(std::int64_t offset, int whence) {
    const off_t at = ::lseek(fd_, static_cast<off_t>(offset), whence);
    if (at < 0) {
        fail(path_, errno);
    }
    return at;
}

void OutputStream::complete() {
    if (fd_ < 0) {
        if (temporary_.empty()) {
            throw RuntimeError(trf("cannot write %s: the stream is closed", path_.c_str()));
        }
        return;  // completed before
    }
    int error = ::fsync(fd_) != 0 && errno != EINVAL ? errno : 0;
    const int closed = closeError(fd_);
    fd_ = -1;
    if (error == 0) {
        error = closed;
    }
    if (error != 0) {
        ::unlink(temporary_.c_str());
        temporary_.clear();
        listed_.release();
        fail(path_, error);
    }
}

void OutputStream::commit() {
    complete();
    if (std::rename(temporary_.c_str(), path_.c_str()) != 0) {
        // The folder removed meanwhile: the rename is the first to notice.
        const int renameError = errno;
        ::unlink(temporary_.c_str());
        temporary_.clear();
        listed_.release();
        failCreating(path_, renameError);
    }
    temporary_.clear();
    listed_.release();
}

void OutputStream::abandon() noexcept {
    if (fd_ >= 0) {
        ::close(fd_);
        fd_ = -1;
    }
    if (!temporary_.empty()) {
        StopSignal::testPoint("clean-up");
        ::unlink(temporary_.c_str());
        temporary_.clear();
        listed_.release();
    }
}

std::string unusedPath(const std::string& path) {
    std::error_code error;
    if (!std::filesystem::exists(std::filesystem::symlink_status(path, error))) {
        return path;
    }
    const std::filesystem::path given(path);
    const std::string extension = given.extension().string();
    const std::string stem = path.substr(0, path.size() - extension.size());
    for (int n = 2;; ++n) {
        const std::string next = stem + "_" + std::to_string(n) + extension;
        if (!std::filesystem::exists(std::filesystem::symlink_status(next, error))) {
            return next;
        }
    }
}

}  // namespace heatlab
