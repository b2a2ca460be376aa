#pragma once
// The CUDA backend: the field lives on the device as two ping-pong buffers,
// steps are queued on a compute stream, and pinned copies to the host run on
// a second stream so they can overlap later steps.
//
// This header names no CUDA type, so any host translation unit can include
// it with only the repository root on its include path; the streams, events and buffers
// live in CudaBackend::Resources, defined in cuda_backend.cu.

#include <memory>
#include <string>
#include <vector>

#include "kernels/ping_pong_backend.h"

namespace heatlab {

namespace cuda {
struct Launcher;
struct StepBuffers;
}  // namespace cuda

// "" when a CUDA device is usable by this binary, otherwise one line saying
// why not (no driver, no device, no kernel image for its architecture, the
// device lost earlier in this process: device_lost.h).
std::string cudaUnavailableReason();

// The CUDA backend on the current device; throws RuntimeError carrying
// cudaUnavailableReason() when there is none.
std::unique_ptr<Backend> makeCudaBackend();

class CudaBackend final : public PingPongBackend {
public:
    // Uses the current CUDA device (device 0 unless the caller chose another).
    CudaBackend();
    ~CudaBackend() override;  // waits for queued work; never throws

    CudaBackend(const CudaBackend&) = delete;
    CudaBackend& operator=(const CudaBackend&) = delete;

    std::size_t availableBytes() const override;
    // Two ping-pong buffers plus the three-pass laplacian scratch, and the
    // resident kernel's exchange where it holds the grid on chip: every
    // buffer upload() allocates (cuda_resources.h counts them).
    std::size_t bytesNeeded(const GridSize& grid) const override;
    // Its launcher table's (cuda_kernel_table.cuh).
    std::vector<Kernel> kernels() const override { return kernelList(); }
    // What kernels() returns, without a device (a cue list checked as read).
    static std::vector<Kernel> kernelList();

    void upload(const GridSize& grid, const float* field, Boundary boundary) override;
    // A strip of rows at a time through a small host buffer.
    void uploadInitial(const GridSize& grid, InitialCondition initial, Boundary boundary) override;
    // Device to device from another CUDA backend (on this device).
    void uploadFrom(Backend& source, const GridSize& grid, Boundary boundary) override;
    // Where the device has room for a new grid's buffers beside the old.
    bool keepsFieldIfUploadFails(const GridSize& grid) const override;
    void step(Kernel kernel, int steps, float r) override;
    void stepMany(Kernel kernel, int steps, float r) override;
    ManySteps manySteps(Kernel kernel, const GridSize& grid, Boundary boundary) const override;
    void systemCopy() override;
    void arithmeticBurst() override;
    double arithmeticBurstFlops() const override;
    void copyToHost(float* dst, HostMemory memory) override;
    void paint(float col, float row, float radius, float value) override;
    float maxAbs() override;
    FieldRange range() override;
    double checkerboardAmplitude() override;
    CellSpot checkerboardSpot() override;
    bool requestMeasures(long long tag, bool withSpot) override;
    std::optional<FieldMeasures> finishedMeasures() override;
    PresentWrite stepAndPresent(Kernel kernel, int steps, float r, DeviceDisplayBuffer& display,
                                const DisplayContents& contents) override;
    void viewImage(const ViewSampling& view, float* image) override;
    // cudaMemcpy2D of the window's rows.
    void copyWindow(const CellWindow& window, float* dst) override;
    HostBuffer allocateHost(std::size_t count, HostMemory memory) override;
    // Times on the compute stream; must not outlive this backend.
    std::unique_ptr<Stopwatch> stopwatch() override;
    void synchronize() override;

protected:
    // 4 steps a pass where both buffers fit in the L2 cache (a pass there
    // is short and more steps cost more recomputed overlap than they save),
    // 8 where they come from memory: the deepest the one-warp-a-strip kernel
    // goes; the block pipeline's 16 measured slower (kernels/NOTEBOOK.md).
    int automaticTimeBlock(const GridSize& grid) const override;

private:
    struct Resources;

    // Makes the buffers hold `grid` under `boundary`, their values unset
    // (upload() and its kind fill them): see cuda_backend.cu.
    void allocateFor(const GridSize& grid, Boundary boundary);

    // Orders the compute stream after any pinned copy still reading buffer
    // `index`, so a kernel never overwrites a field while it is copied out.
    void beforeWriting(int index);
    // `steps` steps, one launch each or, for the temporal kernel, passes of
    // timeBlockFor(grid_) steps and single steps for the rest (runSteps()).
    void queueSteps(Kernel kernel, int steps, float r);
    // What a launcher is handed for a step from the newest buffer now.
    cuda::StepBuffers stepBuffers(float r);
    // One step.
    void stepOnce(const cuda::Launcher& launcher, float r);
    // Whether stepMany() runs `kernel` on `grid` on chip: its launcher has
    // an on-chip form (the resident kernel: the optimised step with the
    // whole grid held on chip, one launch for all the steps) and the grid
    // and boundary fit it (cuda::residentFits()).
    bool runsResident(Kernel kernel, const GridSize& grid, Boundary boundary) const;
    // Queues kStepsPerGraph steps as one graph launch, capturing the graph
    // the first time this kernel, r and buffer parity ask for it.
    void stepGraph(Kernel kernel, float r);

    std::size_t l2Bytes_ = 0;
    std::unique_ptr<Resources> resources_;
};

}  // namespace heatlab
