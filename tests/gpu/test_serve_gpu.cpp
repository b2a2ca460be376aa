// `heatlab serve` on a real GPU (EGL on the device, no X): the C++ client
// against the CUDA backend's lecture, its frames the picture `shot --ui`
// draws of the same state. Skips, visibly, without a CUDA device.

#include <string>

#include <gtest/gtest.h>

#include "kernels/cuda/cuda_backend.h"
#include "tests/support/served_picture.h"

namespace heatlab {
namespace {

TEST(ServeGpu, FramesOfTheCudaLectureDecodeToThePictureShotUiDraws) {
    const std::string reason = cudaUnavailableReason();
    if (!reason.empty()) {
        GTEST_SKIP() << reason;
    }
    const ServedAgainstShot same = servedAgainstShot(
        "--backend cuda --grid 1027x515", ::testing::TempDir() + "/heatlab_serve_gpu_same");
    EXPECT_EQ(same.header.step, 0.0);
    EXPECT_EQ(same.header.cue, 1);
    ASSERT_EQ(same.servedWidth, same.shotWidth);
    ASSERT_EQ(same.servedHeight, same.shotHeight);
    EXPECT_LT(same.meanDifference, 3.0);
    EXPECT_EQ(same.serveStatus, 0) << same.serveErr;
    EXPECT_NE(same.serveErr.find("OpenGL: EGL"), std::string::npos) << same.serveErr;
    EXPECT_NE(same.serveErr.find("NVIDIA"), std::string::npos) << same.serveErr;
}

}  // namespace
}  // namespace heatlab
