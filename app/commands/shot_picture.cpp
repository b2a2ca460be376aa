#include "app/commands/shot_picture.h"

#include "app/render/slide_picture.h"

namespace heatlab {

ShotScene::ShotScene(std::unique_ptr<Backend> backend, const Params& params)
    : simulation(std::move(backend), params) {}

Picture takePicture(ShotScene& scene, const ShotOptions& o, const FrameSettings& settings) {
    if (!o.slide) {
        return pictureOfField(scene.simulation, scene.view, scene.renderer, settings);
    }
    Picture picture = slidePicture(scene.simulation, scene.view, scene.renderer, settings,
                                   o.slide->nx, o.slide->ny);
    picture.text = describePicture(scene.simulation, settings, picture);
    return picture;
}

}  // namespace heatlab
