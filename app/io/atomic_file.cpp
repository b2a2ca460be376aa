#include "app/io/atomic_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

#include <unistd.h>

#include "kernels/errors.h"

namespace heatlab {

AtomicFile::AtomicFile(std::string path)
    : path_(std::move(path)), temporary_(path_ + ".tmp-" + std::to_string(::getpid())) {}

AtomicFile::~AtomicFile() {
    if (!committed_) {
        std::remove(temporary_.c_str());  // may not exist; nothing to report
    }
}

void AtomicFile::commit() {
    if (std::rename(temporary_.c_str(), path_.c_str()) != 0) {
        throw RuntimeError("cannot rename " + temporary_ + " to " + path_ + ": " +
                           std::strerror(errno));
    }
    committed_ = true;
}

void writeFileAtomically(const std::string& path, const std::string& contents) {
    AtomicFile file(path);
    {
        std::ofstream out(file.temporaryPath(), std::ios::binary | std::ios::trunc);
        out << contents;
        out.flush();
        if (!out) {
            throw RuntimeError("cannot write " + file.temporaryPath() + ": " +
                               std::strerror(errno));
        }
    }
    file.commit();
}

}  // namespace heatlab
