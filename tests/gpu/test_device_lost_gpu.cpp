// A real sticky error on the device (an illegal address, provoked by
// tests/support/illegal_access.cu): the checks throw DeviceLostError, CUDA
// is not offered again in that process, and a lecture whose frame meets it
// (LectureUi offscreen through EGL on the device, its frames through
// FrameGuard as the window's and the served ones are) goes on on the CPU
// with a notice. Each in a child process of its own (a death test runs the
// binary again), as the device stays lost for the process that met it. The
// same by error code, with no device, is in tests/cpu/test_device_lost.cpp.
// Skips, visibly, without a CUDA device.

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/platform/headless_context.h"
#include "app/render/offscreen_target.h"
#include "app/ui/imgui/imgui_layer.h"
#include "app/ui/lecture/frame_guard.h"
#include "app/ui/lecture/lecture_ui.h"
#include "kernels/base/errors.h"
#include "kernels/cuda/cuda_backend.h"
#include "kernels/cuda/device_lost.h"
#include "kernels/forwarding_backend.h"
#include "tests/support/illegal_access.h"

namespace heatlab {
namespace {

// Says what did not hold, then ends the child: 0 when all held.
[[noreturn]] void exitWith(bool held, const std::string& said) {
    std::fprintf(stderr, "%s\n", said.c_str());
    std::exit(held ? 0 : 1);
}

void illegalAddressInABackend() {
    CudaBackend backend;
    std::vector<float> field(65 * 33, 0.0f);
    backend.upload(GridSize{65, 33}, field.data(), Boundary::Dirichlet);
    const cudaError_t status = provokeIllegalAddress();
    std::string thrown = "none";
    try {
        backend.synchronize();
    } catch (const DeviceLostError&) {
        thrown = "lost";
    } catch (const RuntimeError&) {
        thrown = "runtime";
    }
    const std::string reason = cudaUnavailableReason();
    exitWith(status == cudaErrorIllegalAddress && losesDevice(status) && thrown == "lost" &&
                 deviceLostBy() == cudaErrorIllegalAddress &&
                 reason.rfind("the CUDA device was lost earlier in this run", 0) == 0,
             std::string(cudaGetErrorName(status)) + " " + thrown + " | " + reason);
}

TEST(DeviceLostGpu, AnIllegalAddressIsADeviceLostErrorAndCudaIsNotOfferedAgain) {
    const std::string reason = cudaUnavailableReason();
    if (!reason.empty()) {
        GTEST_SKIP() << reason;
    }
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(illegalAddressInABackend(), ::testing::ExitedWithCode(0), "");
}

// The CUDA backend, whose `at`-th stepping call meets an illegal address:
// a kernel that faults runs first, and the backend's own wait reports it.
class IllegalAddressAt final : public ForwardingBackend {
public:
    IllegalAddressAt(std::unique_ptr<Backend> cuda, int at)
        : ForwardingBackend(std::move(cuda)), at_(at) {}
    void step(Kernel kernel, int steps, float r) override {
        due();
        ForwardingBackend::step(kernel, steps, r);
    }
    void stepMany(Kernel kernel, int steps, float r) override {
        due();
        ForwardingBackend::stepMany(kernel, steps, r);
    }
    PresentWrite stepAndPresent(Kernel kernel, int steps, float r, DeviceDisplayBuffer& display,
                                const DisplayContents& contents) override {
        due();
        return ForwardingBackend::stepAndPresent(kernel, steps, r, display, contents);
    }

private:
    void due() {
        if (++calls_ == at_) {
            (void)provokeIllegalAddress();
            inner().synchronize();  // throws DeviceLostError, as a check in a step would
        }
    }
    int at_;
    int calls_ = 0;
};

void lectureMeetingAnIllegalAddress() {
    HeadlessContext context;
    ImGuiLayer imgui(1.0f);
    OffscreenTarget target(640, 400);
    const SurfaceSize surface{{640, 400}, {640, 400}};
    LectureSettings options;
    options.params.grid = GridSize{259, 131};
    options.stepsPerFrame = 3;
    LectureUi ui(options, std::make_unique<IllegalAddressAt>(makeCudaBackend(), 3), imgui,
                 context.description());
    FrameGuard guard(ui, "heatlab");
    const auto bound = target.bind();
    std::string failed;
    long long atLoss = -1;  // the step once the frame that met it was drawn again
    int after = 0;          // frames since
    for (int frame = 0; frame < 6 && failed.empty(); ++frame) {
        try {
            guard.frame([&] { return ui.frame(surface); });
        } catch (const std::exception& e) {
            failed = e.what();
        }
        if (guard.deviceLost()) {
            atLoss < 0 ? (void)(atLoss = ui.simulation().stepCount()) : (void)++after;
        }
    }
    const std::string message = ui.lectureReadouts().message;
    const bool held =
        failed.empty() && guard.deviceLost() && ui.simulation().backend().facts().name == "cpu" &&
        ui.settings().backend == BackendChoice::Cpu &&
        message.rfind("the CUDA device failed and cannot be used again in this run (", 0) == 0 &&
        message.find("an illegal memory access") != std::string::npos &&
        message.find("its field made anew from the scene at step 0") != std::string::npos &&
        atLoss == 3 && after > 0 && ui.simulation().stepCount() == 3 + 3 * after;
    exitWith(held, failed + " | " + message + " | " + ui.simulation().backend().facts().name +
                       " | step " + std::to_string(ui.simulation().stepCount()));
}

TEST(DeviceLostGpu, ALectureWhoseFrameMeetsAnIllegalAddressGoesOnOnTheCpu) {
    const std::string reason = cudaUnavailableReason();
    if (!reason.empty()) {
        GTEST_SKIP() << reason;
    }
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(lectureMeetingAnIllegalAddress(), ::testing::ExitedWithCode(0), "");
}

}  // namespace
}  // namespace heatlab
