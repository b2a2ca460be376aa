#include "app/io/sealed_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>

#include "app/i18n/message_text.h"
#include "app/i18n/translation.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

[[noreturn]] void fail(int fd, int error) {
    if (fd >= 0) {
        ::close(fd);
    }
    throw RuntimeError(trf("no sealed memory file: %s", errorText(error).c_str()));
}

}  // namespace

SealedFile::SealedFile(const char* name, const std::string& bytes) {
    const int fd = ::memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) {
        fail(fd, errno);
    }
    std::size_t written = 0;
    while (written < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            fail(fd, errno);
        }
        written += static_cast<std::size_t>(n);
    }
    // Sealed whole: neither this process nor one that opens it through
    // /proc can change it, nor unseal it.
    if (::fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL) != 0) {
        fail(fd, errno);
    }
    fd_ = fd;
    path_ = "/proc/self/fd/" + std::to_string(fd);
    // Each open of the name starts at the file's start; one that fails here
    // would fail in the library, in its words.
    const int check = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
    if (check < 0) {
        const int error = errno;
        ::close(fd_);
        throw RuntimeError(trf("%s cannot be opened (%s): is /proc mounted?", path_.c_str(),
                               errorText(error).c_str()));
    }
    ::close(check);
}

SealedFile::~SealedFile() { ::close(fd_); }

}  // namespace heatlab
