#pragma once
// What a muxer writes a container into (the MP4 of a video): bytes written,
// sought back over (the sizes and the index written last), read back once
// (the index moved to the front), then made whole and handed on. On disk an
// OutputStream (output_file.h: a temporary renamed into place); in memory a
// MemorySink (memory_sink.h: the bytes handed to a served lecture's
// browser). One writer owns it; nothing of it is shared between threads
// while it is written.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

namespace heatlab {

class SeekableSink {
public:
    virtual ~SeekableSink() = default;

    // Throws RuntimeError naming path() (a full disk, the memory's cap).
    virtual void write(const void* data, std::size_t size) = 0;
    // lseek's: returns the new offset. Throws RuntimeError.
    virtual std::int64_t seek(std::int64_t offset, int whence) = 0;
    // Whole: nothing more is written. Throws RuntimeError.
    virtual void complete() = 0;
    // complete() (when not yet), then into place or handed on. Throws
    // RuntimeError.
    virtual void commit() = 0;
    // Drops what was written; never throws.
    virtual void abandon() noexcept = 0;
    // The name said in messages (a file's path, a download's name).
    virtual const std::string& path() const = 0;

    // How a reader opens what was written: a URL FFmpeg opens itself (a
    // file's temporary), or empty when it is read through read() instead.
    virtual std::string readBackUrl() const { return {}; }
    // Up to `size` bytes from `offset` of what was written (the fewer at
    // its end). Only a sink whose readBackUrl() is empty reads here.
    virtual std::size_t read(std::int64_t offset, void* data, std::size_t size) const {
        (void)offset;
        (void)data;
        (void)size;
        return 0;
    }
    // The bytes that may still be written past what it holds (memory's
    // cap; a disk says it is full by failing instead).
    virtual std::size_t room() const { return SIZE_MAX; }
};

}  // namespace heatlab
