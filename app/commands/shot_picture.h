#pragma once
// What `heatlab shot` draws: the scene it draws with (a headless context,
// the renderer, the field view and the simulation, in the order they must
// be made and die) and the picture of one frame, with the parameters that
// made it for the PNG's text chunks.

#include <memory>

#include "app/io/png_file.h"
#include "app/lecture/run/shot_settings.h"
#include "app/measure/display_stats.h"
#include "app/platform/headless_context.h"
#include "app/render/field_picture.h"
#include "app/render/field_renderer.h"
#include "app/render/frame.h"
#include "app/render/gl_field.h"
#include "kernels/simulation.h"

namespace heatlab {

struct ShotPipeline {
    ShotPipeline(std::unique_ptr<Backend> backend, const Params& params);

    // Declared first: made first, destroyed last, after every GL object.
    HeadlessContext context;
    FieldRenderer renderer;
    GlField view;
    Simulation simulation;
};

// Runs one frame of `settings` into an offscreen picture: the field at the
// grid's own resolution (one pixel per cell, no UI), or with --slide a
// picture of that size holding the fitted field and its colour bar.
Picture takePicture(ShotPipeline& scene, const ShotOptions& options, const FrameSettings& settings);

// The frame a video of the shot records when H.264 cannot take the
// picture's own size: the frame just drawn again (no steps) at width x
// height, the field fitted (extremes sampling keeps a checkerboard visible
// where cells are smaller than pixels) or the slide composed at that size.
RgbImage pictureAtVideoSize(ShotPipeline& scene, const ShotOptions& options,
                            const FrameSettings& settings, int width, int height);

// `shot --stats`: the frames of the field alone measured (measureFrames())
// in a window-sized view.
ShotStats measureShot(ShotPipeline& scene, const ShotOptions& options);

}  // namespace heatlab
