#pragma once
// What the panel shows beside a kernel file's state, sent by its process
// with each answer to a load (kernel_wire.h's facts) as lines of text: how
// the version that passed was built (the compiler, its options, the
// compile's and the check's times; for CUDA, where a device was there to
// ask, registers, local and shared memory), or where the version that
// failed was wrong (kernels/class/wrong_report.h).

#include <optional>
#include <string>

#include "kernels/class/wrong_report.h"

namespace heatlab {

struct KernelBuild {
    std::string compiler;  // "c++ (the system's)", "NVRTC 13.0 (libnvrtc.so.13)"
    std::string options;   // its options, as one line
    double compileSeconds = 0.0;
    double checkSeconds = 0.0;
    int checkedGrids = 0;
    // CUDA, as the driver sees the kernel; -1 where not known (no device).
    int registers = -1;    // a thread's
    int localBytes = -1;   // a thread's local memory: spilled registers and local arrays
    int sharedBytes = -1;  // a block's shared memory, static and dynamic
};

struct KernelFacts {
    std::optional<KernelBuild> build;
    std::optional<WrongReport> wrong;
};

std::string kernelBuildText(const KernelBuild& build);
// Text that holds neither gives neither.
KernelFacts parseKernelFacts(const std::string& text);

}  // namespace heatlab
