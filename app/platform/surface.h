#pragma once
// What the lecture draws onto and where its input comes from, as one
// interface: a surface of a size (framebuffer pixels and window units) on a
// screen of a scale, with a clock, a clipboard and the queue its input
// arrives in as plain events (InputQueue). Two kinds today: the GLFW window
// (window.h) and the headless surface (headless_surface.h) that `shot --ui`,
// `--cues` and the tests drive in simulated time. Where the frame's pixels
// go is the drawing side's: the window's default framebuffer, or an
// offscreen target on a headless context.

#include <string>

#include "app/platform/input_queue.h"
#include "app/platform/surface_size.h"

namespace heatlab {

// The pointer's look, as Dear ImGui asks for it over what it points at.
enum class PointerShape { Arrow, Text, Hand, ResizeHorizontal, ResizeVertical };

class Surface {
public:
    virtual ~Surface() = default;

    // How large the next frame is.
    virtual SurfaceSize size() const = 0;
    // The screen's scale (1 on a plain screen, 2 on a typical high-DPI one):
    // what text and the panel are scaled by.
    virtual float contentScale() const = 0;
    // Seconds on the surface's clock: the host's for a window, simulated
    // for a headless surface. Dear ImGui's frame time is read from it.
    virtual double seconds() const = 0;
    // Shows the pointer so; a surface with no pointer of its own keeps none.
    virtual void setPointerShape(PointerShape /*shape*/) {}
    // What a text field copied, and pastes.
    virtual std::string clipboard() const = 0;
    virtual void setClipboard(const std::string& text) = 0;

    // The input: the surface's source pushes into it, the frame takes from
    // it (app/ui/lecture/lecture_input.h).
    InputQueue& input() { return input_; }

private:
    InputQueue input_;
};

}  // namespace heatlab
