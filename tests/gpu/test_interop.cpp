// The interop display path on a real GPU, through EGL on the device (no X):
// the cells CUDA writes are those the backend keeps, bit for bit, for every
// kernel; the picture equals the via-host path's, at 259 x 131 and at
// 16384 x 16384 (past any GL's buffer texture: the display holds the view,
// never the grid); and the GL buffer is registered with CUDA once per view
// size. Skips, visibly, without a CUDA device.

#include <glad/gl.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/commands/shot_picture.h"
#include "app/render/frame.h"
#include "app/render/offscreen_target.h"
#include "app/render/shader_readback.h"
#include "kernels/cuda/cuda_backend.h"

namespace heatlab {
namespace {

// `count` floats of the buffer behind `texture` from `offset`, read as a
// frame reads them, in a shader (shader_readback.h): GL's own copies of the
// imported memory answered stale values on an H100.
std::vector<float> readBehind(GLuint texture, std::size_t offset, std::size_t count) {
    GLint buffer = 0;
    glBindTexture(GL_TEXTURE_BUFFER, texture);
    glGetTexLevelParameteriv(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_BUFFER_DATA_STORE_BINDING, &buffer);
    glBindTexture(GL_TEXTURE_BUFFER, 0);
    std::vector<float> values(count);
    std::string why;
    constexpr GLuint64 kSecondNs = 1'000'000'000;
    EXPECT_TRUE(readBufferInShader(static_cast<GLuint>(buffer), offset, count, values.data(),
                                   kSecondNs, &why))
        << why;
    return values;
}

class Interop : public ::testing::Test {
protected:
    void SetUp() override {
        const std::string reason = cudaUnavailableReason();
        if (!reason.empty()) {
            GTEST_SKIP() << reason;
        }
        options.settings.params.grid = GridSize{259, 131};  // no multiple of any block or tile
        options.settings.backend = BackendChoice::Cuda;
        scene = std::make_unique<ShotPipeline>(makeCudaBackend(), options.settings.params);
        std::printf("OpenGL: %s\n", scene->context.description().c_str());
    }

    // The GL buffer's contents, read back through GL.
    // A fresh field of `kernel` past the bound (negative values and the
    // checkerboard on display), on `boundary`.
    void restartUnstable(Kernel kernel, Boundary boundary = Boundary::Dirichlet) {
        Params params = options.settings.params;
        params.kernel = kernel;
        params.boundary = boundary;
        params.r = 0.26f;
        scene->simulation.setParams(params);
        scene->simulation.reset();
    }

    // What the drawn buffer holds of the view (its cells or its image), and
    // its range, read back through GL.
    std::vector<float> viewTexels() {
        const DisplayContents& held = *scene->view.drawn();
        return readBehind(scene->view.texture(), held.layout.viewOffset(),
                          held.image ? held.image->pixels() : held.cells.cells());
    }
    std::vector<float> rangeTexels() { return readBehind(scene->view.texture(), 0, 2); }

