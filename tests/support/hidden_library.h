#pragma once
// Runs shell commands on a machine where one shared library is missing (a
// GPU server without FFmpeg's libraries, say): the library found by
// ldconfig is hidden by an empty file mounted over it in a private mount
// namespace, so nothing outside the commands sees a change.

#include <cstdlib>
#include <fstream>
#include <string>

namespace heatlab {

// Runs `commands` (shell lines) with `soname` hidden, writing its script
// and markers into `folder`. Returns false, having run nothing that needs
// the library gone, where no private mount namespace can be had (the
// caller skips, saying so); `status` gets what the shell returned.
inline bool runWithLibraryHidden(const std::string& folder, const std::string& soname,
                                 const std::string& commands, int& status) {
    const std::string script = folder + "/hide.sh";
    std::ofstream(script) << "lib=$(readlink -f \"$(ldconfig -p | awk '/" << soname
                          << " /{print $NF; exit}')\")\n"
                          << ": > \"" << folder << "/empty\"\n"
                          << "mount --bind \"" << folder << "/empty\" \"$lib\" || exit 77\n"
                          << ": > \"" << folder << "/mounted\"\n"
                          << commands;
    status = std::system(("unshare --mount sh " + script + " 2>/dev/null").c_str());
    return std::ifstream(folder + "/mounted").good();
}

}  // namespace heatlab
