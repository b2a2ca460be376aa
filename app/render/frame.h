#pragma once
// One displayed frame, the same for the window, the headless `shot` and the
// tests: advance the simulation, bring the newest field into the GlField
// by the chosen display path, and draw it through the renderer into a
// rectangle of the bound framebuffer. What a frame is asked for and what it
// reports are plain data (app/picture/frame_settings.h,
// app/picture/frame_stats.h), so the lecture's model holds them without GL.

#include "app/picture/draw_settings.h"
#include "app/picture/frame_settings.h"
#include "app/picture/frame_stats.h"
#include "app/render/field_renderer.h"
#include "app/render/gl_field.h"
#include "kernels/simulation.h"

namespace heatlab {

// Runs one frame. `timed` waits after each part and fills the times. The
// display part writes what the frame draws into the GlField's buffer
// (app/picture/display_plan.h: the cells in view at one cell a pixel or
// more, a minified view's image made where the field lives, the loupe's
// cells, the range): on the interop path behind the frame's last step
// (Backend::stepAndPresent, with map and unmap where the buffer is
// mapped), via host copied to host memory and uploaded (Backend::range,
// copyWindow, viewImage). A view's worth, never the grid's: the draw reads
// one value a pixel.
FrameStats runFrame(Simulation& simulation, GlField& view, FieldRenderer& renderer,
                    const FrameSettings& settings, int x, int y, int width, int height, bool timed);

// The range a frame drew with: the locked one, or the field's own min and
// max that the GlField holds after the field (centred on zero for the
// diverging map, so white means zero). Reads them back from GL, so it waits
// for the frame: for pictures and their captions, not for every frame.
// drawnRangeOf() (app/picture/draw_settings.h) does the same from a min and
// max at hand.
ValueRange drawnRange(const GlField& view, const FrameSettings& settings);

}  // namespace heatlab
