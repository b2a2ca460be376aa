#include "app/kernel_files/kernel_process.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "app/i18n/translation.h"
#include "app/kernel_files/fault_line.h"
#include "app/kernel_files/kernel_process_main.h"
#include "app/kernel_files/kernel_wire.h"
#include "kernels/base/errors.h"
#include "kernels/class/guarded_fields.h"

extern char** environ;

namespace heatlab {

namespace {

// Descriptors the lecture hands over are first moved at or above this,
// so that placing them at 3 and 4 in the child never overwrites one
// with the other.
constexpr int kHandOverFloor = 10;

// What the lecture waits beyond a request's CPU seconds: the process's
// start and the reply's way back.
constexpr double kAnswerSlackSeconds = 5.0;

int movedUp(int fd) {
    const int moved = ::fcntl(fd, F_DUPFD_CLOEXEC, kHandOverFloor);
    ::close(fd);
    return moved;
}

[[noreturn]] void failStart(const char* what, int error) {
    throw RuntimeError(trf("the class kernel's process: %s: %s", what, std::strerror(error)));
}

std::string& program() {
    static std::string path = "/proc/self/exe";  // heatlab itself, whatever it was started as
    return path;
}

}  // namespace

void setKernelProcessProgram(const std::string& path) { program() = path; }

KernelProcess::KernelProcess(const KernelProcessStart& start) : start_(start) {
    int ends[2] = {-1, -1};
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0) {
        failStart("socketpair", errno);
    }
    socket_ = movedUp(ends[0]);
    const int theirs = movedUp(ends[1]);
    const int memory = ::memfd_create("heatlab-class-field", MFD_CLOEXEC);
    region_ = memory >= 0 ? movedUp(memory) : -1;
    if (socket_ < 0 || theirs < 0 || region_ < 0) {
        const int error = errno;
        ::close(theirs);
        stop();
        failStart("descriptors", error);
    }

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    posix_spawn_file_actions_adddup2(&actions, region_, kKernelRegionFd);
    posix_spawn_file_actions_adddup2(&actions, theirs, kKernelSocketFd);
    // Every other descriptor, whatever flag it was opened with.
    posix_spawn_file_actions_addclosefrom_np(&actions, kKernelSocketFd + 1);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t none;
    sigemptyset(&none);
    sigset_t defaults;
    sigemptyset(&defaults);
    for (const int signal : {SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT, SIGXCPU, SIGXFSZ}) {
        sigaddset(&defaults, signal);
    }
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setpgroup(&attributes, 0);  // a group of its own, killed whole
    posix_spawnattr_setflags(
        &attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);

