#include "kernels/cpu/host_memory.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>

namespace heatlab {

namespace {

// MemAvailable of /proc/meminfo in bytes, 0 when it cannot be read.
std::size_t memAvailable() {
    std::ifstream meminfo("/proc/meminfo");
    std::string key;
    std::size_t kib = 0;
    std::string unit;
    while (meminfo >> key >> kib >> unit) {
        if (key == "MemAvailable:") {
            return kib * 1024;
        }
    }
    return 0;
}

// What the process's address-space limit (ulimit -v, RLIMIT_AS) leaves of
// its address space, or nothing where there is no limit.
std::optional<std::size_t> addressSpaceLeft() {
    rlimit limit{};
    if (::getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) {
        return std::nullopt;
    }
    std::ifstream statm("/proc/self/statm");
    std::size_t pages = 0;
    if (!(statm >> pages)) {
        return std::nullopt;
    }
    const std::size_t used = pages * static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    const auto most = static_cast<std::size_t>(limit.rlim_cur);
    return most > used ? most - used : 0;
}

// The tests' stand-in for a smaller machine (kHostFreeVariable): bytes, or
// nothing where it is not set or not a number.
std::optional<std::size_t> testHostFree() {
    const char* text = std::getenv(kHostFreeVariable);
    if (text == nullptr || *text == '\0') {
        return std::nullopt;
    }
    char* end = nullptr;
    const unsigned long long bytes = std::strtoull(text, &end, 10);
    if (*end != '\0') {
        return std::nullopt;
    }
    return static_cast<std::size_t>(bytes);
}

}  // namespace

std::size_t hostAvailableBytes() {
    std::size_t available = memAvailable();
    if (const std::optional<std::size_t> left = addressSpaceLeft()) {
        available = std::min(available, *left);
    }
    if (const std::optional<std::size_t> test = testHostFree()) {
        available = std::min(available, *test);
    }
    return available;
}

}  // namespace heatlab
