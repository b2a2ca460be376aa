#include "app/commands/shot_picture.h"

#include <glad/gl.h>

#include <algorithm>

#include "app/render/offscreen_target.h"
#include "app/render/slide_picture.h"

namespace heatlab {

namespace {

// A window-sized view: what a lecture screen shows of the grid.
constexpr int kViewSize = 1024;

}  // namespace

ShotPipeline::ShotPipeline(std::unique_ptr<Backend> backend, const Params& params)
    : simulation(std::move(backend), params) {}

Picture takePicture(ShotPipeline& scene, const ShotOptions& o, const FrameSettings& settings) {
    if (!o.slide) {
        return pictureOfField(scene.simulation, scene.view, scene.renderer, settings);
    }
    Picture picture = slidePicture(scene.simulation, scene.view, scene.renderer, settings,
                                   o.slide->nx, o.slide->ny);
    picture.text = describePicture(scene.simulation, settings, picture);
    return picture;
}

RgbImage pictureAtVideoSize(ShotPipeline& scene, const ShotOptions& o,
                            const FrameSettings& settings, int width, int height) {
    FrameSettings again = settings;
    again.steps = 0;
    if (o.slide) {
        return slidePicture(scene.simulation, scene.view, scene.renderer, again, width, height)
            .image;
    }
    again.view.reset();
    OffscreenTarget target(width, height);
    const auto bound = target.bind();
    runFrame(scene.simulation, scene.view, scene.renderer, again, 0, 0, width, height, false);
    return target.read();
}

ShotStats measureShot(ShotPipeline& scene, const ShotOptions& o) {
    const FrameSettings settings =
        frameSettingsOf(o.settings, o.settings.stepsPerFrame, std::nullopt);
    const GridSize& grid = o.settings.params.grid;
    const int viewSize = std::min(kViewSize, std::max(grid.nx, grid.ny));
    OffscreenTarget target(viewSize, viewSize);
    const auto bound = target.bind();
    const FrameRunner frame = [&](bool timed) {
        return runFrame(scene.simulation, scene.view, scene.renderer, settings, 0, 0, viewSize,
                        viewSize, timed);
    };
    // The read back is timed as a picture would be read, its pixels dropped.
    const MeasuredTarget measured{target.width(), target.height(), [] { glFinish(); },
                                  [&target] { target.read(); }};
    ShotStats stats =
        measureFrames(scene.simulation, frame, measured, o.frames, o.settings.stepsPerFrame);
    stats.picture = settings.surface ? "the field as a surface" : "the field";
    stats.context = scene.context.description();
    stats.fallback = scene.view.fallbackReason();
    stats.registrations = scene.view.registrations();
    stats.sharedFallback = scene.view.sharedFallbackReason();
    return stats;
}

}  // namespace heatlab
