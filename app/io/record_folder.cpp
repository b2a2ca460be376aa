#include "app/io/record_folder.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <sys/stat.h>
#include <unistd.h>

#include "app/io/output_file.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

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
            return "'" + folder + "' is not a folder";
        }
        return outputPathProblem(folder + "/heatlab_record_probe.png");
    }
    const std::string parent = parentOf(folder);
    struct stat holder = {};
    if (::stat(parent.c_str(), &holder) != 0 || !S_ISDIR(holder.st_mode)) {
        return "the folder '" + parent + "' of '" + folder + "' does not exist";
    }
    if (::access(parent.c_str(), W_OK | X_OK) != 0) {
        return "cannot make the folder '" + folder + "': " + std::strerror(errno);
    }
    return {};
}

RecordFolder::RecordFolder(const std::string& folder) : folder_(folder) {
    if (::mkdir(folder.c_str(), 0777) == 0) {
        made_ = true;
    } else if (errno != EEXIST) {
        throw RuntimeError("--record: cannot make the folder '" + folder +
                           "': " + std::strerror(errno));
    }
}

RecordFolder::~RecordFolder() {
    if (kept_) {
        return;
    }
    for (const std::string& path : written_) {
        ::unlink(path.c_str());
    }
    if (made_) {
        ::rmdir(folder_.c_str());  // only when empty: never what others put there
    }
}

std::string RecordFolder::write(const std::string& name, const RgbImage& image, const PngText& text,
                                long long step) {
    const std::string path = folder_ + "/" + name;
    writePng(path, image, text);
    adopt(path);
    refuseIfStopped(step);
    return path;
}

void RecordFolder::adopt(const std::string& path) {
    if (std::find(written_.begin(), written_.end(), path) == written_.end()) {
        written_.push_back(path);
        StopSignal::testPoint(static_cast<int>(written_.size()));
    }
}

void RecordFolder::refuseIfStopped(long long step) {
    if (!StopSignal::requested()) {
        return;
    }
    const std::size_t count = written_.size();
    throw RuntimeError(std::string("stopped by ") + StopSignal::name() + " at step " +
                       std::to_string(step) + ": the " + std::to_string(count) + " picture" +
                       (count == 1 ? "" : "s") + " recorded into " + folder_ +
                       (count == 1 ? " was" : " were") + " removed");
}

}  // namespace heatlab
