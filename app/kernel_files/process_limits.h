#pragma once
// The limits a class kernel's checking process puts on itself as it
// starts (it is heatlab's own code until then), which the compiler it
// starts inherits: no core file, CPU time, address space and file size.
// The lecture's own deadline on every answer (kernel_process.h) stops what
// these do not (a kernel that sleeps or waits).

#include <cstddef>

namespace heatlab {

struct ProcessLimits {
    // CPU seconds for one request: the compile (the compiler's own), the
    // check, or one step (times the threads that step it).
    int seconds = 60;
    // Address space beyond the shared region; not set under AddressSanitizer,
    // whose shadow memory is terabytes of address space, nor where it is 0
    // (a CUDA kernel's process: the driver reserves terabytes too).
    std::size_t memoryBytes = std::size_t{4} << 30;
    // The largest file the process and the compiler may write (the kernel's
    // shared object is kilobytes).
    std::size_t fileBytes = std::size_t{64} << 20;
};

// No core file (RLIMIT_CORE 0, and not dumpable), the file size and the
// address space; the descriptors past `keepBelow` closed. Returns false
// where a limit could not be set (errno says why).
bool applyProcessLimits(const ProcessLimits& limits, int keepBelow);

// The address space limit again, for `sharedBytes` of shared region more.
void raiseMemoryLimit(const ProcessLimits& limits, std::size_t sharedBytes);

// The CPU-time limit `seconds` from now: the soft limit at the CPU time
// used so far plus `seconds` (past it the kernel gets SIGXCPU, which ends
// the process). A long lecture's steps add up; each request gets its own.
void rearmCpuLimit(int seconds);

}  // namespace heatlab
