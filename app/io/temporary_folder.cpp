#include "app/io/temporary_folder.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <dirent.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/i18n/translation.h"
#include "app/io/stale_temporaries.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

constexpr char kLetters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
constexpr std::size_t kRandomLetters = 6;

// kRandomLetters letters of kLetters from the operating system's random
// bits.
std::string randomLetters() {
    unsigned char bytes[kRandomLetters] = {};
    std::size_t got = 0;
    while (got < sizeof bytes) {
        const ssize_t n = ::getrandom(bytes + got, sizeof bytes - got, 0);
        if (n < 0 && errno != EINTR) {
            throw RuntimeError(trf("no random bits for a folder's name: %s", std::strerror(errno)));
        }
        got += n > 0 ? static_cast<std::size_t>(n) : 0;
    }
    std::string letters;
    for (const unsigned char byte : bytes) {
        letters += kLetters[byte % (sizeof kLetters - 1)];
    }
    return letters;
}

// Removes everything directly in `folder`, then the folder.
void removeFolder(const std::string& folder) {
    if (DIR* listing = ::opendir(folder.c_str())) {
        while (const dirent* entry = ::readdir(listing)) {
            const std::string name = entry->d_name;
            if (name != "." && name != "..") {
                ::unlink((folder + "/" + name).c_str());
            }
        }
        ::closedir(listing);
    }
    ::rmdir(folder.c_str());
}

// The process id in `name` when it is PREFIX-PID-XXXXXX, else -1.
long pidOfFolder(const std::string& name, const std::string& prefix) {
    const std::string start = prefix + "-";
    if (name.compare(0, start.size(), start) != 0 ||
        name.size() < start.size() + kRandomLetters + 2) {
        return -1;
    }
    const std::size_t dash = name.size() - kRandomLetters - 1;
    if (name[dash] != '-' || name.find_first_not_of(kLetters, dash + 1) != std::string::npos) {
        return -1;
    }
    const std::string pid = name.substr(start.size(), dash - start.size());
    if (pid.empty() || pid.size() > 10 ||
        pid.find_first_not_of("0123456789") != std::string::npos) {
        return -1;
    }
    return std::strtol(pid.c_str(), nullptr, 10);
}

// The folders of `prefix` in `place` that a killed process left (this
// user's only).
void removeStaleFolders(const std::string& place, const std::string& prefix) {
    DIR* listing = ::opendir(place.c_str());
    if (listing == nullptr) {
        return;
    }
    std::vector<std::string> stale;
    while (const dirent* entry = ::readdir(listing)) {
        const std::string name = entry->d_name;
        const long pid = pidOfFolder(name, prefix);
        struct stat info = {};
        const std::string path = place + "/" + name;
        if (pid > 0 && processGone(pid) && ::lstat(path.c_str(), &info) == 0 &&
            S_ISDIR(info.st_mode) && info.st_uid == ::geteuid()) {
            stale.push_back(path);
        }
    }
    ::closedir(listing);
    for (const std::string& folder : stale) {
        removeFolder(folder);
    }
}

}  // namespace

std::string temporaryFolderPlace() {
    const char* place = std::getenv("TMPDIR");
    return place != nullptr && *place != '\0' ? place : "/tmp";
}

std::string makePrivateFolder(const std::string& prefix, CleanupEntry* entry) {
    const std::string start =
        temporaryFolderPlace() + "/" + prefix + "-" + std::to_string(::getpid()) + "-";
    for (int attempt = 0; attempt < 100; ++attempt) {
        const std::string path = start + randomLetters();
        CleanupEntry listed(path, Leftover::PrivateFolder);
        if (::mkdir(path.c_str(), 0700) == 0) {
            *entry = std::move(listed);
            return path;
        }
        if (errno != EEXIST) {
            throw RuntimeError(trf("cannot make a folder in %s: %s", temporaryFolderPlace().c_str(),
                                   std::strerror(errno)));
        }
    }
    throw RuntimeError(trf("cannot make a folder in %s: every name tried was taken",
                           temporaryFolderPlace().c_str()));
}

void removePrivateFolder(const std::string& folder) { removeFolder(folder); }

void removeStaleTemporaryFolders(const std::string& prefix) {
    removeStaleFolders(temporaryFolderPlace(), prefix);
}

}  // namespace heatlab
