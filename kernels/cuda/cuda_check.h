#pragma once
// The CUDA error checks. Every runtime call in the CUDA backend goes through
// one of these, so a failure always names the file, the line and the call
// that failed, and reaches main()'s one catch as a heatlab::RuntimeError;
// a sticky error (device_lost.h: the context is lost for good) as its
// DeviceLostError, which a running lecture answers by moving to the CPU.
//
//   CUDA_CHECK(call)         throws; for everything outside destructors
//   CUDA_CHECK_PRINT(call)   only logs to stderr; for destructors and other
//                            teardown, which must never throw (a throw while
//                            another exception unwinds ends the program)
//   CUDA_CHECK_LAUNCH(name)  after a <<<...>>> launch: a launch returns no
//                            status, so a bad configuration (too many
//                            threads, too large a grid, no kernel image for
//                            this device) only shows up in cudaGetLastError.
//                            `name` (a C string) names the kernel.
//
// Each macro is a do/while(0) so it is one statement and survives a
// braceless if/else. The local is called heatlabCudaStatus_ so it cannot
// shadow a variable at the call site.
//
// Included by host-compiled code (the tests) as well as by .cu files, so it
// holds no device code.

#include <cstdio>
#include <string>

#include <cuda_runtime.h>

#include "kernels/base/errors.h"
#include "kernels/cuda/device_lost.h"

namespace heatlab::detail {

// "file:line: what: error string", the one format of every CUDA failure.
inline std::string describeCudaError(cudaError_t status, const char* what, const char* file,
                                     int line) {
    return std::string(file) + ":" + std::to_string(line) + ": " + what + ": " +
           cudaGetErrorString(status);
}

// A failed call also leaves its error as CUDA's last error, which the next
// launch check would report as its own (a refused cudaMalloc showing up as
// "launch of rangeKernel: out of memory" frames later): both clear it once
// they have reported it. A sticky error (the context is lost) stays anyway.
[[noreturn]] inline void throwCudaError(cudaError_t status, const char* what, const char* file,
                                        int line) {
    (void)cudaGetLastError();
    if (noteIfDeviceLost(status)) {
        throw DeviceLostError(describeCudaError(status, what, file, line));
    }
    throw RuntimeError(describeCudaError(status, what, file, line));
}

// Once the device is lost every buffer, stream and event let go fails the
// same way: the loss is said where it was first met, and the teardown's
// failures after it, which would only repeat it, are not.
inline void printCudaError(cudaError_t status, const char* what, const char* file,
                           int line) noexcept {
    (void)cudaGetLastError();
    const bool lostBefore = deviceLostBy() != cudaSuccess;
    if (noteIfDeviceLost(status) && lostBefore) {
        return;
    }
    std::fprintf(stderr, "%s:%d: %s: %s\n", file, line, what, cudaGetErrorString(status));
}

}  // namespace heatlab::detail

#define CUDA_CHECK(call)                                                                      \
    do {                                                                                      \
        const cudaError_t heatlabCudaStatus_ = (call);                                        \
        if (heatlabCudaStatus_ != cudaSuccess) {                                              \
            ::heatlab::detail::throwCudaError(heatlabCudaStatus_, #call, __FILE__, __LINE__); \
        }                                                                                     \
    } while (0)

#define CUDA_CHECK_PRINT(call)                                                                \
    do {                                                                                      \
        const cudaError_t heatlabCudaStatus_ = (call);                                        \
        if (heatlabCudaStatus_ != cudaSuccess) {                                              \
            ::heatlab::detail::printCudaError(heatlabCudaStatus_, #call, __FILE__, __LINE__); \
        }                                                                                     \
    } while (0)

// cudaGetLastError also clears the error it returns, so a launch failure is
// reported once, here, and not again by the next unrelated check.
#define CUDA_CHECK_LAUNCH(name)                                                             \
    do {                                                                                    \
        const cudaError_t heatlabCudaStatus_ = cudaGetLastError();                          \
        if (heatlabCudaStatus_ != cudaSuccess) {                                            \
            ::heatlab::detail::throwCudaError(heatlabCudaStatus_,                           \
                                              (std::string("launch of ") + (name)).c_str(), \
                                              __FILE__, __LINE__);                          \
        }                                                                                   \
    } while (0)
