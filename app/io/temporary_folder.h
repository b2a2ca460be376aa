#pragma once
// The folders an earlier heatlab serve made for its downloads under $TMPDIR
// (else /tmp), mode 0700, named PREFIX-PID-XXXXXX: serve now keeps its
// downloads in memory and makes none, but one that a killed server of an
// earlier version left (its PID gone) is removed when a server starts.

#include <string>

namespace heatlab {

// Where temporary folders go: $TMPDIR when set, else /tmp.
std::string temporaryFolderPlace();

// Removes the folders of `prefix` that a killed process left (this
// user's, their PID gone, everything in them) where temporary folders go.
void removeStaleTemporaryFolders(const std::string& prefix);

}  // namespace heatlab
