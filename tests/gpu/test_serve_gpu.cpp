// `heatlab serve` on a real GPU (EGL on the device, no X): the C++ client
// against the CUDA backend's lecture, its frames the picture `shot --ui`
// draws of the same state. Skips, visibly, without a CUDA device.

#include <string>

#include <gtest/gtest.h>

#include "kernels/cuda/cuda_backend.h"
#include "tests/support/served_picture.h"

namespace heatlab {
namespace {

// The CUDA lecture served with `jpeg` (an encoder of --jpeg), its frame
// against shot --ui's picture, and the encoder it said it used.
void expectServedAsShot(const std::string& jpeg, const std::string& said) {
    const std::string reason = cudaUnavailableReason();
    if (!reason.empty()) {
        GTEST_SKIP() << reason;
    }
    const ServedAgainstShot same = servedAgainstShot(
        "--backend cuda --grid 1027x515", ::testing::TempDir() + "/heatlab_serve_gpu_" + jpeg,
        false, {}, "--jpeg " + jpeg);
    EXPECT_EQ(same.header.step, 0.0);
    EXPECT_EQ(same.header.cue, 1);
    ASSERT_EQ(same.servedWidth, same.shotWidth);
    ASSERT_EQ(same.servedHeight, same.shotHeight);
    EXPECT_LT(same.meanDifference, 3.0);
    EXPECT_EQ(same.serveStatus, 0) << same.serveErr;
    EXPECT_NE(same.serveErr.find("OpenGL: EGL"), std::string::npos) << same.serveErr;
    EXPECT_NE(same.serveErr.find("NVIDIA"), std::string::npos) << same.serveErr;
    EXPECT_NE(same.serveErr.find(said), std::string::npos) << same.serveErr;
}

// nvJPEG: the picture never leaves the GPU before it is a JPEG, upright
// (a frame upside down would differ by far more than JPEG's error).
TEST(ServeGpu, NvJpegFramesOfTheCudaLectureDecodeToThePictureShotUiDraws) {
    expectServedAsShot("nvjpeg", "frames as JPEG made on the GPU: nvJPEG");
}

TEST(ServeGpu, TurboJpegFramesOfTheCudaLectureDecodeToThePictureShotUiDraws) {
    expectServedAsShot("turbojpeg", "frames as JPEG through TurboJPEG");
}

}  // namespace
}  // namespace heatlab
