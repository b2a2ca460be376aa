#include "app/kernel_files/fault_line.h"

#include <cerrno>
#include <cstdio>
#include <vector>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "app/kernel_files/kernel_wire.h"

extern char** environ;

namespace heatlab {

namespace {

// addr2line answers in milliseconds; a machine too busy for that gets no
// line rather than a stalled lecture.
constexpr double kAnswerSeconds = 5.0;

}  // namespace

std::string kernelLineAt(const std::string& object, std::uintptr_t offset,
                         const std::string& sourcePath, const std::string& displayPath) {
    char address[32];
    std::snprintf(address, sizeof address, "0x%lx", static_cast<unsigned long>(offset));
    std::vector<std::string> words{"addr2line", "-e", object, address};
    std::vector<char*> argv;
    for (std::string& word : words) {
        argv.push_back(word.data());
    }
    argv.push_back(nullptr);
    int output[2] = {-1, -1};
    if (::pipe2(output, O_CLOEXEC) != 0) {
        return "";
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, output[1], 1);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    pid_t pid = -1;
    const int spawned = ::posix_spawnp(&pid, "addr2line", &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(output[1]);
    std::string said;
    if (spawned == 0) {
        const double deadline = monotonicSeconds() + kAnswerSeconds;
        char buffer[1024];
        for (;;) {
            const double left = deadline - monotonicSeconds();
            pollfd wait{output[0], POLLIN, 0};
            if (left <= 0.0 || ::poll(&wait, 1, static_cast<int>(left * 1000.0) + 1) <= 0) {
                ::kill(pid, SIGKILL);
                break;
            }
            const ssize_t got = ::read(output[0], buffer, sizeof buffer);
            if (got <= 0 || said.size() > 4096) {
                break;
            }
            said.append(buffer, static_cast<std::size_t>(got));
        }
        while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
        }
    }
    ::close(output[0]);
    // "FOLDER/NAME.cpp:LINE" (perhaps " (discriminator N)" after it).
    const std::string prefix = sourcePath + ":";
    if (said.rfind(prefix, 0) != 0) {
        return "";
    }
    std::size_t end = prefix.size();
    while (end < said.size() && said[end] >= '0' && said[end] <= '9') {
        ++end;
    }
    const std::string line = said.substr(prefix.size(), end - prefix.size());
    return line.empty() || line == "0" ? "" : displayPath + ":" + line;
}

}  // namespace heatlab
