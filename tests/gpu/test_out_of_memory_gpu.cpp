// CUDA out of memory on a grid change in the lecture (LectureUi, offscreen
// through EGL on the device): the device is filled by the test until about
// 1 GiB is free, then a 32768 x 32768 grid (4 GiB a buffer, three buffers)
// is asked for. Refused up front when the check sees the memory gone; and
// when the check was passed before the memory went (OutOfMemoryBackend
// reports room, the real cudaMalloc then fails), the old buffers are already
// freed and the simulation puts its field back. Either way the lecture
// keeps its grid, field and step count, and the panel says why. Skips,
// visibly, without a CUDA device.

#include <cuda_runtime.h>

#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/platform/headless_context.h"
#include "app/render/offscreen_target.h"
#include "app/ui/imgui/imgui_layer.h"
#include "app/ui/lecture/lecture_ui.h"
#include "kernels/cuda/cuda_backend.h"
#include "tests/support/out_of_memory_backend.h"

namespace heatlab {
namespace {

constexpr GridSize kHuge{32768, 32768};
constexpr std::size_t kLeftFree = std::size_t{1} << 30;

// Device memory taken in 256 MiB pieces until about kLeftFree is free (no
// one allocation of nearly all of it, which fragmentation could refuse);
// given back when it goes.
class DeviceHog {
public:
    DeviceHog() {
        constexpr std::size_t kPiece = std::size_t{256} << 20;
        for (;;) {
            std::size_t free = 0;
            std::size_t total = 0;
            if (cudaMemGetInfo(&free, &total) != cudaSuccess || free < kLeftFree + kPiece) {
                break;
            }
            void* piece = nullptr;
            if (cudaMalloc(&piece, kPiece) != cudaSuccess) {
                cudaGetLastError();
                break;
            }
            pieces_.push_back(piece);
        }
    }
    ~DeviceHog() {
        for (void* piece : pieces_) {
            cudaFree(piece);
        }
    }
    DeviceHog(const DeviceHog&) = delete;
    DeviceHog& operator=(const DeviceHog&) = delete;

    std::size_t freeNow() const {
        std::size_t free = 0;
        std::size_t total = 0;
        cudaMemGetInfo(&free, &total);
        return free;
    }

private:
    std::vector<void*> pieces_;
};

class OutOfMemoryGpu : public ::testing::Test {
protected:
    void SetUp() override {
        const std::string reason = cudaUnavailableReason();
        if (!reason.empty()) {
            GTEST_SKIP() << reason;
        }
        context = std::make_unique<HeadlessContext>();
        imgui = std::make_unique<ImGuiLayer>(1.0f);
        target = std::make_unique<OffscreenTarget>(640, 400);
        options.params.grid = GridSize{259, 131};
        options.stepsPerFrame = 3;
    }

    void run(LectureUi& ui, int frames) {
        const auto bound = target->bind();
        for (int i = 0; i < frames; ++i) {
            ui.frame(SurfaceSize{{640, 400}, {640, 400}});
        }
    }

    // Asks the running lecture for the huge grid with the device nearly
    // full; checks that it keeps everything and returns the panel's message.
    std::string askForTheHugeGrid(LectureUi& ui) {
        run(ui, 3);
        ui.settings().running = false;
        run(ui, 1);
        const std::vector<float> field = ui.simulation().fieldOnHost();
        const long long steps = ui.simulation().stepCount();
        std::string message;
        {
            // The device's memory is what refuses here: the display draws
            // any grid.
            const DeviceHog hog;
            EXPECT_LT(hog.freeNow(), 3 * kHuge.bytes()) << "the device could hold the grid";
            ui.settings().params.grid = kHuge;
            ui.onKey(Key::R, false);
            EXPECT_NO_THROW(run(ui, 1));
            message = ui.lectureReadouts().message;
        }
        EXPECT_EQ(ui.simulation().params().grid.nx, 259);
        EXPECT_EQ(ui.settings().params.grid.nx, 259) << "the panel shows the grid that runs";
        EXPECT_EQ(ui.simulation().stepCount(), steps);
        EXPECT_EQ(ui.simulation().fieldOnHost(), field);
        // And the lecture runs on.
        ui.settings().running = true;
        EXPECT_NO_THROW(run(ui, 2));
        EXPECT_EQ(ui.simulation().stepCount(), steps + 6);
        return message;
    }

    std::unique_ptr<HeadlessContext> context;
    std::unique_ptr<ImGuiLayer> imgui;
    std::unique_ptr<OffscreenTarget> target;
    LectureSettings options;
};

TEST_F(OutOfMemoryGpu, AGridTheDeviceCannotHoldIsRefusedAndTheLectureKeepsItsGrid) {
    LectureUi ui(options, makeCudaBackend(), *imgui, context->description());
    const std::string message = askForTheHugeGrid(ui);
    EXPECT_EQ(message.rfind("not reset: a 32768 x 32768 grid needs ", 0), 0u) << message;
    EXPECT_NE(message.find(" on the device, "), std::string::npos) << message;
    EXPECT_NE(message.find(" are free"), std::string::npos) << message;
}

TEST_F(OutOfMemoryGpu, AnAllocationThatFailsAfterTheCheckKeepsThePreviousGridAndField) {
    auto backend = std::make_unique<OutOfMemoryBackend>(makeCudaBackend());
    LectureUi ui(options, std::move(backend), *imgui, context->description());
    const std::string message = askForTheHugeGrid(ui);
    EXPECT_EQ(message.rfind("not reset: a 32768 x 32768 grid could not be made: ", 0), 0u)
        << message;
    EXPECT_NE(message.find(cudaGetErrorString(cudaErrorMemoryAllocation)), std::string::npos)
        << message;
    EXPECT_NE(message.find("; the 259 x 131 grid and its field are kept"), std::string::npos)
        << message;
}

}  // namespace
}  // namespace heatlab
