#pragma once
// What the program has made and must not leave behind when a signal ends
// it: temporary files, a record's pictures, a folder of its own. Whatever
// makes such a thing puts its name on the list first (a CleanupEntry) and
// takes it off once the thing is kept or removed; a signal that ends the
// program (a second Ctrl+C, SIGHUP with no run to stop: stop_signal.h)
// removes everything still listed before the program dies, so the
// impatient double press leaves nothing either.
//
// The list is read inside a signal handler, which may interrupt any thread
// at any instruction, even one adding or taking off an entry: entries live
// in fixed slots changed by atomic operations only (no lock, no allocation
// the handler would touch), and the handler calls nothing but unlink(),
// rmdir() and the calls that list a folder (async-signal-safe).
//
// A process ended by SIGKILL or the OOM killer runs no handler: what it
// made carries its process id in the name (output_file.h's temporaries,
// temporary_folder.h's folders), so the next run removes it
// (stale_temporaries.h).

#include <string>

namespace heatlab {

enum class Leftover {
    // A file: unlinked.
    File,
    // A folder the program made: removed once empty (the files the
    // program put in it are listed each, so others' files stay).
    Folder,
    // A folder only the program writes into (mode 0700, its own name):
    // removed with everything directly in it.
    PrivateFolder,
};

class CleanupEntry {
public:
    CleanupEntry() = default;  // lists nothing
    // Lists `path` (a name copied now; the thing need not exist yet, so
    // that it is listed before it is made).
    CleanupEntry(const std::string& path, Leftover kind);
    // Takes the entry off the list; the thing itself is left as it is.
    ~CleanupEntry();
    CleanupEntry(CleanupEntry&& other) noexcept;
    CleanupEntry& operator=(CleanupEntry&& other) noexcept;
    CleanupEntry(const CleanupEntry&) = delete;
    CleanupEntry& operator=(const CleanupEntry&) = delete;

    // Off the list now: the thing is kept (renamed into place, the run
    // finished) or was removed by its owner.
    void release() noexcept;
    bool listed() const { return slot_ >= 0; }

private:
    int slot_ = -1;
};

// How many entries are listed now (for the tests).
int listedLeftovers();

// Removes everything listed: files first, then folders. Async-signal-safe,
// for the handler of a signal that ends the program; the entries stay
// listed (the program is about to die).
void removeListedLeftovers() noexcept;

}  // namespace heatlab
