#pragma once
// The seam's input: what a surface's source pushes as it arrives (a
// window's callbacks, a test, a browser's messages) and what the lecture's
// frame takes, in order, once a frame. Holds key taps for a frame
// (KeyTapQueue) and counts the modifiers down, so every source gets both
// alike. One thread: a source on another thread hands its events over to
// the frame's thread before pushing them.

#include <cstddef>
#include <vector>

#include "app/platform/input_event.h"
#include "app/platform/key_tap_queue.h"

namespace heatlab {

class InputQueue {
public:
    // An event as it arrives. A key event's `modifiers` are set here from
    // the modifier keys pressed and released before it; losing the focus
    // lets them all go (a window may not see their release).
    void push(InputEvent event);
    // The events that may go on now, in the order they arrived, each once.
    std::vector<InputEvent> take();
    // A frame has begun and seen the input taken before it: the taps held
    // for it go on at the next take().
    void frameBegan();

    // The modifiers down after the last event pushed.
    int modifiers() const { return modifiers_; }
    // Events pushed and not yet taken, held ones included.
    std::size_t pending() const { return ready_.size() + taps_.held(); }

private:
    KeyTapQueue taps_;
    std::vector<InputEvent> ready_;
    int modifiers_ = 0;
};

}  // namespace heatlab
