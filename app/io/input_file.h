#pragma once
// Reading a whole file someone named (a scene a student sent), which another
// program may be writing at that very moment: an editor saving over it, a
// copy still arriving. The text returned is one version of the file, never
// the start of one and the end of another, and never more than a stated
// size: a device or a FIFO that never ends is refused, not read until
// memory runs out.

#include <sys/types.h>

#include <cstddef>
#include <functional>
#include <string>

namespace heatlab {

// The whole of `path`, at most `maxBytes` bytes. A regular file whose size
// or modification time changed while it was read (as fstat sees them before
// and after) is read again from its start, three times at most. Throws
// RuntimeError, one line beginning with the path: it cannot be opened or
// read, it is a folder, it holds more than `maxBytes`, or it changed every
// time it was read.
std::string readInputFile(const std::string& path, std::size_t maxBytes);

// As readInputFile(), for a file a stranger's file names (a cue list's
// scene): only a regular file is read. It is opened without waiting, so a
// FIFO is refused instead of waiting for a writer that never comes, and a
// device is refused instead of read. Where `mode` is given it gets the
// file's mode (type and permissions) as it was when the text was read.
std::string readRegularFile(const std::string& path, std::size_t maxBytes, mode_t* mode = nullptr);

// A test's hook into readInputFile(): while one lives, `afterRead` runs
// after every read() that returned data, given the bytes read so far, so a
// test can truncate or rewrite the file at exactly that moment, as another
// program could. Process-wide: make one on the thread that reads.
class BetweenReads {
public:
    explicit BetweenReads(std::function<void(std::size_t)> afterRead);
    ~BetweenReads();
    BetweenReads(const BetweenReads&) = delete;
    BetweenReads& operator=(const BetweenReads&) = delete;

    // The one alive, or nullptr.
    static const BetweenReads* active();
    void afterRead(std::size_t bytesSoFar) const { afterRead_(bytesSoFar); }

private:
    std::function<void(std::size_t)> afterRead_;
    const BetweenReads* previous_;
};

}  // namespace heatlab
