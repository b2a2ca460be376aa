// `heatlab shot`: pictures made with no window and no display (Mesa's
// surfaceless EGL here and in CI), checked against the CPU backend's field
// through the colour map computed on the host.

#include <glad/gl.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/commands/shot_picture.h"
#include "app/io/png_file.h"
#include "app/picture/colour_map.h"
#include "kernels/cpu/cpu_backend.h"
#include "kernels/numerics/grid_modes.h"
#include "kernels/simulation.h"
#include "tests/support/run_command.h"

namespace heatlab {
namespace {

std::string tempPath(const std::string& name) { return ::testing::TempDir() + name; }

// The largest per-channel difference between a pixel and a colour.
int distance(const std::uint8_t* pixel, const Rgb8& want) {
    return std::max(
        {std::abs(pixel[0] - want.r), std::abs(pixel[1] - want.g), std::abs(pixel[2] - want.b)});
}

// Compares a grid-resolution picture with the field through the map.
void expectPictureOfField(const RgbImage& image, const std::vector<float>& field,
                          const GridSize& grid, ColourMap map, float lo, float hi) {
    ASSERT_EQ(image.width, grid.nx);
    ASSERT_EQ(image.height, grid.ny);
    int worst = 0;
    int worstCell = 0;
    for (int row = 0; row < grid.ny; ++row) {
        for (int col = 0; col < grid.nx; ++col) {
            const std::size_t cell = static_cast<std::size_t>(row) * grid.nx + col;
            const int d = distance(image.at(col, row), colourOfValue(map, field[cell], lo, hi));
            if (d > worst) {
                worst = d;
                worstCell = static_cast<int>(cell);
            }
        }
    }
    EXPECT_LE(worst, 1) << "cell " << worstCell << " holds " << field[worstCell];
}

ShotOptions optionsFor(const GridSize& grid) {
    ShotOptions o;
    o.settings.params.grid = grid;
    o.settings.params.kernel = Kernel::Optimised;
    o.settings.backend = BackendChoice::Cpu;
    return o;
}

TEST(Shot, ThePictureIsTheFieldThroughTheColourMapCellForCell) {
    const GridSize grid{67, 45};  // odd, not square: swapped or flipped rows show
    ShotOptions o = optionsFor(grid);
    ShotPipeline scene(std::make_unique<CpuBackend>(), o.settings.params);
    for (ColourMap map : allColourMaps()) {
        o.settings.picture.map = map;
        scene.simulation.reset();
        FrameSettings settings;
        settings.steps = 25;
        settings.path = DisplayPath::Interop;  // the CPU backend falls back, saying why
        settings.map = map;
        const Picture picture = takePicture(scene, o, settings);
        EXPECT_EQ(picture.frame.path, DisplayPath::ViaHost);
        EXPECT_NE(scene.view.fallbackReason().find("host memory"), std::string::npos);
        const std::vector<float> field = scene.simulation.fieldOnHost();
        const FieldRange range = scene.simulation.backend().range();
        ValueRange want{range.min, range.max};
        if (map == ColourMap::Diverging) {
            want = centredOnZero(want.lo, want.hi);
        }
        EXPECT_FLOAT_EQ(picture.range.lo, want.lo) << name(map);
        EXPECT_FLOAT_EQ(picture.range.hi, want.hi) << name(map);
        expectPictureOfField(picture.image, field, grid, map, want.lo, want.hi);
    }
}

TEST(Shot, NaNAndInfinityGetTheirOwnColourAndALockedRangeIsHonoured) {
    const GridSize grid{9, 7};
    ShotOptions o = optionsFor(grid);
    o.settings.picture.range = ColourRange{false, -0.5f, 0.5f};
    ShotPipeline scene(std::make_unique<CpuBackend>(), o.settings.params);
    std::vector<float> field(grid.cells());
    for (std::size_t i = 0; i < field.size(); ++i) {
        field[i] = -1.0f + 2.0f * static_cast<float>(i) / static_cast<float>(field.size());
    }
    field[10] = std::nanf("");
    field[20] = std::numeric_limits<float>::infinity();
    field[30] = -std::numeric_limits<float>::infinity();
    scene.simulation.backend().upload(grid, field.data(), Boundary::Dirichlet);
    FrameSettings settings;
    settings.range = o.settings.picture.range;
    const Picture picture = takePicture(scene, o, settings);
    EXPECT_EQ(picture.range.lo, -0.5f);
    EXPECT_EQ(picture.range.hi, 0.5f);
    expectPictureOfField(picture.image, field, grid, ColourMap::Heat, -0.5f, 0.5f);
    for (int cell : {10, 20, 30}) {
        EXPECT_EQ(distance(picture.image.at(cell % grid.nx, cell / grid.nx), kNanColour), 0)
            << "cell " << cell;
    }
}

// Under --lang ja every line a drawing shot says is Japanese, but for the
// OpenGL line (the driver's own words).
TEST(Shot, EveryLineItSaysIsJapaneseUnderLangJa) {
    const std::string out = ::testing::TempDir() + "heatlab-japanese-shot.png";
    const CommandResult result =
        runHeatlab("shot --lang ja --backend cpu --grid 16 --steps 2 --out " + out);
    EXPECT_EQ(result.status, 0) << result.err;
    std::istringstream said(result.err);
    int lines = 0;
    for (std::string line; std::getline(said, line);) {
        ++lines;
        if (line.rfind("heatlab shot: OpenGL: ", 0) == 0) {
            continue;
        }
        const bool japanese = std::any_of(
            line.begin(), line.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
        EXPECT_TRUE(japanese) << "English: " << line;
    }
    EXPECT_GT(lines, 0);
    std::filesystem::remove(out);
}

TEST(Shot, WritesAPngThatRecordsHowItWasMade) {
    const std::string path = tempPath("heatlab-shot-text.png");
    std::filesystem::remove(path);
    const CommandResult result = runHeatlab(
        "shot --backend cpu --grid 65x33 --kernel global --r 0.2 --steps 12 --boundary periodic "
        "--init sine --colormap grey --range -1 1 --out " +
        path);
    ASSERT_EQ(result.status, 0) << result.err;
    const DecodedPng png = readPng(path);
    EXPECT_EQ(png.image.width, 65);
    EXPECT_EQ(png.image.height, 33);
    std::map<std::string, std::string> text(png.text.begin(), png.text.end());
    EXPECT_EQ(text["heatlab.kernel"], "global");
    EXPECT_EQ(text["heatlab.r"], "0.2");
    EXPECT_EQ(text["heatlab.steps"], "12");
    EXPECT_EQ(text["heatlab.grid"], "65x33");
    EXPECT_EQ(text["heatlab.boundary"], "periodic");
    EXPECT_EQ(text["heatlab.initial"], "sine");
    EXPECT_EQ(text["heatlab.colormap"], "grey");
    EXPECT_EQ(text["heatlab.range"], "locked -1 1");
    EXPECT_EQ(text["heatlab.display-path"], "via-host");
    EXPECT_NE(text["heatlab.backend"].find("cpu"), std::string::npos);
    EXPECT_NE(text["Software"].find("heatlab"), std::string::npos);
    EXPECT_FALSE(text["heatlab.max-abs"].empty());
    // The checkerboard's growth on this grid (odd periods 63 and 31: less
    // than |1 - 8r|) and its bound, beside the infinite grid's.
    const GridSize grid{65, 33};
    EXPECT_EQ(text["heatlab.grid-growth"],
              numberText(std::fabs(highestModeFactor(grid, Boundary::Periodic, 0.2f))));
    EXPECT_EQ(text["heatlab.grid-bound"], numberText(gridStabilityBound(grid, Boundary::Periodic)));
    EXPECT_EQ(text["heatlab.infinite-grid-growth"], numberText(std::fabs(1.0 - 8.0 * 0.2f)));
    EXPECT_NE(text["heatlab.grid-growth"], text["heatlab.infinite-grid-growth"]);
    std::filesystem::remove(path);
}

TEST(Shot, NamesThePictureAfterTheStateWhenNoOutIsGiven) {
    const std::filesystem::path folder = tempPath("heatlab-shot-default-name");
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    const CommandResult result = runHeatlab(
        "shot --backend cpu --grid 16 --r 0.26 --steps 7 "
        "--out " +
        (folder / "x.png").string());
    ASSERT_EQ(result.status, 0) << result.err;
    // Without --out, in the current folder: run it there.
    const std::string command = "cd " + folder.string() + " && " + heatlabBinary() +
                                " shot --backend cpu --grid 16 --r 0.26 --steps 7 >/dev/null 2>&1";
    ASSERT_EQ(std::system(command.c_str()), 0);
    EXPECT_TRUE(std::filesystem::exists(folder / "heatlab_optimised_r0.26_step000007.png"));
    std::filesystem::remove_all(folder);
}

TEST(Shot, RecordWritesANumberedSequence) {
    const std::filesystem::path folder = tempPath("heatlab-shot-record");
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    const CommandResult result =
        runHeatlab("shot --backend cpu --grid 24 --steps 10 --record " + folder.string() +
                   " --every 3 --out " + (folder / "final.png").string());
    ASSERT_EQ(result.status, 0) << result.err;
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        names.push_back(entry.path().filename().string());
    }
    std::sort(names.begin(), names.end());
    const std::vector<std::string> want{
        "final.png",
        "heatlab_optimised_r0.24_step000003.png",
        "heatlab_optimised_r0.24_step000006.png",
        "heatlab_optimised_r0.24_step000009.png",
        "heatlab_optimised_r0.24_step000010.png",
    };
    EXPECT_EQ(names, want);
    std::filesystem::remove_all(folder);
}

TEST(Shot, TheRawFieldIsTheSimulationsFieldBitForBit) {
    const std::string path = tempPath("heatlab-shot-field.f32");
    const CommandResult result =
        runHeatlab("shot --backend cpu --grid 67x45 --steps 7 --r 0.26 --boundary periodic --out " +
                   tempPath("heatlab-shot-field.png") + " --field " + path);
    ASSERT_EQ(result.status, 0) << result.err;
    std::ifstream file(path, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(file)),
                            std::istreambuf_iterator<char>());
    Params params;
    params.grid = GridSize{67, 45};
    params.r = 0.26f;
    params.boundary = Boundary::Periodic;
    Simulation simulation(std::make_unique<CpuBackend>(), params);
    simulation.advance(7);
    const std::vector<float>& want = simulation.fieldOnHost();
    ASSERT_EQ(bytes.size(), want.size() * sizeof(float));
    EXPECT_EQ(std::memcmp(bytes.data(), want.data(), bytes.size()), 0);
    std::filesystem::remove(path);
    std::filesystem::remove(tempPath("heatlab-shot-field.png"));
}

TEST(Shot, ASlideHasTheRequestedSize) {
    const std::string path = tempPath("heatlab-shot-slide.png");
    const CommandResult result =
        runHeatlab("shot --backend cpu --grid 64x32 --steps 5 --slide 320x180 --out " + path);
    ASSERT_EQ(result.status, 0) << result.err;
    const DecodedPng png = readPng(path);
    EXPECT_EQ(png.image.width, 320);
    EXPECT_EQ(png.image.height, 180);
    std::filesystem::remove(path);
}

TEST(Shot, StatsMeasureEveryPartAndWriteJson) {
    const std::string path = tempPath("heatlab-shot-stats.json");
    const CommandResult result = runHeatlab("shot --backend cpu --grid 129 --stats " + path +
                                            " --frames 5 --steps-per-frame 4");
    ASSERT_EQ(result.status, 0) << result.err;
    EXPECT_NE(result.out.find("display update"), std::string::npos) << result.out;
    std::ifstream file(path);
    const nlohmann::json json = nlohmann::json::parse(file);
    EXPECT_EQ(json["display_path"], "via-host");
    EXPECT_EQ(json["frames"], 5);
    EXPECT_GT(json["steps_per_second_displayed"].get<double>(), 0.0);
    EXPECT_GT(json["steps_per_second_undisplayed"].get<double>(), 0.0);
    for (const char* part : {"steps", "display_update", "draw", "readback"}) {
        EXPECT_GE(json["median_ms"][part].get<double>(), 0.0) << part;
    }
    EXPECT_EQ(json["interop_registrations"], 0);
    std::filesystem::remove(path);
}

// --record makes its folder when it is not there yet (one level, as mkdir
// does; a missing parent is refused with the bad input below).
TEST(Shot, RecordMakesItsFolder) {
    const std::string folder = tempPath("heatlab-shot-record-new");
    std::filesystem::remove_all(folder);
    const CommandResult result =
        runHeatlab("shot --backend cpu --grid 24 --steps 4 --record " + folder +
                   " --every 2 --out " + tempPath("heatlab-shot-record-last.png"));
    ASSERT_EQ(result.status, 0) << result.err;
    ASSERT_TRUE(std::filesystem::is_directory(folder));
    int pictures = 0;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        pictures += entry.path().extension() == ".png" ? 1 : 0;
    }
    EXPECT_EQ(pictures, 2);
    std::filesystem::remove_all(folder);
}

TEST(Shot, BadInputIsOneLineAndExitTwoBeforeAnyWork) {
    const std::string folder = tempPath("heatlab-shot-bad");
    std::filesystem::create_directories(folder);
    for (const char* args :
         {"shot --range 1 0", "shot --range 0 nan", "shot --slide 10x10", "shot --slide 100",
          "shot --colormap rainbow", "shot --display-path pcie", "shot --sampling blur",
          "shot --out /nonexistent-folder/x.png",
          "shot --record /nonexistent-folder/clip --every 2", "shot --every 3",
          "shot --frames 0 --stats x.json", "shot --kernel copy",
          "shot --backend cpu --kernel tiled"}) {
        const CommandResult result = runHeatlab(std::string(args) + " --grid 16");
        EXPECT_EQ(result.status, 2) << args << ": " << result.err;
        EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1)
            << args << ": " << result.err;
    }
    std::filesystem::remove_all(folder);
}

}  // namespace
}  // namespace heatlab
