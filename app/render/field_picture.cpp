#include "app/render/field_picture.h"

#include <cstdio>

#include "app/render/offscreen_target.h"

namespace heatlab {

Picture pictureOfField(Simulation& simulation, FieldView& view, FieldRenderer& renderer,
                       const FrameSettings& settings) {
    const GridSize grid = simulation.params().grid;
    OffscreenTarget target(grid.nx, grid.ny);
    Picture picture;
    {
        const auto bound = target.bind();
        picture.frame =
            runFrame(simulation, view, renderer, settings, 0, 0, grid.nx, grid.ny, false);
    }
    picture.image = target.read();
    picture.range = drawnRange(view, settings);
    picture.text = describePicture(simulation, settings, picture);
    return picture;
}

PngText describePicture(Simulation& simulation, const FrameSettings& settings,
                        const Picture& picture) {
    const Params& p = simulation.params();
    Backend& backend = simulation.backend();
    return {
        {"Software", "heatlab " HEATLAB_VERSION},
        {"heatlab.backend", backend.name() + " (" + backend.deviceName() + ")"},
        {"heatlab.kernel", name(p.kernel)},
        {"heatlab.r", rText(p.r)},
        {"heatlab.steps", std::to_string(simulation.stepCount())},
        {"heatlab.grid", gridText(p.grid)},
        {"heatlab.boundary", name(p.boundary)},
        {"heatlab.initial", name(p.initial)},
        {"heatlab.colormap", name(settings.map)},
        {"heatlab.range", std::string(settings.range.automatic ? "automatic " : "locked ") +
                              numberText(picture.range.lo) + " " + numberText(picture.range.hi)},
        {"heatlab.display-path", name(picture.frame.path)},
        {"heatlab.max-abs", numberText(backend.maxAbs())},
    };
}

std::string pictureNameAfterState(const Params& params, long long step) {
    char digits[32];
    std::snprintf(digits, sizeof digits, "%06lld", step);
    return std::string("heatlab_") + name(params.kernel) + "_r" + rText(params.r) + "_step" +
           digits + ".png";
}

}  // namespace heatlab
