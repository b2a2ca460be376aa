// A picture of the field larger than the GL's targets, drawn in tiles: the
// tiles' pixels are those of one draw into one target, and `heatlab shot`
// writes a grid longer than any GL side at one pixel per cell.

#include <glad/gl.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/commands/shot_picture.h"
#include "app/io/png_file.h"
#include "app/picture/colour_map.h"
#include "app/render/offscreen_target.h"
#include "kernels/cpu/cpu_backend.h"
#include "kernels/numerics/view_image.h"
#include "tests/support/run_command.h"

namespace heatlab {
namespace {

std::string tempPath(const std::string& name) { return ::testing::TempDir() + name; }

// A field whose neighbouring cells all differ (a misplaced or flipped tile
// shows), a NaN and both infinities among them.
std::vector<float> jumbledField(const GridSize& grid) {
    std::vector<float> field(grid.cells());
    std::uint32_t state = 12345u;
    for (float& v : field) {
        state = state * 1664525u + 1013904223u;
        v = static_cast<float>(state >> 8) / static_cast<float>(1u << 24) * 3.0f - 1.0f;
    }
    field[17] = std::nanf("");
    field[grid.cells() / 2] = std::numeric_limits<float>::infinity();
    field[grid.cells() - 5] = -std::numeric_limits<float>::infinity();
    return field;
}

// The field drawn the way pictureOfField() drew it before tiles: one target
// of the grid's size, one frame fitted to it (no steps: the field as it is).
RgbImage oneTargetPicture(ShotPipeline& scene, const FrameSettings& settings) {
    const GridSize grid = scene.simulation.params().grid;
    OffscreenTarget target(grid.nx, grid.ny);
    {
        const auto bound = target.bind();
        FrameSettings frame = settings;
        frame.steps = 0;
        frame.view.reset();
        runFrame(scene.simulation, scene.view, scene.renderer, frame, 0, 0, grid.nx, grid.ny,
                 false);
    }
    return target.read();
}

// Every pixel the same, naming the first that differs.
void expectSamePixels(const RgbImage& got, const RgbImage& want, const std::string& what) {
    ASSERT_EQ(got.width, want.width) << what;
    ASSERT_EQ(got.height, want.height) << what;
    ASSERT_EQ(got.pixels.size(), want.pixels.size()) << what;
    for (int y = 0; y < want.height; ++y) {
        for (int x = 0; x < want.width; ++x) {
            if (std::memcmp(got.at(x, y), want.at(x, y), 3) != 0) {
                ADD_FAILURE() << what << ": pixel (" << x << ", " << y << ") differs";
                return;
            }
        }
    }
}

TEST(TiledPicture, TilesGiveThePixelsOfOneTargetBitForBit) {
    const GridSize grid{67, 45};  // odd, not square: 16 and 7 divide neither side
    Params params;
    params.grid = grid;
    ShotPipeline scene(std::make_unique<CpuBackend>(), params);
    const std::vector<float> field = jumbledField(grid);
    for (const ColourRange range : {ColourRange{}, ColourRange{false, -0.5f, 0.75f}}) {
        for (ColourMap map : allColourMaps()) {
            for (int tileSide : {16, 7}) {
                const std::string what = std::string(name(map)) +
                                         (range.automatic ? " automatic" : " locked") +
                                         ", tiles of " + std::to_string(tileSide);
                scene.simulation.backend().upload(grid, field.data(), Boundary::Dirichlet);
                FrameSettings settings;
                settings.map = map;
                settings.range = range;
                const Picture tiled = pictureOfField(scene.simulation, scene.view, scene.renderer,
                                                     settings, tileSide);
                const Picture whole =
                    pictureOfField(scene.simulation, scene.view, scene.renderer, settings);
                expectSamePixels(tiled.image, oneTargetPicture(scene, settings), what);
                expectSamePixels(whole.image, tiled.image, what + " (default tiles)");
                EXPECT_EQ(tiled.range.lo, whole.range.lo) << what;
                EXPECT_EQ(tiled.range.hi, whole.range.hi) << what;
            }
        }
    }
}

TEST(TiledPicture, TheStepsRunOnceForAllTiles) {
    const GridSize grid{40, 24};
    Params params;
    params.grid = grid;
    ShotPipeline scene(std::make_unique<CpuBackend>(), params);
    FrameSettings settings;
    settings.steps = 9;
    const Picture tiled = pictureOfField(scene.simulation, scene.view, scene.renderer, settings, 8);
    EXPECT_EQ(scene.simulation.stepCount(), 9);
    expectSamePixels(tiled.image, oneTargetPicture(scene, settings), "after 9 steps");
}

TEST(TiledPicture, AGridLongerThanAnyGlSideIsTheFieldCellForCell) {
    const GridSize grid{3, 65536};
    Params params;
    params.grid = grid;
    ShotPipeline scene(std::make_unique<CpuBackend>(), params);
    std::vector<float> field = jumbledField(grid);
    scene.simulation.backend().upload(grid, field.data(), Boundary::Dirichlet);
    const FrameSettings settings;
    const Picture picture = pictureOfField(scene.simulation, scene.view, scene.renderer, settings);
    ASSERT_EQ(picture.image.width, grid.nx);
    ASSERT_EQ(picture.image.height, grid.ny);
    int worst = 0;
    std::size_t worstCell = 0;
    for (int row = 0; row < grid.ny; ++row) {
        for (int col = 0; col < grid.nx; ++col) {
            const std::size_t cell = static_cast<std::size_t>(row) * grid.nx + col;
            const Rgb8 want =
                colourOfValue(ColourMap::Heat, field[cell], picture.range.lo, picture.range.hi);
            const std::uint8_t* got = picture.image.at(col, row);
            const int d = std::max(
                {std::abs(got[0] - want.r), std::abs(got[1] - want.g), std::abs(got[2] - want.b)});
            if (d > worst) {
                worst = d;
                worstCell = cell;
            }
        }
    }
    EXPECT_LE(worst, 1) << "cell " << worstCell << " holds " << field[worstCell];
    // Other seams, the same pixels.
    const Picture other =
        pictureOfField(scene.simulation, scene.view, scene.renderer, settings, 1000);
    expectSamePixels(other.image, picture.image, "tiles of 1000");
}

// The window's field screenshot of a grid past the pixels a PNG may have is
// drawn at a whole number of cells a pixel (fieldPictureCellsPerPixel()):
// here 3 on a 301 x 200 grid, ceil(301 / 3) x ceil(200 / 3) pixels, the
// grid centred in their 303 x 201 cells (no pixel off it, every cell under
// one), each the view image's rule at its place, the same in tiles of any
// side, and said in its text.
TEST(TiledPicture, APictureAtWholeCellsAPixelIsTheViewImagesRuleInAnyTiles) {
    const GridSize grid{301, 200};
    Params params;
    params.grid = grid;
    ShotPipeline scene(std::make_unique<CpuBackend>(), params);
    const std::vector<float> field = jumbledField(grid);
    scene.simulation.backend().upload(grid, field.data(), Boundary::Dirichlet);
    FrameSettings settings;
    settings.range = ColourRange{false, -1.0f, 2.0f};
    const Picture picture =
        pictureOfField(scene.simulation, scene.view, scene.renderer, settings, 0, 3);
    ASSERT_EQ(picture.image.width, 101);
    ASSERT_EQ(picture.image.height, 67);
    ViewSampling rule;
    rule.originCol = -1.0f;  // (303 - 301) / 2
    rule.originRow = -0.5f;  // (201 - 200) / 2
    rule.cellsPerPixel = 3.0f;
    rule.width = 101;
    rule.height = 67;
    int off = 0;
    for (int py = 0; py < rule.height; ++py) {
        for (int px = 0; px < rule.width; ++px) {
            const float v = viewPixel(field.data(), grid.nx, grid.ny, rule, px, py);
            const Rgb8 want = colourOfValue(ColourMap::Heat, v, -1.0f, 2.0f);
            const std::uint8_t* got = picture.image.at(px, py);
            off += std::max({std::abs(got[0] - want.r), std::abs(got[1] - want.g),
                             std::abs(got[2] - want.b)}) > 1;
        }
    }
    EXPECT_EQ(off, 0);
    const Picture tiled =
        pictureOfField(scene.simulation, scene.view, scene.renderer, settings, 16, 3);
    expectSamePixels(tiled.image, picture.image, "tiles of 16, 3 cells a pixel");
    const std::map<std::string, std::string> text(picture.text.begin(), picture.text.end());
    EXPECT_EQ(text.at("heatlab.cells-per-pixel"), "3");
}

TEST(TiledPicture, ShotWritesAGridLongerThanAnyGlSideAtOnePixelACell) {
    const std::string path = tempPath("heatlab-shot-3x65536.png");
    std::filesystem::remove(path);
    const CommandResult result =
        runHeatlab("shot --grid 3x65536 --steps 2 --backend cpu --out " + path);
    ASSERT_EQ(result.status, 0) << result.err;
    const DecodedPng png = readPng(path);
    EXPECT_EQ(png.image.width, 3);
    EXPECT_EQ(png.image.height, 65536);
    std::filesystem::remove(path);
}

}  // namespace
}  // namespace heatlab
