#include "app/kernel_files/cxx_compiler.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <vector>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "app/i18n/translation.h"
#include "app/kernel_files/kernel_wire.h"

extern char** environ;

namespace heatlab {

namespace {

// The most compiler output read; the rest is drained unread.
constexpr std::size_t kOutputKept = 1 << 20;

// The environment the compiler runs in: PATH and the language of its
// messages from ours, its temporaries in the private folder.
std::vector<std::string> compilerEnvironment(const std::string& folder) {
    std::vector<std::string> kept{"TMPDIR=" + folder};
    const char* path = std::getenv("PATH");
    kept.push_back(std::string("PATH=") +
                   (path != nullptr ? path : "/usr/local/bin:/usr/bin:/bin"));
    for (const char* name : {"LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE"}) {
        if (const char* value = std::getenv(name)) {
            kept.push_back(std::string(name) + "=" + value);
        }
    }
    return kept;
}

std::vector<char*> pointers(std::vector<std::string>& words) {
    std::vector<char*> list;
    for (std::string& word : words) {
        list.push_back(word.data());
    }
    list.push_back(nullptr);
    return list;
}

std::string firstErrorOf(const std::string& lines) {
    std::istringstream in(lines);
    std::string first;
    for (std::string line; std::getline(in, line);) {
        if (line.find("error") != std::string::npos && line.rfind(' ', 0) != 0) {
            return line;
        }
        if (first.empty() && line.rfind(' ', 0) != 0) {
            first = line;
        }
    }
    return first;
}

}  // namespace

const std::vector<std::string>& cxxKernelOptions() {
    static const std::vector<std::string> options{
        "-std=c++17",     "-O3",      "-march=native", "-g1",       "-fPIC",
        "-shared",        "-fopenmp", "-pipe",         "-nostdinc", "-fdiagnostics-color=never",
        "-fmax-errors=20"};
    return options;
}

std::string keptCompilerLines(const std::string& output, const std::string& sourcePath,
                              const std::string& displayPath) {
    std::istringstream in(output);
    std::string kept;
    int count = 0;
    bool keeping = false;
    const std::string prefix = sourcePath + ":";
    for (std::string line; std::getline(in, line) && count < kCompilerLinesKept;) {
        if (line.rfind(prefix, 0) == 0) {
            line = displayPath + ":" + line.substr(prefix.size());
            keeping = true;
        } else if (!(keeping && line.rfind(' ', 0) == 0)) {
            keeping = false;
            continue;
        }
        // The excerpt of a line may quote the source: the source is the
        // lecturer's own, and only its own lines are quoted here.
        kept += line + "\n";
        ++count;
    }
    return kept;
}

CompileResult compileCxxKernel(const CxxCompile& compile) {
    CompileResult result;
    const std::string source = compile.folder + "/" + compile.name + ".cpp";
    const std::string object = compile.folder + "/" + compile.name + ".so";
    const std::string contract = compile.folder + "/heatlab_kernel.h";
    std::vector<std::string> arguments{"c++"};
    for (const std::string& option : cxxKernelOptions()) {
        arguments.push_back(option);
    }
    for (const std::string& word :
         {std::string("-include"), contract, std::string("-o"), object, source}) {
        arguments.push_back(word);
    }
    std::vector<std::string> environment = compilerEnvironment(compile.folder);
    std::vector<char*> argv = pointers(arguments);
    std::vector<char*> envp = pointers(environment);

    int output[2] = {-1, -1};
    if (::pipe2(output, O_CLOEXEC) != 0) {
        result.firstLine = trf("the compiler's output: %s", std::strerror(errno));
        return result;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, output[1], 1);
    posix_spawn_file_actions_adddup2(&actions, output[1], 2);
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    const double start = monotonicSeconds();
    pid_t pid = -1;
    // The PATH searched is the compiler's environment's, which is ours.
    const int spawned = ::posix_spawnp(&pid, "c++", &actions, nullptr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    ::close(output[1]);
    if (spawned != 0) {
        ::close(output[0]);
        result.firstLine =
            spawned == ENOENT
                ? tr("no C++ compiler: c++ is not on PATH (install g++)")
                : trf("the C++ compiler (c++) did not start: %s", std::strerror(spawned));
        return result;
    }
    std::string said;
    char buffer[4096];
    for (;;) {
        const ssize_t got = ::read(output[0], buffer, sizeof buffer);
        if (got < 0 && errno == EINTR) {
            continue;
        }
        if (got <= 0) {
            break;
        }
        if (said.size() < kOutputKept) {
            said.append(buffer, static_cast<std::size_t>(got));
        }
    }
    ::close(output[0]);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    result.seconds = monotonicSeconds() - start;
    result.lines = keptCompilerLines(said, source, compile.displayPath);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        result.compiled = true;
        result.object = object;
        return result;
    }
    if (WIFSIGNALED(status)) {
        const int signal = WTERMSIG(status);
        result.firstLine =
            signal == SIGXCPU
                ? tr("the compiler ran out of its CPU time (a template that never ends?)")
                : trf("the compiler was stopped by signal %d (%s): out of memory?", signal,
                      ::strsignal(signal));
        return result;
    }
    result.firstLine = firstErrorOf(result.lines);
    if (result.firstLine.empty()) {
        // Nothing about the file itself: the compiler's own last word (the
        // source includes no other file, so it quotes none).
        std::istringstream in(said);
        std::string last;
        for (std::string line; std::getline(in, line);) {
            if (!line.empty()) {
                last = line;
            }
        }
        result.firstLine = last.empty() ? trf("the compiler failed (exit status %d)",
                                              WIFEXITED(status) ? WEXITSTATUS(status) : -1)
                                        : last;
    }
    return result;
}

}  // namespace heatlab
