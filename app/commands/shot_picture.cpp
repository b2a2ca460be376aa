#include "app/commands/shot_picture.h"

#include <algorithm>
#include <sstream>

#include "app/commands/option_values.h"
#include "app/render/gl_check.h"
#include "app/render/offscreen_target.h"

namespace heatlab {

ShotScene::ShotScene(std::unique_ptr<Backend> backend, const Params& params)
    : simulation(std::move(backend), params) {}

namespace {

std::string number(double value) {
    std::ostringstream text;
    text.precision(6);
    text << value;
    return text.str();
}

// The parameters a slide records, so it says how it was made.
PngText describe(ShotScene& scene, const ShotOptions& o, const Picture& picture) {
    const Params& p = scene.simulation.params();
    Backend& backend = scene.simulation.backend();
    return {
        {"Software", "heatlab " HEATLAB_VERSION},
        {"heatlab.backend", backend.name() + " (" + backend.deviceName() + ")"},
        {"heatlab.kernel", name(p.kernel)},
        {"heatlab.r", rText(p.r)},
        {"heatlab.steps", std::to_string(scene.simulation.stepCount())},
        {"heatlab.grid", gridText(p.grid)},
        {"heatlab.boundary", name(p.boundary)},
        {"heatlab.initial", name(p.initial)},
        {"heatlab.colormap", name(o.map)},
        {"heatlab.range", std::string(o.range.automatic ? "automatic " : "locked ") +
                              number(picture.range.lo) + " " + number(picture.range.hi)},
        {"heatlab.display-path", name(picture.frame.path)},
        {"heatlab.max-abs", number(backend.maxAbs())},
    };
}

}  // namespace

Picture takePicture(ShotScene& scene, const ShotOptions& o, const FrameSettings& settings) {
    const GridSize& grid = scene.simulation.params().grid;
    Picture picture;
    if (!o.slide) {
        OffscreenTarget target(grid.nx, grid.ny);
        {
            const auto bound = target.bind();
            picture.frame = runFrame(scene.simulation, scene.view, scene.renderer, settings, 0, 0,
                                     grid.nx, grid.ny, false);
        }
        picture.image = target.read();
    } else {
        // The field as large as the picture allows with square cells, the
        // colour bar in a strip right of it, the two centred together on the
        // renderer's background.
        const int width = o.slide->nx;
        const int height = o.slide->ny;
        const int margin = std::max(4, height / 24);
        const int barWidth = std::max(8, width / 48);
        const double spareWidth = width - barWidth - 3.0 * margin;
        const double spareHeight = height - 2.0 * margin;
        const double scale = std::min(spareWidth / grid.nx, spareHeight / grid.ny);
        const int fieldWidth = std::max(1, static_cast<int>(grid.nx * scale));
        const int fieldHeight = std::max(1, static_cast<int>(grid.ny * scale));
        const int left = (width - (fieldWidth + margin + barWidth)) / 2;
        const int bottom = (height - fieldHeight) / 2;
        OffscreenTarget target(width, height);
        {
            const auto bound = target.bind();
            glClearColor(kBackground.r / 255.0f, kBackground.g / 255.0f, kBackground.b / 255.0f,
                         1.0f);
            glClear(GL_COLOR_BUFFER_BIT);
            picture.frame = runFrame(scene.simulation, scene.view, scene.renderer, settings, left,
                                     bottom, fieldWidth, fieldHeight, false);
            scene.renderer.drawColourBar(o.map, left + fieldWidth + margin, bottom, barWidth,
                                         fieldHeight);
        }
        picture.image = target.read();
    }
    picture.range = drawnRange(scene.view, settings);
    picture.text = describe(scene, o, picture);
    return picture;
}

}  // namespace heatlab