    const std::string seconds = std::to_string(start_.seconds);
    const std::string language = heatlab::language() == Language::Japanese ? "ja" : "en";
    std::vector<std::string> words{"heatlab",   kKernelProcessCommand,       start_.folder,
                                   start_.name, start_.displayPath,          seconds,
                                   language,    start_.cuda ? "cuda" : "cxx"};
    std::vector<char*> argv;
    for (std::string& word : words) {
        argv.push_back(word.data());
    }
    argv.push_back(nullptr);
    const int spawned =
        ::posix_spawn(&pid_, program().c_str(), &actions, &attributes, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    ::close(theirs);
    if (spawned != 0) {
        pid_ = -1;
        stop();
        failStart("exec", spawned);
    }
}

KernelProcess::~KernelProcess() {
    stop();
    // Its source and object go with it (the folder goes at the run's end).
    for (const char* extension : {".cpp", ".so"}) {
        ::unlink((start_.folder + "/" + start_.name + extension).c_str());
    }
}

void KernelProcess::stop() {
    if (pid_ > 0) {
        ::kill(-pid_, SIGKILL);
        while (::waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
        }
        pid_ = -1;
    }
    if (mapped_ != nullptr) {
        ::munmap(mapped_, mappedBytes_);
        mapped_ = nullptr;
        mappedBytes_ = 0;
    }
    for (int* fd : {&socket_, &region_}) {
        if (*fd >= 0) {
            ::close(*fd);
            *fd = -1;
        }
    }
}

std::string KernelProcess::ended(bool timedOut, double seconds) {
    if (pid_ <= 0) {
        return tr("the kernel's process has ended");
    }
    if (timedOut) {
        ::kill(-pid_, SIGKILL);
    }
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    ::kill(-pid_, SIGKILL);  // whatever it started lives no longer than it
    pid_ = -1;
    stop();
    if (timedOut) {
        return trf("no answer in %.0f s: stopped (an endless loop, or a wait that never ends?)",
                   seconds);
    }
    if (WIFSIGNALED(status)) {
        const int signal = WTERMSIG(status);
        if (signal == SIGXCPU) {
            return trf("ran out of its CPU time (%d s): stopped (an endless loop?)",
                       start_.seconds);
        }
        if (signal == SIGXFSZ) {
            return tr("wrote a file past its size limit: stopped");
        }
        return trf("the kernel's process ended by signal %d (%s)", signal, ::strsignal(signal));
    }
    return trf("the kernel's process ended (exit status %d)",
               WIFEXITED(status) ? WEXITSTATUS(status) : -1);
}

std::string KernelProcess::faultReport(const std::string& said) const {
    const std::size_t at = said.find("\n@");
    const std::string sentence = said.substr(0, at);
    if (at == std::string::npos) {
        return sentence.empty() ? tr("the kernel crashed") : sentence;
    }
    const std::uintptr_t offset =
        static_cast<std::uintptr_t>(std::strtoull(said.c_str() + at + 2, nullptr, 16));
    const std::string base = start_.folder + "/" + start_.name;
    const std::string line = kernelLineAt(base + ".so", offset, base + ".cpp", start_.displayPath);
    return line.empty() ? sentence : trf("%s (%s)", sentence.c_str(), line.c_str());
}

bool KernelProcess::awaitReply(double deadline, const std::function<bool()>& abandon) {
    for (;;) {
        const double left = deadline - monotonicSeconds();
        pollfd wait{socket_, POLLIN, 0};
        const int milliseconds =
            static_cast<int>(std::ceil(std::max(0.0, std::min(left, kAbandonSeconds)) * 1000.0));
        if (::poll(&wait, 1, milliseconds) != 0 || left <= 0.0) {
            return true;  // a reply, the end of the stream, or the deadline: receiveAll says
        }
        if (abandon()) {
            stop();
            return false;
        }
    }
}

std::string KernelProcess::ask(const KernelRequest& request, const std::string& payload,
                               double seconds, std::string* text, bool* unavailable,
                               const std::function<bool()>& abandon) {
    if (pid_ <= 0) {
        return tr("the kernel's process has ended");
    }
    std::string message(reinterpret_cast<const char*>(&request), sizeof request);
    message += payload;
    if (!sendAll(socket_, message.data(), message.size())) {
        return ended(false, seconds);
    }
    const double deadline = monotonicSeconds() + seconds + kAnswerSlackSeconds;
    if (abandon && !awaitReply(deadline, abandon)) {
        abandoned_ = true;
        return tr("given up for a newer save");
    }
    KernelReply reply;
    bool timedOut = false;
    if (!receiveAll(socket_, &reply, sizeof reply, deadline, &timedOut) ||
        reply.textBytes > kKernelReplyMaxText || reply.factsBytes > kKernelReplyMaxFacts) {
        return ended(timedOut, seconds + kAnswerSlackSeconds);
    }
    text->assign(reply.textBytes, '\0');
    facts_.assign(reply.factsBytes, '\0');
    if (!receiveAll(socket_, text->data(), text->size(), deadline, &timedOut) ||
        !receiveAll(socket_, facts_.data(), facts_.size(), deadline, &timedOut)) {
        return ended(timedOut, seconds + kAnswerSlackSeconds);
    }
    switch (static_cast<KernelAnswer>(reply.answer)) {
    case KernelAnswer::Done: return "";
    case KernelAnswer::Fault: {
        // Its last words; the process is ending.
        const std::string said = *text;
        ended(false, seconds);
        return faultReport(said);
    }
    case KernelAnswer::Unavailable:
        if (unavailable != nullptr) {
            *unavailable = true;
        }
        return text->empty() ? tr("refused") : *text;
    case KernelAnswer::Refused:
    default: {
        const std::size_t newline = text->find('\n');
        const std::string first = text->substr(0, newline);
        *text = newline == std::string::npos ? "" : text->substr(newline + 1);
        return first.empty() ? tr("refused") : first;
    }
    }
}

KernelProcess::Loaded KernelProcess::load(const std::string& source,
                                          const std::optional<GridSize>& lectureGrid, int device) {
    return load(source, lectureGrid, device, false, {});
}

KernelProcess::Loaded KernelProcess::loadInBackground(const std::string& source,
                                                      const std::optional<GridSize>& lectureGrid,
                                                      int device,
                                                      const std::function<bool()>& abandon) {
    return load(source, lectureGrid, device, true, abandon);
}

KernelProcess::Loaded KernelProcess::load(const std::string& source,
                                          const std::optional<GridSize>& lectureGrid, int device,
                                          bool background, const std::function<bool()>& abandon) {
    KernelRequest request;
    request.op = static_cast<std::uint32_t>(KernelOp::Load);
    request.background = background ? 1 : 0;
    if (lectureGrid) {
        request.nx = lectureGrid->nx;
        request.ny = lectureGrid->ny;
    }
    request.device = device;
    request.sourceBytes = static_cast<std::uint32_t>(source.size());
    std::string text;
    Loaded loaded;
    // The compile and the check each get the CPU seconds.
    loaded.problem =
        ask(request, source, 2.0 * start_.seconds, &text, &loaded.unavailable, abandon);
    loaded.abandoned = abandoned_;
    loaded.facts = facts_;
    if (loaded.problem.empty()) {
        loaded.done = text;
    } else if (!loaded.unavailable) {
        loaded.lines = text;
    }
    return loaded;
}

std::string KernelProcess::stepDevice(const GridSize& grid, float r, const unsigned char* inHandle,
                                      const unsigned char* outHandle) {
    KernelRequest request;
    request.op = static_cast<std::uint32_t>(KernelOp::Step);
    request.nx = grid.nx;
    request.ny = grid.ny;
    request.r = r;
    std::memcpy(request.inHandle, inHandle, sizeof request.inHandle);
    std::memcpy(request.outHandle, outHandle, sizeof request.outHandle);
    std::string text;
    // A new grid is checked before its first step: the check's seconds too.
    return ask(request, "", 2.0 * start_.seconds, &text);
}

void KernelProcess::growRegion(std::size_t bytes) {
    if (bytes <= mappedBytes_) {
        return;
    }
    if (mapped_ != nullptr) {
        ::munmap(mapped_, mappedBytes_);
        mapped_ = nullptr;
        mappedBytes_ = 0;
    }
    if (::ftruncate(region_, static_cast<off_t>(bytes)) != 0) {
        throw RuntimeError(trf("the field shared with a class kernel (%zu bytes): %s", bytes,
                               std::strerror(errno)));
    }
    void* at = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, region_, 0);
    if (at == MAP_FAILED) {
        throw RuntimeError(trf("the field shared with a class kernel (%zu bytes): %s", bytes,
                               std::strerror(errno)));
    }
    mapped_ = static_cast<unsigned char*>(at);
    mappedBytes_ = bytes;
}

