#include "app/kernel_files/process_limits.h"

#include <cmath>

#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

namespace heatlab {

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kAddressSanitizer = true;
#else
constexpr bool kAddressSanitizer = false;
#endif
#else
constexpr bool kAddressSanitizer = false;
#endif

// The soft limit, kept under the hard one (which stays where it was, so a
// later request may raise the soft limit again).
bool setSoft(int resource, rlim_t value) {
    rlimit limit{};
    if (::getrlimit(resource, &limit) != 0) {
        return false;
    }
    limit.rlim_cur = limit.rlim_max == RLIM_INFINITY ? value : std::min(value, limit.rlim_max);
    return ::setrlimit(resource, &limit) == 0;
}

}  // namespace

bool applyProcessLimits(const ProcessLimits& limits, int keepBelow) {
    ::close_range(static_cast<unsigned>(keepBelow), ~0U, 0);
    const rlimit noCore{0, 0};
    bool applied = ::setrlimit(RLIMIT_CORE, &noCore) == 0;
    applied = ::prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) == 0 && applied;
    applied = setSoft(RLIMIT_FSIZE, static_cast<rlim_t>(limits.fileBytes)) && applied;
    raiseMemoryLimit(limits, 0);
    return applied;
}

void raiseMemoryLimit(const ProcessLimits& limits, std::size_t sharedBytes) {
    if (!kAddressSanitizer && limits.memoryBytes > 0) {
        setSoft(RLIMIT_AS, static_cast<rlim_t>(limits.memoryBytes + sharedBytes));
    }
}

void rearmCpuLimit(int seconds) {
    rusage used{};
    ::getrusage(RUSAGE_SELF, &used);
    const double spent = static_cast<double>(used.ru_utime.tv_sec + used.ru_stime.tv_sec) +
                         static_cast<double>(used.ru_utime.tv_usec + used.ru_stime.tv_usec) * 1e-6;
    setSoft(RLIMIT_CPU, static_cast<rlim_t>(std::ceil(spent)) + static_cast<rlim_t>(seconds));
}

}  // namespace heatlab
