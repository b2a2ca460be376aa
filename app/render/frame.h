#pragma once
// One displayed frame, the same for the window, the headless `shot` and the
// tests: advance the simulation, bring the newest field into the GlField
// by the chosen display path, and draw it through the renderer into a
// rectangle of the bound framebuffer.

#include <functional>
#include <optional>

#include "app/render/colour_map.h"
#include "app/render/field_renderer.h"
#include "app/render/gl_field.h"
#include "app/render/loupe_layout.h"
#include "app/render/picture_settings.h"
#include "kernels/simulation.h"

namespace heatlab {

// One frame: how it is drawn, how many steps it runs first, and which part
// of the grid it shows.
struct FrameSettings : PictureSettings {
    int steps = 0;  // steps this frame; 0 shows the field as it is
    // Which part of the grid to show; empty: the whole grid, fitted. The
    // surface view (PictureSettings::surface) shows the same part as a mesh.
    std::optional<ViewTransform> view;
    // On the shared buffers, draw the one written a frame before, so the
    // host never waits for this frame's steps (the window); pictures draw
    // the newest.
    bool displayLatency = false;
    // Device work of the caller's to queue after the display update and
    // before the draws (the lecture's measures), so a frame switches from
    // CUDA to GL once, not back and forth.
    std::function<void()> beforeDraw;
    // The loupe over the field (loupe_layout.h): not drawn, or looking at
    // `centre` (a cell coordinate: the window's, from its measures or the
    // cursor), or without one at the strongest checkerboard's spot, found
    // after the frame's steps (waiting for the device: for pictures).
    struct Loupe {
        bool shown = false;
        std::optional<glm::vec2> centre;
    };
    Loupe loupe;
};

// Where a frame's time went, in milliseconds. Filled only by a timed frame,
// which waits for the device and for GL after each part (so the parts add
// up but the pipeline stalls: the window times one frame about once a
// second, `shot --stats` all of its timed ones).
struct FrameStats {
    double stepsMs = 0.0;     // every step but the one that writes the display (device timer)
    int stepsTimed = 0;       // how many steps stepsMs is
    double copyBackMs = 0.0;  // the copy-back policy's copies among them
    double displayMs = 0.0;   // getting the field into the GL buffer (see below)
    double drawMs = 0.0;      // the colour-mapped draw (the surface's, in the surface view)
    double uiMs = 0.0;        // the window's panel drawn over it (LectureUi's); 0 without one
    DisplayPath path = DisplayPath::ViaHost;     // the path that ran
    std::optional<InteropBuffer> interopBuffer;  // interop: which buffer it wrote
    // Interop: how the field reached the buffer (by the last step, or by a
    // copy when the frame had no steps). Via host: empty.
    std::optional<PresentWrite> presentWrite;
    // The loupe's inset as drawn, in the frame's rectangle; empty when none
    // was (not asked for, or no room).
    std::optional<LoupeLayout> loupe;

    double totalMs() const { return stepsMs + copyBackMs + displayMs + drawMs + uiMs; }
};

// The backend's description of what `view` shows in a width x height
// rectangle: pixelToCell()'s, for the view's image.
ViewSampling viewSamplingOf(const ViewTransform& view, int width, int height);

// What the renderer is told of a picture's settings: the one translation,
// for runFrame() and for the tiles of a picture larger than one target.
DrawSettings drawSettingsOf(const PictureSettings& picture);

// Runs one frame. `timed` waits after each part and fills the times. The
// display part is, on the interop path, the frame's last step writing the
// mapped buffer (with map and unmap), and via host the copy of the field to
// host memory and its upload; with a minified view (extremes), the view's
// image made where the field lives besides (Backend::stepAndPresent and
// viewImage), so the draw reads one value a pixel.
FrameStats runFrame(Simulation& simulation, GlField& view, FieldRenderer& renderer,
                    const FrameSettings& settings, int x, int y, int width, int height, bool timed);

// The range a frame drew with: the locked one, or the field's own min and
// max that the GlField holds after the field (centred on zero for the
// diverging map, so white means zero). Reads them back from GL, so it waits
// for the frame: for pictures and their captions, not for every frame.
ValueRange drawnRange(const GlField& view, const FrameSettings& settings);
// The same from a stored min and max already at hand (finishedRange()).
ValueRange drawnRangeOf(const FieldRange& stored, const FrameSettings& settings);

}  // namespace heatlab
