#include "app/render/field_picture.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "app/i18n/translation.h"
#include "app/render/gl_limits.h"
#include "app/render/offscreen_target.h"
#include "kernels/base/errors.h"
#include "kernels/numerics/grid_modes.h"

namespace heatlab {

namespace {

// `cellsPerPixel` cells a pixel (1: one cell a pixel), the tile's top left
// pixel at pixel (x, y) of the whole picture, whose cell (0, 0) is at
// `origin` (the picture's top left corner in cells): its centre is exact in
// a float for any grid side.
ViewTransform tileView(int x, int y, int width, int height, int cellsPerPixel, glm::vec2 origin) {
    ViewTransform view;
    const float s = static_cast<float>(cellsPerPixel);
    view.centre = origin + s * glm::vec2(static_cast<float>(x) + 0.5f * static_cast<float>(width),
                                         static_cast<float>(y) + 0.5f * static_cast<float>(height));
    view.cellsPerPixel = s;
    return view;
}

// The largest square tile this GL draws into and whose display buffer
// (kernels/display_layout.h) one buffer texture holds.
int tileSideAllowed() {
    const GlLimits limits = glLimits();
    int side = limits.targetSide;
    while (side > 1 && DisplayLayout{side, side}.floats() >
                           static_cast<std::size_t>(std::max(limits.bufferTexels, 0LL))) {
        side = side * 15 / 16;
    }
    return side;
}

// The surface view has no cell a pixel to keep: one draw of the whole
// grid's surface, the grid's shape, its longer side kMinSurfacePictureSide
// to `side` pixels.
Picture pictureOfSurface(Simulation& simulation, GlField& view, FieldRenderer& renderer,
                         const FrameSettings& settings, int side) {
    const GridSize grid = simulation.params().grid;
    const int longer = std::max(grid.nx, grid.ny);
    const int target = std::clamp(longer, std::min(kMinSurfacePictureSide, side), side);
    const double scale = static_cast<double>(target) / longer;
    const int width = std::max(1, static_cast<int>(std::lround(grid.nx * scale)));
    const int height = std::max(1, static_cast<int>(std::lround(grid.ny * scale)));
    OffscreenTarget offscreen(width, height);
    Picture picture;
    {
        const auto bound = offscreen.bind();
        FrameSettings frame = settings;
        frame.view.reset();  // the whole grid, fitted
        picture.frame = runFrame(simulation, view, renderer, frame, 0, 0, width, height, false);
    }
    picture.image = offscreen.read();
    picture.range = drawnRange(view, settings);
    picture.text = describePicture(simulation, settings, picture);
    return picture;
}

}  // namespace

Picture pictureOfField(Simulation& simulation, GlField& view, FieldRenderer& renderer,
                       const FrameSettings& settings, int maxTileSide, int cellsPerPixel) {
    const GridSize grid = simulation.params().grid;
    const int s = std::max(1, cellsPerPixel);
    if (s == 1) {
        refuseFieldPictureOver(grid);
    }
    const int side = std::min(tileSideAllowed(), maxTileSide > 0 ? maxTileSide : kPictureTileSide);
    if (side < 1) {
        throw RuntimeError(tr("this GL reports no framebuffer size to draw a picture into"));
    }
    if (settings.surface) {
        return pictureOfSurface(simulation, view, renderer, settings, side);
    }
    const int width = (grid.nx + s - 1) / s;
    const int height = (grid.ny + s - 1) / s;
    // The grid centred in the picture's width * s x height * s cells: the
    // few left over split between the edges, so every pixel's centre is on
    // the grid and every cell under one of them.
    const glm::vec2 origin(-0.5f * static_cast<float>(width * s - grid.nx),
                           -0.5f * static_cast<float>(height * s - grid.ny));
    // One target for every tile; a tile at the right or bottom edge draws
    // into its lower left corner. Each tile is a frame of its own view
    // (the first with the steps): the display holds a tile's cells (or
    // its image), never the grid's, in one buffer made for the whole
    // target.
    OffscreenTarget target(std::min(width, side), std::min(height, side));
    Picture picture;
    picture.cellsPerPixel = s;
    picture.image = RgbImage{width, height, {}};
    picture.image.pixels.resize(static_cast<std::size_t>(width) * height * 3);
    FrameSettings frame = settings;
    frame.displayRoom = glm::ivec2(target.width(), target.height());
    bool first = true;
    for (int y = 0; y < height; y += target.height()) {
        for (int x = 0; x < width; x += target.width()) {
            const int w = std::min(target.width(), width - x);
            const int h = std::min(target.height(), height - y);
            frame.view = tileView(x, y, w, h, s, origin);
            {
                const auto bound = target.bind();
                const FrameStats stats =
                    runFrame(simulation, view, renderer, frame, 0, 0, w, h, false);
                if (first) {
                    picture.frame = stats;
                    frame.steps = 0;  // the steps run once, for every tile
                    first = false;
                }
            }
            target.readInto(picture.image, x, y, w, h);
        }
    }
    picture.range = drawnRange(view, settings);
    picture.text = describePicture(simulation, settings, picture);
    return picture;
}

PngText describePicture(Simulation& simulation, const FrameSettings& settings,
                        const Picture& picture) {
    const Params& p = simulation.params();
    Backend& backend = simulation.backend();
    const double r = p.r;
    const double bound = gridStabilityBound(p.grid, p.boundary);
    PngText text{
        {"Software", "heatlab " HEATLAB_VERSION},
        {"heatlab.backend", backend.facts().name + " (" + backend.facts().device + ")"},
        {"heatlab.kernel", name(p.kernel)},
        {"heatlab.r", rText(p.r)},
        {"heatlab.steps", std::to_string(simulation.stepCount())},
        {"heatlab.grid", gridText(p.grid)},
        {"heatlab.boundary", name(p.boundary)},
        {"heatlab.initial", name(p.initial)},
        {"heatlab.colormap", name(settings.map)},
        {"heatlab.scale", name(settings.scale)},
        {"heatlab.range", std::string(settings.range.automatic ? "automatic " : "locked ") +
                              numberText(picture.range.lo) + " " + numberText(picture.range.hi)},
        {"heatlab.display-path", name(picture.frame.path)},
        {"heatlab.max-abs", numberText(backend.maxAbs())},
        {"heatlab.grid-growth", numberText(std::fabs(highestModeFactor(p.grid, p.boundary, r)))},
        {"heatlab.grid-bound", std::isinf(bound) ? "none" : numberText(bound)},
        {"heatlab.infinite-grid-growth", numberText(std::fabs(infiniteGridFactor(r)))},
    };
    if (settings.scale == ColourScale::SignedLog) {
        text.emplace_back("heatlab.scale-reference", numberText(settings.scaleReference));
    }
    if (picture.cellsPerPixel > 1) {
        text.emplace_back("heatlab.cells-per-pixel", std::to_string(picture.cellsPerPixel));
    }
    if (settings.surface) {
        const OrbitCamera& c = settings.camera;
        text.emplace_back("heatlab.surface", "yaw " + numberText(c.yawDegrees) + " pitch " +
                                                 numberText(c.pitchDegrees) + " distance " +
                                                 numberText(c.distance));
    }
    return text;
}

std::string pictureNameAfterState(const Params& params, long long step) {
    char digits[32];
    std::snprintf(digits, sizeof digits, "%06lld", step);
    return std::string("heatlab_") + name(params.kernel) + "_r" + rText(params.r) + "_step" +
           digits + ".png";
}

}  // namespace heatlab