std::string KernelProcess::step(const float* in, float* out, const GridSize& grid,
                                Boundary boundary, float r) {
    if (pid_ <= 0) {
        return tr("the kernel's process has ended");
    }
    const GuardedLayout layout = guardedLayout(grid);
    growRegion(layout.regionBytes);
    std::memcpy(mapped_ + layout.inOffset, in, grid.bytes());
    KernelRequest request;
    request.op = static_cast<std::uint32_t>(KernelOp::Step);
    request.nx = grid.nx;
    request.ny = grid.ny;
    request.boundary = static_cast<std::int32_t>(boundary);
    request.r = r;
    request.regionBytes = mappedBytes_;
    std::string text;
    // A new grid is checked before its first step: the check's seconds too.
    const std::string problem = ask(request, "", 2.0 * start_.seconds, &text);
    if (!problem.empty()) {
        return problem;
    }
    const auto* stepped = reinterpret_cast<const float*>(mapped_ + layout.outOffset);
    const std::size_t nx = static_cast<std::size_t>(grid.nx);
    for (std::size_t row = 1; row + 1 < static_cast<std::size_t>(grid.ny); ++row) {
        std::memcpy(out + row * nx + 1, stepped + row * nx + 1, (nx - 2) * sizeof(float));
    }
    return "";
}

}  // namespace heatlab
