#pragma once
// One displayed frame's settings, as plain data: how it is drawn, how many
// steps it runs first, which part of the grid it shows, and the loupe.
// app/render/frame.h's runFrame() draws them; the lecture's settings make
// them without any GL.

#include <functional>
#include <optional>

#include <glm/glm.hpp>

#include "app/picture/picture_settings.h"
#include "app/picture/view_transform.h"

namespace heatlab {

// One frame: how it is drawn, how many steps it runs first, and which part
// of the grid to show.
struct FrameSettings : PictureSettings {
    int steps = 0;  // steps this frame; 0 shows the field as it is
    // Which part of the grid to show; empty: the whole grid, fitted. The
    // surface view (PictureSettings::surface) shows the same part as a mesh.
    std::optional<ViewTransform> view;
    // The view the display's buffers are made for (kernels/display_layout.h),
    // where larger than the rectangle: a picture drawn in tiles keeps one
    // buffer for its tiles of every size. Empty: the rectangle's.
    std::optional<glm::ivec2> displayRoom;
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

}  // namespace heatlab
