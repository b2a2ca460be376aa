#pragma once
// Which CUDA errors lose the device for the rest of the process, and
// whether one was met. The runtime's documentation of each (driver_types.h)
// says of these: "This leaves the process in an inconsistent state and any
// further CUDA work will return the same error. To continue using CUDA, the
// process must be terminated and relaunched" (or words to that effect); an
// uncorrectable ECC or NVLink error is the hardware's, no better. Every
// other error (out of memory, an invalid value, a bad launch configuration)
// fails the one call and leaves the context as it was.
//
// Included by host-compiled code (the tests) as well as by .cu files, so it
// holds no device code.

#include <atomic>

#include <cuda_runtime.h>

namespace heatlab {

// Whether `status` leaves the CUDA context unusable: a sticky error.
// Compared by number where an enumerator is newer than the oldest toolkit
// the build takes (CUDA 11.8), so every toolkit classifies alike.
inline bool losesDevice(cudaError_t status) {
    switch (static_cast<int>(status)) {
    case cudaErrorECCUncorrectable:     // 214
    case cudaErrorNvlinkUncorrectable:  // 220
    case 226:                           // cudaErrorContained (CUDA 12.x)
    case cudaErrorIllegalAddress:       // 700
    case cudaErrorLaunchTimeout:        // 702
    case cudaErrorAssert:               // 710
    case cudaErrorHardwareStackError:   // 714
    case cudaErrorIllegalInstruction:   // 715
    case cudaErrorMisalignedAddress:    // 716
    case cudaErrorInvalidAddressSpace:  // 717
    case cudaErrorInvalidPc:            // 718
    case cudaErrorLaunchFailure:        // 719
    case 721:                           // cudaErrorTensorMemoryLeak (CUDA 12.8)
    case 810:                           // cudaErrorMpsClientTerminated
    case 911:                           // cudaErrorExternalDevice
        return true;
    default: return false;
    }
}

namespace detail {

// The first sticky error this process met (cudaSuccess while none): from
// then on no CUDA backend can be made here (cudaUnavailableReason()), and a
// failure of the teardown is said once, not once for each buffer let go.
inline std::atomic<int>& firstLostStatus() {
    static std::atomic<int> status{cudaSuccess};
    return status;
}

}  // namespace detail

// Records `status` where it is the first sticky error met; returns whether
// it is sticky.
inline bool noteIfDeviceLost(cudaError_t status) {
    if (!losesDevice(status)) {
        return false;
    }
    int none = cudaSuccess;
    detail::firstLostStatus().compare_exchange_strong(none, static_cast<int>(status));
    return true;
}

// The sticky error that lost the device in this process, or cudaSuccess.
inline cudaError_t deviceLostBy() {
    return static_cast<cudaError_t>(detail::firstLostStatus().load());
}

}  // namespace heatlab