    ShotOptions options;
    std::unique_ptr<ShotPipeline> scene;
};

// Interop shares memory within one GPU: the headless context is the EGL
// device CUDA computes on, never the surfaceless platform (which NVIDIA's
// EGL also offers, and where GL's reads of CUDA's writes were seen stale on
// an H100 whose driver names its device support EGL_EXT_device_base only).
TEST_F(Interop, TheHeadlessContextIsTheEglDeviceCudaComputesOn) {
    const std::string description = scene->context.description();
    ASSERT_NE(description.find("NVIDIA"), std::string::npos) << description;
    EXPECT_EQ(description.rfind("EGL device (CUDA device 0), ", 0), 0u) << description;
}

TEST_F(Interop, TheDisplayedBufferIsTheKeptFieldBitForBitForEveryKernel) {
    for (Kernel kernel : scene->simulation.backend().kernels()) {
        for (Boundary boundary : allBoundaries()) {
            restartUnstable(kernel, boundary);
            FrameSettings settings;
            settings.path = DisplayPath::Interop;
            settings.steps = 7;
            const Picture interop = takePicture(*scene, options, settings);
            ASSERT_EQ(interop.frame.path, DisplayPath::Interop)
                << "interop fell back: " << scene->view.fallbackReason();
            EXPECT_EQ(*interop.frame.presentWrite, PresentWrite::ByLastStep);
            // One pixel a cell of the whole grid: its window is the grid.
            ASSERT_TRUE(scene->view.drawn()->cells == (CellWindow{0, 0, 259, 131}));
            const std::vector<float> shown = viewTexels();
            const std::vector<float>& kept = scene->simulation.fieldOnHost();
            const std::string where = std::string(name(kernel)) + ", " + name(boundary);
            ASSERT_EQ(shown.size(), kept.size());
            ASSERT_EQ(std::memcmp(shown.data(), kept.data(), kept.size() * sizeof(float)), 0)
                << where;
            const FieldRange range = scene->simulation.backend().range();
            const std::vector<float> ends = rangeTexels();
            EXPECT_EQ(ends[0], range.min) << where;
            EXPECT_EQ(ends[1], range.max) << where;

            settings.path = DisplayPath::ViaHost;
            settings.steps = 0;
            const Picture viaHost = takePicture(*scene, options, settings);
            EXPECT_EQ(viaHost.frame.path, DisplayPath::ViaHost);
            EXPECT_EQ(viaHost.image.pixels, interop.image.pixels) << where;
        }
    }
}

// A minified view's image, made on the device beside the field (interop) or
// by the CUDA backend into host memory and uploaded (via host): the same
// texels bit for bit, and the same picture, for every kernel.
TEST_F(Interop, TheViewImageIsTheSameOnBothPathsBitForBitForEveryKernel) {
    const auto imageTexels = [this] { return viewTexels(); };
    options.slide = GridSize{200, 120};  // the 259 x 131 grid at about 1.6 cells a pixel
    for (Kernel kernel : scene->simulation.backend().stencilKernels()) {
        restartUnstable(kernel);
        FrameSettings settings;
        settings.path = DisplayPath::Interop;
        settings.steps = 40;
        const Picture interop = takePicture(*scene, options, settings);
        ASSERT_EQ(interop.frame.path, DisplayPath::Interop) << scene->view.fallbackReason();
        ASSERT_TRUE(scene->view.drawn()->image) << "minified: the image was made";
        const std::vector<float> onDevice = imageTexels();
        settings.path = DisplayPath::ViaHost;
        settings.steps = 0;
        const Picture viaHost = takePicture(*scene, options, settings);
        ASSERT_EQ(viaHost.frame.path, DisplayPath::ViaHost);
        const std::vector<float> uploaded = imageTexels();
        ASSERT_EQ(onDevice.size(), uploaded.size());
        EXPECT_EQ(std::memcmp(onDevice.data(), uploaded.data(), onDevice.size() * sizeof(float)), 0)
            << name(kernel);
        EXPECT_EQ(viaHost.image.pixels, interop.image.pixels) << name(kernel);
    }
}

// The fallback chain, each step forced in turn: the shared buffers, the
// mapped one, via host draw the same picture, minified (the view's image)
// and at grid resolution, for every kernel; the shared pair is imported
// once per view size.
TEST_F(Interop, EveryStepOfTheFallbackChainDrawsTheSamePicture) {
    for (const std::optional<GridSize> slide :
         {std::optional<GridSize>{}, std::optional<GridSize>{GridSize{200, 120}}}) {
        options.slide = slide;
        for (Kernel kernel : scene->simulation.backend().stencilKernels()) {
            restartUnstable(kernel);
            FrameSettings settings;
            settings.path = DisplayPath::Interop;
            settings.steps = 30;
            const Picture shared = takePicture(*scene, options, settings);
            ASSERT_EQ(shared.frame.path, DisplayPath::Interop) << scene->view.fallbackReason();
            ASSERT_EQ(shared.frame.interopBuffer, InteropBuffer::Shared)
                << scene->view.sharedFallbackReason();
            settings.steps = 0;
            settings.mapPerFrame = true;
            const Picture mapped = takePicture(*scene, options, settings);
            ASSERT_EQ(mapped.frame.interopBuffer, InteropBuffer::Mapped);
            settings.path = DisplayPath::ViaHost;
            const Picture viaHost = takePicture(*scene, options, settings);
            ASSERT_EQ(viaHost.frame.path, DisplayPath::ViaHost);
            const std::string where = std::string(name(kernel)) + (slide ? ", slide" : ", field");
            EXPECT_EQ(shared.image.pixels, mapped.image.pixels) << where;
            EXPECT_EQ(shared.image.pixels, viaHost.image.pixels) << where;
        }
    }
}

// The window draws the shared buffer written a frame before (latency)
// where that buffer holds what the frame reads. A minified frame writes
// only its view's image, so the frame after it, at one cell a pixel, reads
// cells that buffer lacks: it draws the newest buffer instead (the newest
// field's cells, bit for bit). The frame after that, the same view, draws
// the one before again; a frame whose view moved draws the newest.
TEST_F(Interop, ALatentFrameNeverDrawsABufferWithoutTheValuesItReads) {
    restartUnstable(Kernel::Optimised);
    const GridSize grid = options.settings.params.grid;
    OffscreenTarget target(grid.nx, grid.ny);
    const auto bound = target.bind();
    FrameSettings settings;
    settings.path = DisplayPath::Interop;
    settings.steps = 5;
    settings.displayLatency = true;
    const auto frame = [&](int width, int height) {
        runFrame(scene->simulation, scene->view, scene->renderer, settings, 0, 0, width, height,
                 false);
        return viewTexels();
    };
    frame(grid.nx / 3, grid.ny / 3);
    ASSERT_EQ(scene->view.interopBuffer(), InteropBuffer::Shared)
        << scene->view.sharedFallbackReason();
    ASSERT_TRUE(scene->view.drawn()->image) << "the first frame is minified";
    const std::vector<float> second = frame(grid.nx, grid.ny);
    const std::vector<float> newest = scene->simulation.fieldOnHost();
    ASSERT_EQ(second.size(), newest.size());
    EXPECT_EQ(std::memcmp(second.data(), newest.data(), grid.bytes()), 0);
    const std::vector<float> third = frame(grid.nx, grid.ny);
    EXPECT_EQ(std::memcmp(third.data(), newest.data(), grid.bytes()), 0)
        << "the third frame draws the second's buffer, a frame of latency";
    EXPECT_NE(std::memcmp(third.data(), scene->simulation.fieldOnHost().data(), grid.bytes()), 0);
    settings.view = ViewTransform{{100.0f, 60.0f}, 0.5f};  // moved: other cells
    frame(grid.nx, grid.ny);
    const CellWindow moved = scene->view.drawn()->cells;
    std::vector<float> want(moved.cells());
    copyWindowOf(scene->simulation.fieldOnHost().data(), grid, moved, want.data());
    EXPECT_EQ(viewTexels(), want) << "a moved view draws the newest buffer";
}

// Past the GL's buffer texture limit (2^27 texels): a 16384 x 16384 grid is
// drawn, its display holding the view alone; the interop picture equals the
// via-host one bit for bit, minified, at one cell a pixel and magnified,
// with the loupe.
TEST_F(Interop, AGridPastTheGlsLimitDrawsTheSamePictureOnBothPaths) {
    Params params = options.settings.params;
    params.grid = GridSize{16384, 16384};
    params.r = 0.26f;
    scene->simulation.setParams(params);
    scene->simulation.reset();
    scene->simulation.advance(60);
    OffscreenTarget target(512, 384);
    const auto bound = target.bind();
    for (const std::optional<ViewTransform> view :
         {std::optional<ViewTransform>{}, std::optional<ViewTransform>{{{4096.5f, 4100.0f}, 1.0f}},
          std::optional<ViewTransform>{{{4096.5f, 4100.0f}, 0.125f}}}) {
        std::vector<RgbImage> pictures;
        for (const DisplayPath path : {DisplayPath::Interop, DisplayPath::ViaHost}) {
            FrameSettings settings;
            settings.path = path;
            settings.view = view;
            settings.loupe.shown = true;
            settings.loupe.centre = glm::vec2(4096.5f, 4096.5f);
            const FrameStats frame = runFrame(scene->simulation, scene->view, scene->renderer,
                                              settings, 0, 0, 512, 384, false);
            ASSERT_EQ(frame.path, path) << scene->view.fallbackReason();
            EXPECT_LT(scene->view.glBytes(), std::size_t{64} << 20)
                << "the display holds the view, not the grid's 1 GiB";
            pictures.push_back(target.read());
        }
        EXPECT_EQ(pictures[0].pixels, pictures[1].pixels)
            << (view ? view->cellsPerPixel : 32.0f) << " cells a pixel";
    }
}

TEST_F(Interop, TheSharedBuffersAreImportedOncePerViewSize) {
    FrameSettings settings;
    settings.path = DisplayPath::Interop;
    settings.steps = 3;
    for (int frame = 0; frame < 20; ++frame) {
        takePicture(*scene, options, settings);
    }
    ASSERT_EQ(scene->view.interopBuffer(), InteropBuffer::Shared)
        << scene->view.sharedFallbackReason();
    EXPECT_EQ(scene->view.sharedImports(), 1);
    EXPECT_EQ(scene->view.registrations(), 0);
    options.slide = GridSize{200, 120};  // a view with an image: one more
    for (int frame = 0; frame < 5; ++frame) {
        takePicture(*scene, options, settings);
    }
    EXPECT_EQ(scene->view.sharedImports(), 2);
}

// The mapped buffer is registered once per view size: a picture at one pixel
// a cell is a view of its grid's size, so a new grid (under a tile) is a new
// view.
TEST_F(Interop, TheBufferIsRegisteredOncePerViewSize) {
    FrameSettings settings;
    settings.path = DisplayPath::Interop;
    settings.mapPerFrame = true;
    settings.steps = 3;
    for (int frame = 0; frame < 20; ++frame) {
        takePicture(*scene, options, settings);
    }
    EXPECT_EQ(scene->view.registrations(), 1);
    Params bigger = options.settings.params;
    bigger.grid = GridSize{300, 200};
    scene->simulation.setParams(bigger);
    scene->simulation.reset();
    for (int frame = 0; frame < 5; ++frame) {
        takePicture(*scene, options, settings);
    }
    EXPECT_EQ(scene->view.registrations(), 2);
}

}  // namespace
}  // namespace heatlab
