#pragma once
// What a run ended by SIGKILL or the OOM killer leaves: no handler runs
// then (cleanup_list.h), so every temporary name the program makes
// carries its process id, and a later run removes those whose process no
// longer exists. A live process's are left alone (two runs may write
// beside each other), and only names of the program's own patterns are
// touched:
//   NAME.tmp-PID-N   a file being written under NAME (output_file.h)
//   NAME.probe-PID   the file that checks NAME can be written
// (and the program's own temporary folders, temporary_folder.h).

#include <string>

namespace heatlab {

// The temporary beside `path` of this process's `attempt`th try, and the
// probe's name.
std::string temporaryNameOf(const std::string& path, int attempt);
std::string probeNameOf(const std::string& path);

// Whether process `pid` is gone (no such process; a process of another
// user is there).
bool processGone(long pid);

// Removes beside `path` the temporaries and probes of `path` whose process
// is gone (files of this user only). Never throws.
void removeStaleTemporaries(const std::string& path);

// The same in `folder`, for every final name that `ours` accepts (a
// record's pictures, whose names change with each step).
void removeStaleTemporariesIn(const std::string& folder, bool (*ours)(const std::string& name));

// The process id in `name` when it is `<stem>.tmp-PID-N` or
// `<stem>.probe-PID` (and `stem` set to what is before), else -1.
long staleCandidatePid(const std::string& name, std::string* stem);

}  // namespace heatlab
