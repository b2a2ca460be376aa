// The surface view on a real GPU, through EGL on the device (no X): the
// field on the interop path, the mesh's image made by CUDA where the field
// lives, drawn without a GL error, and the sine field's checkerboard at
// r = 0.26 (grown from float round-off) standing as spikes that alternate
// light and dark along the picture's middle row, where r = 0.24 is smooth.
// Skips, visibly, without a CUDA device.

#include <memory>

#include <gtest/gtest.h>

#include "app/picture/surface_mesh.h"
#include "app/platform/headless_context.h"
#include "app/render/frame.h"
#include "app/render/offscreen_target.h"
#include "kernels/cuda/cuda_backend.h"
#include "tests/support/picture_checks.h"

namespace heatlab {
namespace {

constexpr int kSide = 512;

TEST(SurfaceGpu, TheInteropSurfaceDrawsAndItsSpikesAlternate) {
    const std::string reason = cudaUnavailableReason();
    if (!reason.empty()) {
        GTEST_SKIP() << reason;
    }
    HeadlessContext context;
    FieldRenderer renderer;
    GlField view;
    int turns[2] = {0, 0};
    const float rs[2] = {0.26f, 0.24f};
    for (int i = 0; i < 2; ++i) {
        Params p;
        p.grid = GridSize{1024, 1024};
        p.r = rs[i];
        p.initial = InitialCondition::Sine;
        Simulation simulation(std::make_unique<CudaBackend>(), p);
        simulation.advance(399);
        OffscreenTarget target(kSide, kSide);
        const auto bound = target.bind();
        FrameSettings settings;
        settings.path = DisplayPath::Interop;
        settings.surface = true;
        settings.steps = 1;  // the last step writes the display buffer and the mesh's image
        const FrameStats frame =
            runFrame(simulation, view, renderer, settings, 0, 0, kSide, kSide, false);
        EXPECT_EQ(frame.path, DisplayPath::Interop) << view.fallbackReason();
        EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
        EXPECT_FALSE(
            surfaceMesh(fitView(1024, 1024, kSide, kSide), kSide, kSide, p.grid).fromField);
        turns[i] = turnsAlongRow(target.read(), kSide / 2, 12.0);
    }
    EXPECT_GE(turns[0], 20) << "unstable";
    EXPECT_LE(turns[1], 4) << "stable";
}

}  // namespace
}  // namespace heatlab
