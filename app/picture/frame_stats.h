#pragma once
// Where one displayed frame's time went, and what it drew, as plain data:
// app/render/frame.h's runFrame() fills it; the panel, the bench's display
// rows and `shot --stats` read it without any GL.

#include <optional>

#include "app/picture/loupe_layout.h"
#include "app/picture/picture_settings.h"
#include "kernels/backend.h"

namespace heatlab {

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

}  // namespace heatlab
