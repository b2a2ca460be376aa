#pragma once
// Whether the files a lecture compiles were saved: an editor that writes
// the file in place, and one that writes a new file and renames it over
// the old (vim, VS Code, gedit, Emacs by default), both seen. The files'
// folders are watched with inotify, so a rename over a name is seen as
// soon as it happens; each file's signature (inode, size, modification
// and change times) is compared at every look as well, so a change that
// inotify did not report (a folder it could not watch, its queue
// overflowed) is seen at the next look. One thread uses a FileWatch;
// wake() alone may be called from another.

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

namespace heatlab {

// What stat() says of a file that a save changes.
struct FileSignature {
    bool exists = false;
    dev_t device = 0;
    ino_t inode = 0;
    off_t size = 0;
    std::int64_t modifiedNs = 0;
    std::int64_t changedNs = 0;

    bool operator==(const FileSignature& o) const;
    bool operator!=(const FileSignature& o) const { return !(*this == o); }
};

FileSignature signatureOf(const std::string& path);

// How long a file must be left alone after an event before it is read: an
// editor writing in several parts is read once, whole.
constexpr double kQuietSeconds = 0.05;

class FileWatch {
public:
    FileWatch();
    ~FileWatch();
    FileWatch(const FileWatch&) = delete;
    FileWatch& operator=(const FileWatch&) = delete;

    // Watches `path` from now; returns its index. Its signature now is the
    // one a later change is told against.
    std::size_t add(const std::string& path);
    std::size_t size() const { return files_.size(); }
    const std::string& path(std::size_t index) const { return files_[index].path; }

    // Waits until an event on a watched file, wake(), or `seconds`; then
    // takes every event queued.
    void wait(double seconds);
    // Takes the events queued, waiting for none.
    void look() { wait(0.0); }
    // Makes a wait() return now. Thread-safe.
    void wake();

    // Whether `index` was stirred (an event on its name) or its signature
    // differs from `seen`, and has been quiet for kQuietSeconds: a save
    // that is finished.
    bool settled(std::size_t index, const FileSignature& seen) const;
    // Whether it was stirred or differs from `seen` at all: a save begun
    // since (what a compile of the version before is abandoned for).
    bool stirred(std::size_t index, const FileSignature& seen) const;
    // Forgets the events seen so far on `index` (its content is being read
    // now).
    void clear(std::size_t index);
    // When the last event on `index` came (monotonic seconds), 0 if none
    // since clear().
    double lastEvent(std::size_t index) const { return files_[index].lastEvent; }

    // Whether inotify watches the files (else only the signatures, at
    // each look).
    bool notified() const { return inotify_ >= 0; }

private:
    struct Watched {
        std::string path;
        std::string folder;
        std::string name;
        int watch = -1;
        double lastEvent = 0.0;
    };
    std::vector<Watched> files_;
    int inotify_ = -1;
    int wake_ = -1;  // an eventfd
};

}  // namespace heatlab
