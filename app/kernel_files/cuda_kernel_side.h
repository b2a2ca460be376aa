#pragma once
// A CUDA class kernel's side of its checking process: the source screened
// (source_screen.h), compiled by NVRTC (nvrtc_library.h, no GPU needed),
// then, where the build has the CUDA backend and the machine a device,
// loaded with the driver API, checked against the reference on the host
// (row_kernel_check.h's checkKernelSteps, the fields copied to the device
// and back) and stepped on the two grids the lecture shares through CUDA
// IPC memory (cuda_kernel_runner.h). Where NVRTC or a device is missing
// the kernel is "unavailable": said in one line, no fault of the kernel's.

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include "app/kernel_files/kernel_wire.h"
#include "kernels/numerics/params.h"

namespace heatlab {

class CudaKernelRunner;
class NvrtcLibrary;

using KernelReplyText = std::pair<KernelAnswer, std::string>;

class CudaKernelSide {
public:
    explicit CudaKernelSide(std::string displayPath, int checkSeconds);
    ~CudaKernelSide();

    KernelReplyText load(const std::string& source, const std::optional<GridSize>& lectureGrid,
                         int device);
    KernelReplyText step(const KernelRequest& request);
    // What goes with the answer just made (kernel_facts.h), once.
    std::string takeFacts() { return std::move(facts_); }

private:
    KernelReplyText check(const GridSize& grid);
    // A refusal, or a fault where the device's context is gone (the
    // process then ends).
    KernelReplyText failure(const std::string& why) const;

    std::string displayPath_;
    int checkSeconds_;
    std::unique_ptr<NvrtcLibrary> nvrtc_;
    std::unique_ptr<CudaKernelRunner> runner_;
    std::set<std::pair<int, int>> checked_;
    std::string facts_;
};

}  // namespace heatlab
