// Which CUDA errors lose the device (kernels/cuda/device_lost.h), by their
// codes: no device needed, only the toolkit's headers. A check that meets
// one throws DeviceLostError, which a lecture answers by going on on the CPU
// (app/ui/lecture/frame_guard.h), and CUDA is not offered again in that process.
// The same with a real sticky error on a device is in
// tests/gpu/test_device_lost_gpu.cpp. Skips, visibly, in a build without
// CUDA.

#include <cstdio>
#include <cstdlib>
#include <string>

#include <gtest/gtest.h>

#include "kernels/base/errors.h"

#if HEATLAB_WITH_CUDA
#include "kernels/cuda/cuda_backend.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/device_lost.h"
#endif

namespace heatlab {
namespace {

#if HEATLAB_WITH_CUDA

TEST(DeviceLost, TheStickyCudaErrorsLoseTheDeviceAndNoOthers) {
    for (const cudaError_t sticky :
         {cudaErrorIllegalAddress, cudaErrorLaunchFailure, cudaErrorHardwareStackError,
          cudaErrorIllegalInstruction, cudaErrorMisalignedAddress, cudaErrorInvalidAddressSpace,
          cudaErrorInvalidPc, cudaErrorAssert, cudaErrorLaunchTimeout, cudaErrorECCUncorrectable,
          cudaErrorNvlinkUncorrectable}) {
        EXPECT_TRUE(losesDevice(sticky)) << cudaGetErrorName(sticky);
    }
    // Newer toolkits' sticky errors, by number (kernels/cuda/device_lost.h).
    for (const int sticky : {226, 721, 810, 911}) {
        EXPECT_TRUE(losesDevice(static_cast<cudaError_t>(sticky))) << sticky;
    }
    // A failed call that leaves the context as it was: the lecture says why
    // and goes on where it runs.
    for (const cudaError_t ordinary :
         {cudaSuccess, cudaErrorMemoryAllocation, cudaErrorInvalidValue,
          cudaErrorInvalidConfiguration, cudaErrorLaunchOutOfResources, cudaErrorNoDevice,
          cudaErrorInsufficientDriver, cudaErrorNoKernelImageForDevice, cudaErrorNotReady,
          cudaErrorInvalidResourceHandle, cudaErrorUnknown}) {
        EXPECT_FALSE(losesDevice(ordinary)) << cudaGetErrorName(ordinary);
    }
}

// What a check throws for `status`: "lost", "runtime" or "none".
std::string thrownFor(cudaError_t status) {
    try {
        CUDA_CHECK(status);
    } catch (const DeviceLostError&) {
        return "lost";
    } catch (const RuntimeError&) {
        return "runtime";
    }
    return "none";
}

// In a child process of its own: the device lost is the process's for
// good, and the tests after this one in this process may make a backend.
void checkThenExit() {
    const std::string outOfMemory = thrownFor(cudaErrorMemoryAllocation);
    const std::string beforeLoss = cudaUnavailableReason();
    const std::string illegal = thrownFor(cudaErrorIllegalAddress);
    const std::string launch = thrownFor(cudaErrorLaunchFailure);
    const std::string afterLoss = cudaUnavailableReason();
    const bool held = outOfMemory == "runtime" && illegal == "lost" && launch == "lost" &&
                      beforeLoss.find("lost") == std::string::npos &&
                      afterLoss.find("the CUDA device was lost earlier in this run") == 0 &&
                      afterLoss.find("an illegal memory access") != std::string::npos;
    std::fprintf(stderr, "%s %s %s | %s | %s\n", outOfMemory.c_str(), illegal.c_str(),
                 launch.c_str(), beforeLoss.c_str(), afterLoss.c_str());
    std::exit(held ? 0 : 1);
}

TEST(DeviceLostDeathTest, ACheckMeetingAStickyErrorThrowsDeviceLostAndCudaIsNotOfferedAgain) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(checkThenExit(), ::testing::ExitedWithCode(0), "");
}

#else

TEST(DeviceLost, TheStickyCudaErrorsLoseTheDeviceAndNoOthers) {
    GTEST_SKIP() << "built without CUDA";
}

#endif

}  // namespace
}  // namespace heatlab
