#pragma once
// The seam's input events into Dear ImGui's IO, for every surface alike:
// 1.86 (Debian 12) keeps key and button state (io.KeysDown through
// io.KeyMap, io.MouseDown, io.KeyCtrl), 1.89 and later (Debian 13's 1.90)
// take queued events (io.AddKeyEvent and the like). The key tap queue
// (app/platform/key_tap_queue.h) has held each tap for a frame before it
// comes here, so 1.86 sees every one.

#include "app/platform/input_event.h"

namespace heatlab {

class ImGuiInput {
public:
    // Sets the current context's IO up for these events (1.86's key map).
    ImGuiInput();
    // Hands `event` to the current context. Resizes change nothing here:
    // the display's size is given each frame.
    void feed(const InputEvent& event);

private:
    void keyChanged(KeyCode key, bool down);
    // The modifier keys down, by KeyCode's modifier bits: Ctrl is down while
    // either Ctrl key is.
    int modifierKeysDown_ = 0;  // bit per key: left keys' bits, right keys' bits << 4
};

}  // namespace heatlab
