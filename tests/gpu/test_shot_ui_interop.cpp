// `heatlab shot --ui` on a real GPU, through EGL on the device (no X): the
// whole window, panel included, drawn with the field on the interop path.
// Skips, visibly, without a CUDA device.

#include <filesystem>
#include <map>
#include <string>

#include <gtest/gtest.h>

#include "app/io/png_file.h"
#include "app/picture/colour_map.h"
#include "app/ui/panel/panel.h"
#include "kernels/cuda/cuda_backend.h"
#include "tests/support/picture_checks.h"
#include "tests/support/run_command.h"

namespace heatlab {
namespace {

TEST(ShotUiInterop, TheWindowIsDrawnWithTheFieldOnTheInteropPath) {
    const std::string reason = cudaUnavailableReason();
    if (!reason.empty()) {
        GTEST_SKIP() << reason;
    }
    const std::string path = ::testing::TempDir() + "heatlab-shot-ui-interop.png";
    std::filesystem::remove(path);
    const CommandResult result = runHeatlab(
        "shot --ui --backend cuda --grid 259x131 --steps 20 --steps-per-frame 7 --size 1000x600 "
        "--out " +
        path);
    ASSERT_EQ(result.status, 0) << result.err;
    const DecodedPng png = readPng(path);
    ASSERT_EQ(png.image.width, 1000);
    ASSERT_EQ(png.image.height, 600);
    const std::map<std::string, std::string> text(png.text.begin(), png.text.end());
    EXPECT_EQ(text.at("heatlab.display-path"), "interop");
    EXPECT_EQ(text.at("heatlab.steps"), "20");
    // The middle row crosses the hot square (33 cells, n/4 + 1 of the
    // shorter side), whose middle stays at the top of the automatic range,
    // drawn at about 2 pixels a cell.
    const int leftOfPanel = 1000 - static_cast<int>(kPanelWidth);
    const Rgb8 hot = colourOfValue(ColourMap::Heat, 1.0f, 0.0f, 1.0f);
    const int hotPixels = pixelsOfColour(png.image, 300, leftOfPanel, hot);
    EXPECT_GT(hotPixels, 6);
    EXPECT_LT(hotPixels, 33 * 3);
    std::filesystem::remove(path);
}

}  // namespace
}  // namespace heatlab
