#pragma once
// A file a user asked for (a results file, a screenshot) is never left
// half-written: it is written under a temporary name in the same folder and
// renamed over the real name only when complete. Abandoned, the temporary
// file is removed.

#include <string>

namespace heatlab {

class AtomicFile {
public:
    explicit AtomicFile(std::string path);
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    // Where to write the contents.
    const std::string& temporaryPath() const { return temporary_; }
    // Renames the finished file into place; throws RuntimeError on failure.
    void commit();

private:
    std::string path_;
    std::string temporary_;
    bool committed_ = false;
};

// Writes `contents` to `path` through an AtomicFile.
void writeFileAtomically(const std::string& path, const std::string& contents);

}  // namespace heatlab
