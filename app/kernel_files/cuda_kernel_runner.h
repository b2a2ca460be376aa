#pragma once
// A CUDA class kernel in its checking process, through the driver API,
// loaded at run time (libcuda.so.1 by dlopen, as the backend finds it):
// the module NVRTC made, its entry point `step` and its launch declaration
// (HEATLAB_LAUNCH: heatlab_kernel.h), launched for the check on copies of
// the check's fields (with canaries beside them on the device), and for
// the lecture on the two grids it shares through CUDA IPC memory. A fault
// on the device (an illegal address) poisons this process's context only:
// it is reported and the process ends; the lecture's context is another
// process's. Built with the CUDA backend only.

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "kernels/numerics/params.h"

namespace heatlab {

// What the driver says a loaded kernel takes.
struct CudaResources {
    int registers = 0;    // a thread's
    int localBytes = 0;   // a thread's local memory (spills, local arrays)
    int sharedBytes = 0;  // a block's shared memory: static, and the launch's dynamic
};

// A CUDA IPC memory handle as cudaIpcGetMemHandle makes it.
struct IpcHandle {
    unsigned char bytes[64];
};

class CudaKernelRunner {
public:
    // The driver, device `ordinal` and its primary context; nullptr and
    // `*why` one line where there is none (no driver, no device).
    static std::unique_ptr<CudaKernelRunner> open(int ordinal, std::string* why);
    ~CudaKernelRunner();
    CudaKernelRunner(const CudaKernelRunner&) = delete;
    CudaKernelRunner& operator=(const CudaKernelRunner&) = delete;

    // "sm_90": what NVRTC compiles for this device.
    std::string architecture() const;

    // Loads the compiled module and finds the contract's two symbols:
    // empty, or why not.
    std::string load(const std::vector<char>& image);

    // The check's step (row_kernel_check.h's CheckedStep): `in` and `out`
    // copied to the device, the kernel launched, both copied back; empty,
    // or what it did beside the fields, or the device's error.
    std::string checkedStep(const float* in, float* out, const GridSize& grid, float r);

    // The lecture's step: the kernel from the shared grid `in` into `out`
    // (each opened once, kept while the lecture keeps it, closed when it
    // asks with another); empty or the device's error.
    std::string sharedStep(const IpcHandle& in, const IpcHandle& out, const GridSize& grid,
                           float r);

    // Whether a fault has poisoned this process's context: nothing more
    // can run here.
    bool contextLost() const { return lost_; }

    // What NVRTC made, as the driver sees it: registers a thread, bytes
    // spilled, the block's shape and rule ("30 registers, 0 bytes spilled,
    // blocks of 16 x 16 covering the interior").
    std::string resources() const;
    CudaResources resourceCounts() const;

private:
    struct Driver;
    struct Launch {
        int blockX = 0;
        int blockY = 0;
        int rule = 0;
        int sharedBytes = 0;
    };
    CudaKernelRunner() = default;
    std::string launch(std::uint64_t in, std::uint64_t out, const GridSize& grid, float r);
    std::string failed(const char* what, int result);
    // The handle's pointer in this process, opened at its first use; 0 and
    // the driver's error in *why where it cannot be.
    std::uint64_t opened(const IpcHandle& handle, std::string* why);
    void closeOpened();

    std::unique_ptr<Driver> driver_;
    void* context_ = nullptr;
    void* module_ = nullptr;
    void* function_ = nullptr;
    int ordinal_ = 0;
    int major_ = 0;
    int minor_ = 0;
    Launch launch_;
    bool lost_ = false;
    std::map<std::string, std::uint64_t> openedHandles_;
};

}  // namespace heatlab
