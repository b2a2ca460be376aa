#include "app/io/record_folder.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <sys/stat.h>
#include <unistd.h>

#include "app/i18n/message_text.h"
#include "app/i18n/translation.h"
#include "app/io/output_file.h"
#include "app/io/stale_temporaries.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

bool isPicture(const std::string& name) {
    return name.size() > 4 && name.compare(name.size() - 4, 4, ".png") == 0;
}

// Where the link `path` points, as written in it.
std::string linkTarget(const std::string& path) {
    std::vector<char> target(4096);
    const ssize_t length = ::readlink(path.c_str(), target.data(), target.size());
    return length > 0 ? std::string(target.data(), static_cast<std::size_t>(length)) : "";
}

// The folder that holds `folder` ("." for a bare name).
std::string parentOf(const std::string& folder) {
    std::string trimmedSlashes = folder;
    while (trimmedSlashes.size() > 1 && trimmedSlashes.back() == '/') {
        trimmedSlashes.pop_back();
    }
    const std::size_t slash = trimmedSlashes.rfind('/');
    if (slash == std::string::npos) {
        return ".";
    }
    return slash == 0 ? "/" : trimmedSlashes.substr(0, slash);
}

}  // namespace

std::string recordFolderProblem(const std::string& folder) {
    struct stat there = {};
    if (::stat(folder.c_str(), &there) == 0) {
        if (!S_ISDIR(there.st_mode)) {
            return trf("'%s' is not a folder", folder.c_str());
        }
        return outputPathProblem(folder + "/heatlab_record_probe.png");
    }
    struct stat link = {};
    if (::lstat(folder.c_str(), &link) == 0) {
        // A link to nothing: mkdir() would refuse it as existing.
        return trf("'%s' is a link to '%s', which is not there", folder.c_str(),
                   linkTarget(folder).c_str());
    }
    const std::string parent = parentOf(folder);
    struct stat holder = {};
    if (::stat(parent.c_str(), &holder) != 0 || !S_ISDIR(holder.st_mode)) {
        return trf("the folder '%s' of '%s' does not exist", parent.c_str(), folder.c_str());
    }
    if (::access(parent.c_str(), W_OK | X_OK) != 0) {
        return trf("cannot make the folder '%s': %s", folder.c_str(), errorText(errno).c_str());
    }
    // Made and removed again: a folder that takes no new folders (/proc,
    // even for root) or a name too long for the file system is found
    // here, not after the run has started.
    const CleanupEntry listed(folder, Leftover::Folder);
    if (::mkdir(folder.c_str(), 0777) != 0) {
        return errno == ENOENT
                   ? trf("cannot make the folder '%s': the folder '%s' is there but takes no new "
                         "folders",
                         folder.c_str(), parent.c_str())
                   : trf("cannot make the folder '%s': %s", folder.c_str(), std::strerror(errno));
    }
    ::rmdir(folder.c_str());
    return {};
}

RecordFolder::RecordFolder(const std::string& folder) : folder_(folder) {
    struct stat there = {};
    if (::stat(folder.c_str(), &there) != 0) {
        // Listed before it is made, so a signal at any moment removes it.
        CleanupEntry listed(folder, Leftover::Folder);
        if (::mkdir(folder.c_str(), 0777) == 0) {
            made_ = true;
            folderListed_ = std::move(listed);
        } else if (errno != EEXIST) {
            throw RuntimeError(trf("--record: cannot make the folder '%s': %s", folder.c_str(),
                                   errorText(errno).c_str()));
        }
    }
    // What a killed run left among its pictures.
    removeStaleTemporariesIn(folder, isPicture);
}

RecordFolder::~RecordFolder() {
    if (kept_) {
        return;
    }
    for (const std::string& path : written_) {
        ::unlink(path.c_str());
        if (&path == &written_.front()) {
            StopSignal::testPoint("clean-up");
        }
    }
    if (made_) {
        if (written_.empty()) {
            StopSignal::testPoint("clean-up");
        }
        ::rmdir(folder_.c_str());  // only when empty: never what others put there
    }
}

std::string RecordFolder::write(const std::string& name, const RgbImage& image, const PngText& text,
                                long long step) {
    const std::string path = folder_ + "/" + name;
    list(path);
    writePng(path, image, text);
    adopt(path);
    refuseIfStopped(step);
    return path;
}

std::size_t RecordFolder::list(const std::string& path) {
    const auto there = std::find(written_.begin(), written_.end(), path);
    if (there != written_.end()) {
        return static_cast<std::size_t>(there - written_.begin());
    }
    listed_.emplace_back(path, Leftover::File);
    written_.push_back(path);
    finished_.push_back(false);
    return written_.size() - 1;
}

void RecordFolder::adopt(const std::string& path) {
    const std::size_t index = list(path);
    if (!finished_[index]) {
        finished_[index] = true;
        StopSignal::testPoint(++pictures_);
    }
}

void RecordFolder::keep() {
    kept_ = true;
    listed_.clear();
    folderListed_.release();
}

void RecordFolder::refuseIfStopped(long long step) {
    if (!StopSignal::requested()) {
        return;
    }
    const std::size_t count = static_cast<std::size_t>(pictures_);
    throw RuntimeError(
        count == 1 ? trf("stopped by %s at step %lld: the 1 picture recorded into %s was removed",
                         StopSignal::name(), step, folder_.c_str())
                   : trf("stopped by %s at step %lld: the %zu pictures recorded into %s were "
                         "removed",
                         StopSignal::name(), step, count, folder_.c_str()));
}

}  // namespace heatlab
