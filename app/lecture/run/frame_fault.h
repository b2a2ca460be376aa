#pragma once
// The lecture's test hook: a frame that fails on demand, so what a failed
// frame does (app/ui/lecture/frame_guard.h) can be seen without a broken program or
// a broken GPU, by the tests and by hand. HEATLAB_TEST_FRAME_FAULT, read
// once as a lecture starts (prepareLecture()), wraps the lecture's backend
// in a FaultingBackend:
//
//   step[@N]    the N-th call that steps the field throws a RuntimeError
//   always[@N]  every such call from the N-th on throws one
//   lost[@N]    from the N-th such call on, every call that reaches the
//               field throws DeviceLostError, as every CUDA call does after
//               a sticky error (kernels/cuda/device_lost.h)
//
// N is 1 when not given. A frame steps its field once a pane (with no
// copy-back policy, and also while paused: zero steps), so N counts pane A's
// frames. The backends the lecture makes itself (pane B's, the bandwidth
// table's, the CPU's after a device is lost) are never wrapped.

#include <memory>
#include <optional>
#include <string>

#include "kernels/forwarding_backend.h"

namespace heatlab {

// The variable's name, for the messages and the tests.
constexpr const char* kFrameFaultVariable = "HEATLAB_TEST_FRAME_FAULT";

struct FrameFault {
    enum class Kind { Step, Always, Lost };
    Kind kind = Kind::Step;
    long long at = 1;  // the stepping call it starts at, from 1
    std::string text;  // as it was given ("step@3"), for the messages
};

// "step", "always" or "lost", each with an optional "@N" (N >= 1). Throws
// UsageError naming the variable otherwise.
FrameFault parseFrameFault(const std::string& text);

class FaultingBackend final : public ForwardingBackend {
public:
    FaultingBackend(std::unique_ptr<Backend> inner, FrameFault fault);

    // The calls that step the field (counted), and every other call that
    // reaches it (failing only once the device is "lost").
    void step(Kernel kernel, int steps, float r) override;
    void stepMany(Kernel kernel, int steps, float r) override;
    PresentWrite stepAndPresent(Kernel kernel, int steps, float r, DeviceDisplayBuffer& display,
                                const DisplayContents& contents) override;
    void upload(const GridSize& grid, const float* field, Boundary boundary) override;
    void copyToHost(float* dst, HostMemory memory) override;
    void paint(float col, float row, float radius, float value) override;
    float maxAbs() override;
    FieldRange range() override;
    double checkerboardAmplitude() override;
    CellSpot checkerboardSpot() override;
    bool requestMeasures(long long tag, bool withSpot) override;
    std::optional<FieldMeasures> finishedMeasures() override;
    void viewImage(const ViewSampling& view, float* image) override;
    void copyWindow(const CellWindow& window, float* dst) override;
    HostBuffer allocateHost(std::size_t count, HostMemory memory) override;
    void synchronize() override;

private:
    // Before a call that steps the field: throws when this one is due.
    void beforeSteps();
    // Before any other call that reaches the field: throws once it is lost.
    void failIfLost() const;

    FrameFault fault_;
    long long steppingCalls_ = 0;
    bool lost_ = false;
};

// `backend` as it is, or in a FaultingBackend where HEATLAB_TEST_FRAME_FAULT
// asks for a fault (a value it cannot read is a UsageError, exit 2).
std::unique_ptr<Backend> withFrameFaultAsked(std::unique_ptr<Backend> backend);

}  // namespace heatlab
