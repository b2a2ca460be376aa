#include "app/io/stale_temporaries.h"

#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdlib>

#include <dirent.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

namespace heatlab {

namespace {

// A run of digits of a length a pid or a try's number takes.
bool allDigits(const std::string& text) {
    if (text.empty() || text.size() > 10) {
        return false;
    }
    for (char c : text) {
        if (!std::isdigit(static_cast<unsigned char>(c))) {
            return false;
        }
    }
    return true;
}

// A process id written in `text`, or -1.
long pidIn(const std::string& text) {
    if (!allDigits(text)) {
        return -1;
    }
    const long value = std::strtol(text.c_str(), nullptr, 10);
    return value > 0 && value <= INT_MAX ? value : -1;
}

// The folder `path` is in ("." for a bare name) and its own name.
void splitPath(const std::string& path, std::string* folder, std::string* name) {
    const std::size_t slash = path.rfind('/');
    if (slash == std::string::npos) {
        *folder = ".";
        *name = path;
        return;
    }
    *folder = slash == 0 ? "/" : path.substr(0, slash);
    *name = path.substr(slash + 1);
}

template <typename Ours>
void removeStale(const std::string& folder, Ours ours) {
    DIR* listing = ::opendir(folder.c_str());
    if (listing == nullptr) {
        return;
    }
    const uid_t me = ::geteuid();
    while (const dirent* entry = ::readdir(listing)) {
        std::string stem;
        const std::string name = entry->d_name;
        const long pid = staleCandidatePid(name, &stem);
        if (pid < 0 || !ours(stem) || !processGone(pid)) {
            continue;
        }
        const std::string path = folder + "/" + name;
        struct stat info = {};
        if (::lstat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode) && info.st_uid == me) {
            ::unlink(path.c_str());
        }
    }
    ::closedir(listing);
}

}  // namespace

std::string temporaryNameOf(const std::string& path, int attempt) {
    return path + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(attempt);
}

std::string probeNameOf(const std::string& path) {
    return path + ".probe-" + std::to_string(::getpid());
}

bool processGone(long pid) {
    return pid > 0 && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
}

long staleCandidatePid(const std::string& name, std::string* stem) {
    const std::size_t probe = name.rfind(".probe-");
    if (probe != std::string::npos && probe > 0) {
        const long pid = pidIn(name.substr(probe + 7));
        if (pid > 0) {
            *stem = name.substr(0, probe);
            return pid;
        }
    }
    const std::size_t tmp = name.rfind(".tmp-");
    const std::size_t dash = name.rfind('-');
    if (tmp == std::string::npos || tmp == 0 || dash <= tmp + 5) {
        return -1;
    }
    const long pid = pidIn(name.substr(tmp + 5, dash - tmp - 5));
    if (pid < 0 || !allDigits(name.substr(dash + 1))) {
        return -1;
    }
    *stem = name.substr(0, tmp);
    return pid;
}

void removeStaleTemporaries(const std::string& path) {
    std::string folder;
    std::string name;
    splitPath(path, &folder, &name);
    if (name.empty()) {
        return;
    }
    removeStale(folder, [&name](const std::string& stem) { return stem == name; });
}

void removeStaleTemporariesIn(const std::string& folder, bool (*ours)(const std::string& name)) {
    removeStale(folder, ours);
}

}  // namespace heatlab
