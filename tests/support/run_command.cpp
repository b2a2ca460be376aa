#include "tests/support/run_command.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

#include <sys/wait.h>
#include <unistd.h>

#include "tests/support/file_text.h"

std::string heatlabBinary() {
    // A test binary copied to another machine finds heatlab where it is told.
    const char* moved = std::getenv("HEATLAB_BINARY");
    return moved != nullptr && *moved != '\0' ? moved : HEATLAB_BINARY;
}

namespace {

// `prefix` goes before the binary's path (a command that runs it).
CommandResult runWith(const std::string& prefix, const std::string& args) {
    const std::string base = "/tmp/heatlab-test-" + std::to_string(::getpid());
    const std::string command =
        prefix + heatlabBinary() + " " + args + " >" + base + ".out 2>" + base + ".err";
    const int raw = std::system(command.c_str());
    CommandResult result;
    result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    result.signal = WIFSIGNALED(raw) ? WTERMSIG(raw) : 0;
    // A shell that ran heatlab as its child says a signal's end as 128 + N
    // (heatlab's own statuses are 0 to 2).
    if (result.status > 128 && result.status < 128 + 32) {
        result.signal = result.status - 128;
        result.status = -1;
    }
    result.out = heatlab::fileText(base + ".out");
    result.err = heatlab::fileText(base + ".err");
    std::remove((base + ".out").c_str());
    std::remove((base + ".err").c_str());
    return result;
}

}  // namespace

CommandResult runHeatlab(const std::string& args) { return runWith("", args); }

CommandResult runHeatlabWithin(const std::string& args, int seconds) {
    // KILL, not TERM: the run under test may be one that ignores SIGTERM.
    return runWith("timeout -s KILL " + std::to_string(seconds) + " ", args);
}
