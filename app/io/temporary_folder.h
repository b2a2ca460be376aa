#pragma once
// Folders of the program's own under $TMPDIR (else /tmp), mode 0700, named
// PREFIX-PID-XXXXXX: the class kernels' compiled objects
// (app/kernel_files/), and, in an earlier version, serve's downloads. One
// that a killed run left (its PID gone) is removed by a later run.

#include <string>

#include "app/io/cleanup_list.h"

namespace heatlab {

// Where temporary folders go: $TMPDIR when set, else /tmp.
std::string temporaryFolderPlace();

// A new folder PREFIX-PID-XXXXXX where temporary folders go, mode 0700,
// listed on the clean-up list as a private folder before it is made (the
// entry goes to `entry`); its path. Never a name another process could
// have made first: mkdir() makes it or the next random name is tried.
// Throws RuntimeError where none can be made.
std::string makePrivateFolder(const std::string& prefix, CleanupEntry* entry);

// Removes everything directly in `folder`, then the folder.
void removePrivateFolder(const std::string& folder);

// Removes the folders of `prefix` that a killed process left (this
// user's, their PID gone, everything in them) where temporary folders go.
void removeStaleTemporaryFolders(const std::string& prefix);

}  // namespace heatlab
