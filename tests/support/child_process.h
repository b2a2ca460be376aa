#pragma once
// For the tests of what a signal leaves: code run in a child process of
// its own (the signal there ends the child, not the test), and a process
// id that no process holds (one that was killed, as far as a later run can
// tell).

#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <functional>

namespace heatlab {

// Runs `body` in a forked child, which then exits 0 (when no signal ended
// it first); returns the child's wait status.
inline int statusOfChild(const std::function<void()>& body) {
    const pid_t child = ::fork();
    if (child == 0) {
        body();
        ::_exit(0);
    }
    int status = 0;
    ::waitpid(child, &status, 0);
    return status;
}

inline bool killedBy(int status, int signal) {
    return WIFSIGNALED(status) && WTERMSIG(status) == signal;
}

// The id of a process that has ended and been waited for: no process has
// it now (Linux hands ids out in turn, so none takes it again soon).
inline pid_t goneProcessId() {
    const pid_t child = ::fork();
    if (child == 0) {
        ::_exit(0);
    }
    ::waitpid(child, nullptr, 0);
    return child;
}

}  // namespace heatlab
