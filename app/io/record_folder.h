#pragma once
// `shot --record DIR`: the folder of a run's numbered pictures, one outcome
// with the run. It is checked before any work (recordFolderProblem()) and
// made only once the run goes ahead (a RecordFolder), so a refused run
// leaves no folder. While it lives, SIGINT, SIGTERM and SIGHUP only stop
// the run between pictures (a StopSignal, as a video's recording does); a
// run that fails or is stopped leaves nothing of it: the pictures it wrote
// are removed, and the folder when the run made it. Each is on the
// clean-up list from before it is made (cleanup_list.h), so a second
// signal that ends the program at once removes them too. keep() once the
// run's outputs are all written.

#include <string>
#include <vector>

#include "app/io/cleanup_list.h"
#include "app/io/png_file.h"
#include "app/io/stop_signal.h"

namespace heatlab {

// Empty when `folder` can take the record's pictures (a folder that takes
// files, or a name that can be made a folder: it is made and removed
// again), otherwise one line saying why not. Leaves nothing.
std::string recordFolderProblem(const std::string& folder);

class RecordFolder {
public:
    // Makes `folder` when it is not there yet (one level, as mkdir does),
    // and removes the temporaries of pictures a killed run left in it.
    // Throws RuntimeError.
    explicit RecordFolder(const std::string& folder);
    // Unless kept: removes what the run wrote, and the folder it made.
    ~RecordFolder();
    RecordFolder(const RecordFolder&) = delete;
    RecordFolder& operator=(const RecordFolder&) = delete;

    // Writes the picture as `name` in the folder (whole or not at all) and
    // returns its path. Throws RuntimeError when the write fails, or when a
    // stop signal came (saying so, at `step`).
    std::string write(const std::string& name, const RgbImage& image, const PngText& text,
                      long long step);
    // A picture another writer put in the folder (a cue's screenshot): it
    // goes with the rest when the run fails. Every picture, written or
    // adopted, passes the stop signal's test point (stop_signal.h) with
    // the count so far.
    void adopt(const std::string& path);
    // Throws RuntimeError when a stop signal came since the last check.
    void refuseIfStopped(long long step);
    void keep();

    const std::string& folder() const { return folder_; }

private:
    // Puts a picture's name on the clean-up list (before it is written);
    // returns its index in written_.
    std::size_t list(const std::string& path);

    StopSignal stop_;
    std::string folder_;
    bool made_ = false;
    bool kept_ = false;
    CleanupEntry folderListed_;  // when made
    std::vector<std::string> written_;
    std::vector<CleanupEntry> listed_;
    std::vector<bool> finished_;  // written_[i] is whole
    int pictures_ = 0;
};

}  // namespace heatlab
