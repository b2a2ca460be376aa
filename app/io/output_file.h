#pragma once
// The one way the program writes a file the user named: results (JSON),
// pictures and scenes all go through writeOutputFile(), so every output
// gets the same two guarantees.
//
// A regular file, or a name that does not exist yet, is never left
// half-written: the contents go to a temporary file in the same folder,
// which is renamed over the name only once it is complete. Anything else
// is written straight through and stays what it was: a FIFO (named pipe)
// keeps its reader, a terminal or another character device (/dev/stdout)
// is not replaced by a file, and a symbolic link stays a link (what it
// points to is written). Renaming over those would swap the thing itself
// for a regular file, and as root that includes nodes under /dev. A name
// for the program's own stdout or stderr (/dev/stdout, or the file stdout
// is redirected to) is written on that stream, after what it already
// holds, rather than opened again from its start.
//
// A write that fails (a full disk, the file size limit, a reader that went
// away, a missing folder) is a RuntimeError naming the path and the
// system's reason, and no temporary file is left behind: the signals some
// of those raise (SIGPIPE, SIGXFSZ) are held while writing, so they cannot
// end the program half-way. A temporary is on the clean-up list while it
// exists (cleanup_list.h): a signal that ends the program removes it, and
// its name (NAME.tmp-PID-N) lets a later run remove one that a killed
// process left (stale_temporaries.h).

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "app/io/cleanup_list.h"
#include "app/io/seekable_sink.h"

namespace heatlab {

// The disk an output goes to, as far as a writer needs to know: how many
// bytes of one file fit before it is full. A real disk says so itself
// (write() fails with ENOSPC), so the default is room for everything; the
// tests pass a disk that fills part-way through a file, at an exact byte (a
// real full disk needs a mount, and when it fills is not up to the test).
// A file written as a stream counts its room over all of its writes.
struct OutputDisk {
    std::size_t bytesThatFit = std::numeric_limits<std::size_t>::max();
};

// Writes `contents` to `path` as described above. Throws RuntimeError.
void writeOutputFile(const std::string& path, const std::string& contents,
                     const OutputDisk& disk = {});

// One file of several written as one outcome.
struct OutputContents {
    std::string path;
    std::string contents;
};

// Writes every file or, when one fails, none (the failure thrown as
// writeOutputFile's): a picture and the field of one run are one result.
// Each is written as writeOutputFile() writes it; those renamed into place
// are all written whole to their temporaries before any other is written
// or any is renamed.
void writeOutputFiles(const std::vector<OutputContents>& files, const OutputDisk& disk = {});

// Whether two names are one file (the same file, or the same name once
// links, "." and ".." are resolved): two outputs cannot share it.
bool sameOutputFile(const std::string& a, const std::string& b);

// What a command line checks up front, so a long run never ends unable to
// save: empty when `path` can be written, otherwise one line saying why
// not. A name that would be renamed into place is probed by creating and
// removing a file beside it; anything else (a FIFO, a device) is only
// checked for write permission, since opening a FIFO would wait for a
// reader. Temporaries of `path` that a killed run left are removed first.
std::string outputPathProblem(const std::string& path);

// An automatic name that overwrites nothing: `path` when no file has it,
// else the first of path_2, path_3, ... (the number before the extension)
// that none has. A name the user gave is used as given, not through this.
std::string unusedPath(const std::string& path);

// The same guarantees for a file written piece by piece over a long time
// (a video, whose container is finalised only at the end): the pieces go to
// a temporary file beside `path`, which commit() renames over the name once
// the writer has finished it; until then the user's name is untouched, and
// a stream destroyed (or abandoned) without commit() removes its
// temporary. Only a regular file or a missing name can be streamed (the
// writer seeks back into what it wrote: no FIFO, no device). `disk`
// counts its room over every write, rewrites after a seek included.
// Throws RuntimeError naming `path` and the system's reason.
class OutputStream final : public SeekableSink {
public:
    explicit OutputStream(const std::string& path, const OutputDisk& disk = {});
    ~OutputStream() override;
    OutputStream(const OutputStream&) = delete;
    OutputStream& operator=(const OutputStream&) = delete;

    void write(const void* data, std::size_t size) override;
    // lseek's: returns the new offset.
    std::int64_t seek(std::int64_t offset, int whence) override;
    // fsync and close: the file is whole under its temporary name, which
    // stays listed for removal until commit() or abandon().
    void complete() override;
    // complete() (when not yet), then rename over the user's name.
    void commit() override;
    // Closes and removes the temporary; never throws.
    void abandon() noexcept override;

    const std::string& path() const override { return path_; }
    // Where the pieces go meanwhile (a reader may open it, as the MP4
    // muxer does to move its index to the front).
    const std::string& temporaryPath() const { return temporary_; }
    // "file:" so that a name with a colon is not taken for a protocol.
    std::string readBackUrl() const override { return "file:" + temporary_; }

private:
    std::string path_;
    std::string temporary_;
    CleanupEntry listed_;  // the temporary, until renamed or removed
    int fd_ = -1;
    std::size_t room_;
};

}  // namespace heatlab
