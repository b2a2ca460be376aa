#pragma once
// An address-space limit (ulimit -v, RLIMIT_AS) of `budget` bytes over what
// the process holds now, for the life of the guard; then the limit there
// was before. Counted from the process's own size, so it works under
// AddressSanitizer too (whose shadow memory is reserved at start): a grid
// refused too late fails to allocate inside the budget instead of taking
// the machine's memory, and heatlab's own check (hostAvailableBytes())
// sees the limit as a user's `ulimit -v` would make it.

#include <sys/resource.h>
#include <unistd.h>

#include <cstddef>
#include <fstream>

namespace heatlab {

class ScopedMemoryLimit {
public:
    explicit ScopedMemoryLimit(std::size_t budget) {
        ::getrlimit(RLIMIT_AS, &before_);
        std::ifstream statm("/proc/self/statm");
        std::size_t pages = 0;
        statm >> pages;
        rlimit limited = before_;
        limited.rlim_cur = pages * static_cast<std::size_t>(::sysconf(_SC_PAGESIZE)) + budget;
        if (before_.rlim_max != RLIM_INFINITY && limited.rlim_cur > before_.rlim_max) {
            limited.rlim_cur = before_.rlim_max;
        }
        ::setrlimit(RLIMIT_AS, &limited);
    }
    ~ScopedMemoryLimit() { ::setrlimit(RLIMIT_AS, &before_); }
    ScopedMemoryLimit(const ScopedMemoryLimit&) = delete;
    ScopedMemoryLimit& operator=(const ScopedMemoryLimit&) = delete;

private:
    rlimit before_{};
};

}  // namespace heatlab
