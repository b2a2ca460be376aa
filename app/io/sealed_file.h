#pragma once
// Bytes handed to a library that opens only a file by its name (the TLS
// certificate chain libwebsockets loads): a memory file of this process
// (memfd_create) sealed against writing, growing and shrinking, named by
// its /proc/self/fd/N. What the library reads there is exactly what was
// read and checked, whatever became of the file it came from since (a
// FIFO swapped in for it would hold the library's open forever), and no
// other program can change it.

#include <string>

namespace heatlab {

class SealedFile {
public:
    // `name` is what the memory file is called in /proc/self/fd's listing.
    // Throws RuntimeError when the system gives no sealed memory file, or
    // when /proc/self/fd cannot name it (no /proc mounted).
    SealedFile(const char* name, const std::string& bytes);
    ~SealedFile();
    SealedFile(const SealedFile&) = delete;
    SealedFile& operator=(const SealedFile&) = delete;

    // "/proc/self/fd/N": opened, it reads the bytes from their start.
    const std::string& path() const { return path_; }

private:
    int fd_ = -1;
    std::string path_;
};

}  // namespace heatlab
