#pragma once
// The checking process's side: the body of the hidden command `heatlab
// __kernel-process`, which the lecture starts by exec (kernel_process.h)
// and no user types. It closes every descriptor it was not given, puts its
// limits on itself (process_limits.h), then answers the lecture's requests
// (kernel_wire.h) one at a time: compile and check a kernel
// (cxx_compiler.h, kernels/class/row_kernel_check.h), then step the field
// the lecture shares with it. A fault in the kernel ends this process only,
// after one line to the lecture on what happened (kernel_fault.h).

namespace heatlab {

// The hidden command's word, argv[1].
constexpr const char* kKernelProcessCommand = "__kernel-process";

// The descriptors the lecture hands it: the shared memory and the socket.
constexpr int kKernelRegionFd = 3;
constexpr int kKernelSocketFd = 4;

// argv: heatlab __kernel-process FOLDER NAME DISPLAY-PATH SECONDS LANG
// cxx|cuda.
// Returns the process's exit status.
int runKernelProcess(int argc, char** argv);

}  // namespace heatlab
